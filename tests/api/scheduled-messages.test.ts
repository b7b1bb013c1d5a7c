import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageJob } from '../../contract/messages.js';
import { expectIssues } from '../support/bilingual.js';
import { participantInput, participantsPath } from '../support/factories.js';
import { confirmOrganiser, startServerWithSmtpSink, stopServerWithSmtpSink } from '../support/mail-server.js';
import type { SmtpSink } from '../support/smtp-sink.js';
import { dinnerWithParticipants, type TeamDinner } from '../support/teams.js';
import { call, type RequestHeaders, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

// Issue 23: send later. A scheduled job waits without tasks, is written from the data as it is when it starts, and
// can be moved or cancelled until then.

const messagesPath = (adminId: string, suffix: string) => `/messageservice/v1/runningdinner/${adminId}${suffix}`;
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

describe('a scheduled message', () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    ({ server, sink } = await startServerWithSmtpSink({ MAIL_RATE_PER_SECOND: '1000', MAIL_CONCURRENCY: '4' }));
  });
  afterAll(() => stopServerWithSmtpSink({ server, sink }));

  async function readyDinner(count = 3): Promise<TeamDinner> {
    const dinner = await dinnerWithParticipants(server, count);
    await confirmOrganiser(server, dinner.id);
    return dinner;
  }
  const schedule = (dinner: TeamDinner, subject: string, sendAt: string, query = false) =>
    call(
      server,
      'PUT',
      messagesPath(dinner.adminId, `/mails/participant${query ? `?sendAt=${encodeURIComponent(sendAt)}` : ''}`),
      {
        subject,
        message: 'Hallo {firstname}',
        participantSelection: 'ALL',
        ...(query ? {} : { sendAt }),
      },
    );
  const received = (subject: string) => sink.mails.filter((m) => m.subject === subject);

  it('sends nothing before its time and everything after, written from the data as it is then', async () => {
    const dinner = await readyDinner();
    const sendAt = inSeconds(4);
    const res = await schedule(dinner, 'Später', sendAt);
    expect(res.status, res.text).toBe(201);
    const job: MessageJob = res.json;
    expect(job).toMatchObject({ sendingStatus: 'SCHEDULED', sendAt, numberOfMessageTasks: 0 });
    const tasks = await server.deps.db
      .selectFrom('message_task')
      .select('id')
      .where('message_job_id', '=', job.id)
      .execute();
    expect(tasks).toEqual([]);

    // Renamed after scheduling: the mail greets the new name.
    const [first] = dinner.participantIds;
    const renamed = await call(
      server,
      'PUT',
      participantsPath(dinner.adminId, `/participant/${first}`),
      participantInput({ firstnamePart: 'Umbenannt', email: 'umbenannt@example.org' }),
    );
    expect(renamed.status, renamed.text).toBe(200);

    const listed: MessageJob[] = (
      await call(server, 'GET', messagesPath(dinner.adminId, '/messagejobs?messageType=PARTICIPANT'))
    ).json;
    expect(listed.find((j) => j.id === job.id)).toMatchObject({ sendingStatus: 'SCHEDULED', sendAt });

    const mails = await until(() => received('Später').length === 3 && received('Später'), 'the 3 mails');
    for (const mail of mails) expect(mail.receivedAt).toBeGreaterThanOrEqual(Date.parse(sendAt));
    expect(mails.find((m) => m.envelopeTo[0] === 'umbenannt@example.org')?.text).toContain('Hallo Umbenannt');
    const done: MessageJob = await until(async () => {
      const now: MessageJob = (await call(server, 'GET', messagesPath(dinner.adminId, `/messagejobs/${job.id}`))).json;
      return now.sendingStatus === 'SENDING_FINISHED' && now;
    }, 'the job to finish');
    expect(done).toMatchObject({ sendingStatus: 'SENDING_FINISHED', numberOfMessageTasks: 3, sendingFailed: false });
  });

  it('sends nothing once cancelled, goes out at its new time once moved, and can be neither after it started', async () => {
    const dinner = await readyDinner();
    const cancelled: MessageJob = (await schedule(dinner, 'Abgesagt', inSeconds(2), true)).json;
    expect(cancelled.sendingStatus).toBe('SCHEDULED');
    const moved: MessageJob = (await schedule(dinner, 'Verschoben', inSeconds(60))).json;

    expect((await call(server, 'DELETE', messagesPath(dinner.adminId, `/messagejobs/${cancelled.id}`))).status).toBe(
      204,
    );
    const soon = inSeconds(2);
    const rescheduled = await call(server, 'PUT', messagesPath(dinner.adminId, `/messagejobs/${moved.id}/schedule`), {
      sendAt: soon,
    });
    expect(rescheduled.json).toMatchObject({ id: moved.id, sendingStatus: 'SCHEDULED', sendAt: soon });

    await until(() => received('Verschoben').length === 3, 'the moved job');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(received('Abgesagt')).toEqual([]);
    expect((await call(server, 'GET', messagesPath(dinner.adminId, `/messagejobs/${cancelled.id}`))).status).toBe(404);

    const late = await call(server, 'DELETE', messagesPath(dinner.adminId, `/messagejobs/${moved.id}`));
    expect(late.status).toBe(409);
    expect(late.json.code).toBe('message_job_started');
    const tooLate = await call(server, 'PUT', messagesPath(dinner.adminId, `/messagejobs/${moved.id}/schedule`), {
      sendAt: inSeconds(60),
    });
    expect(tooLate.status).toBe(409);
  });

  it('refuses a time in the past or no time at all with 406 on sendAt, and writes no job', async () => {
    const dinner = await readyDinner();
    const scheduleAt = (sendAt: string) => (headers: RequestHeaders) =>
      call(
        server,
        'PUT',
        messagesPath(dinner.adminId, '/mails/participant'),
        { subject: 'Vorbei', message: 'Hallo', participantSelection: 'ALL', sendAt },
        headers,
      );
    await expectIssues(scheduleAt(inSeconds(-60)), [
      {
        field: 'sendAt',
        en: 'The time to send must lie in the future',
        de: 'Der Zeitpunkt zum Verschicken muss in der Zukunft liegen',
      },
    ]);
    await expectIssues(scheduleAt('morgen'), [
      { field: 'sendAt', en: 'Please enter a valid time', de: 'Bitte gib eine gültige Uhrzeit ein' },
    ]);
    const jobs = (await call(server, 'GET', messagesPath(dinner.adminId, '/messagejobs?messageType=PARTICIPANT'))).json;
    expect(jobs).toEqual([]);
  });

  it('reads a time without an offset in the event’s time zone', async () => {
    const dinner = await readyDinner();
    const local = '2099-06-01T18:30';
    const job: MessageJob = (await schedule(dinner, 'Ortszeit', local)).json;
    // Europe/Berlin in June is UTC+2.
    expect(job.sendAt).toBe('2099-06-01T16:30:00.000Z');
    expect((await call(server, 'DELETE', messagesPath(dinner.adminId, `/messagejobs/${job.id}`))).status).toBe(204);
  });
});
