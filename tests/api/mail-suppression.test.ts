import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageTask } from '../../contract/messages.js';
import { participantInput, participantsPath } from '../support/factories.js';
import { confirmOrganiser, startServerWithSmtpSink, stopServerWithSmtpSink } from '../support/mail-server.js';
import type { SmtpSink } from '../support/smtp-sink.js';
import { dinnerWithParticipants, type TeamDinner } from '../support/teams.js';
import { call, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

// Issue 23: an address that failed for good (a 550, a bounce or complaint reported later) is not mailed again
// blindly: the event's later jobs write a SUPPRESSED task for it, until the organiser corrects or clears it.

const TOKEN = 'webhook-secret-0123456789';
const messagesPath = (adminId: string, suffix: string) => `/messageservice/v1/runningdinner/${adminId}${suffix}`;

describe('an address mail failed at for good', () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    ({ server, sink } = await startServerWithSmtpSink({
      MAIL_RATE_PER_SECOND: '1000',
      MAIL_CONCURRENCY: '4',
      MAIL_WEBHOOK_TOKEN: TOKEN,
    }));
  });
  afterAll(() => stopServerWithSmtpSink({ server, sink }));

  async function readyDinner(): Promise<{ dinner: TeamDinner; emails: string[] }> {
    const dinner = await dinnerWithParticipants(server, 3);
    await confirmOrganiser(server, dinner.id);
    const rows = await server.deps.db
      .selectFrom('participant')
      .select(['id', 'email'])
      .where('running_dinner_id', '=', dinner.id)
      .orderBy('participant_number')
      .execute();
    return { dinner, emails: rows.map((r) => r.email) };
  }

  /** Sends a participant message to all and answers its tasks once none is waiting any more. */
  async function job(dinner: TeamDinner, subject: string): Promise<MessageTask[]> {
    const res = await call(server, 'PUT', messagesPath(dinner.adminId, '/mails/participant'), {
      subject,
      message: 'Hallo {firstname}',
      participantSelection: 'ALL',
    });
    expect(res.status, res.text).toBe(201);
    return until(async () => {
      const tasks: MessageTask[] = (
        await call(server, 'GET', messagesPath(dinner.adminId, `/messagetasks/${res.json.id}`))
      ).json;
      return tasks.length === 3 && tasks.every((t) => t.sendingStatus === 'SENDING_FINISHED') && tasks;
    }, `the tasks of ${subject}`);
  }
  const failureOf = (tasks: MessageTask[], email: string) =>
    tasks.find((t) => t.recipientEmail === email)?.sendingResult.failureType;
  const mailState = (dinner: TeamDinner, participantId: string) =>
    call(server, 'GET', participantsPath(dinner.adminId, `/participant/${participantId}/mailstate`));

  it('is SUPPRESSED after a 550 in the next job — never tried, not sent — and mailed again at its corrected address', async () => {
    const { dinner, emails } = await readyDinner();
    const [unknown] = emails;
    const [unknownId] = dinner.participantIds;
    sink.rejectRecipients.add(unknown);

    expect(failureOf(await job(dinner, 'Job 1'), unknown)).toBe('INVALID_EMAIL');
    expect(sink.rejected).toBe(1);
    expect((await mailState(dinner, unknownId)).json).toEqual({
      undeliverable: { failureType: 'INVALID_EMAIL', since: expect.any(String) },
    });

    const second = await job(dinner, 'Job 2');
    expect(failureOf(second, unknown)).toBe('SUPPRESSED');
    expect(sink.rejected).toBe(1);
    expect(
      sink.mails
        .filter((m) => m.subject === 'Job 2')
        .map((m) => m.envelopeTo[0])
        .sort(),
    ).toEqual(emails.slice(1).sort());

    const corrected = 'richtig@example.org';
    const edit = await call(
      server,
      'PUT',
      participantsPath(dinner.adminId, `/participant/${unknownId}`),
      participantInput({ email: corrected }),
    );
    expect(edit.status, edit.text).toBe(200);
    const third = await job(dinner, 'Job 3');
    expect(failureOf(third, corrected)).toBeNull();
    await sink.waitFor((m) => m.subject === 'Job 3' && m.envelopeTo[0] === corrected);
  });

  it('is SUPPRESSED after a reported bounce, until the organiser tries the address again', async () => {
    const { dinner, emails } = await readyDinner();
    const [, bounced] = emails;
    const bouncedId = dinner.participantIds[1];
    await job(dinner, 'Job A');
    const task = await server.deps.db
      .selectFrom('message_task')
      .select('message_id')
      .where('recipient_email', '=', bounced)
      .executeTakeFirstOrThrow();
    const reported = await call(
      server,
      'POST',
      '/mail/events',
      { messageId: task.message_id, type: 'BOUNCE', description: 'mailbox full for good' },
      { Authorization: `Bearer ${TOKEN}` },
    );
    expect(reported.status, reported.text).toBe(200);
    expect(failureOf(await job(dinner, 'Job B'), bounced)).toBe('SUPPRESSED');

    const cleared = await call(
      server,
      'DELETE',
      participantsPath(dinner.adminId, `/participant/${bouncedId}/mailstate`),
    );
    expect(cleared.json).toEqual({ undeliverable: null });
    expect((await mailState(dinner, bouncedId)).json).toEqual({ undeliverable: null });
    expect(failureOf(await job(dinner, 'Job C'), bounced)).toBeNull();
    await sink.waitFor((m) => m.subject === 'Job C' && m.envelopeTo[0] === bounced);
  });
});
