import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageJob } from '../../contract/messages.js';
import { type ChildServer, startChildServer } from '../support/child-server.js';
import { createBody, participantInput } from '../support/factories.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { openSse, received } from '../support/sse-client.js';
import { call, freePort } from '../support/test-server.js';
import { until } from '../support/until.js';

const RECIPIENTS = 300;
const CONCURRENCY = 4;

/** Sets columns of the event straight in its database (the API has no way to fake the organiser's confirmation). */
async function acknowledgeAll(server: ChildServer): Promise<void> {
  await server.withDatabase((db) =>
    db.updateTable('running_dinner').set({ acknowledged_at: new Date().toISOString() }).execute(),
  );
}

describe('a server killed in the middle of a 300-mail job', () => {
  let sink: SmtpSink;
  let first: ChildServer;
  let second: ChildServer | undefined;
  beforeAll(async () => {
    sink = new SmtpSink(await freePort());
    await sink.start();
  });
  afterAll(async () => {
    await second?.stop();
    await sink.stop();
  });

  it('finishes the job after a restart: one distinct Message-ID per recipient, duplicates at most the mails in flight', async () => {
    // On PostgreSQL the new process cannot know that the claims of the killed one are dead: it takes them up once
    // their lease ran out (120 s unless set). SQLite has only one instance and puts them back at the start.
    const env = {
      SMTP_URL: sink.url,
      MAIL_RATE_PER_SECOND: '60',
      MAIL_CONCURRENCY: String(CONCURRENCY),
      CLAIM_LEASE_SECONDS: '3',
    };
    first = await startChildServer(env);
    const created = await call(first, 'POST', '/wizardservice/v1/create', {
      ...createBody({ languageCode: 'en' }),
      email: 'organiser@example.org',
    });
    expect(created.status, created.text).toBe(200);
    const adminId: string = created.json.runningDinner.adminId;
    for (let i = 0; i < RECIPIENTS; i++) {
      const res = await call(
        first,
        'POST',
        `/participantservice/v1/runningdinner/${adminId}/participant`,
        participantInput({ email: `guest${i}@example.org`, firstnamePart: `Guest${i}` }),
      );
      expect(res.status, res.text).toBe(200);
    }
    await acknowledgeAll(first);

    const sent = await call(first, 'PUT', `/messageservice/v1/runningdinner/${adminId}/mails/participant`, {
      subject: 'Crash test',
      message: 'Hello {firstname}',
      participantSelection: 'ALL',
    });
    expect(sent.status, sent.text).toBe(201);
    const job: MessageJob = sent.json;
    const ofJob = () => sink.mails.filter((m) => m.subject === 'Crash test');
    await until(() => ofJob().length >= RECIPIENTS / 2, 'half of the mails');
    // The mail server stops answering, so the kill lands in the middle however slowly a busy machine runs the
    // server, with mails in flight: the server hands them over but dies before it hears they were taken.
    sink.holdAll = true;
    await until(() => sink.held > 0, 'a mail in flight');
    first.child.kill('SIGKILL');
    await first.exited;
    expect(ofJob().length).toBeLessThan(RECIPIENTS);
    sink.holdAll = false;
    sink.acceptHeld();

    second = await startChildServer(env, { dataDir: first.dataDir });
    const stream = await openSse(second, `/messageservice/v1/runningdinner/${adminId}/messagejobs`);
    expect(stream.status).toBe(200);
    await stream.until((s) => received(s).some((e) => e.type === 'finished' && e.data.messageJobId === job.id), 30_000);
    const last = received(stream)
      .filter((e) => e.data.messageJobId === job.id)
      .at(-1)!;
    expect(last.data).toMatchObject({
      total: RECIPIENTS,
      sent: RECIPIENTS,
      failed: 0,
      queued: 0,
      sendingStatus: 'SENDING_FINISHED',
    });
    stream.close();

    const mails = ofJob();
    const recipients = new Set(mails.map((m) => m.to));
    expect(recipients.size).toBe(RECIPIENTS);
    const idsOf = new Map<string, Set<string>>();
    for (const mail of mails) idsOf.set(mail.to, (idsOf.get(mail.to) ?? new Set()).add(mail.messageId));
    // A mail handed over twice (in flight at the kill) carries its one Message-ID both times.
    expect([...idsOf.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(RECIPIENTS);
    expect(mails.length - RECIPIENTS).toBeLessThanOrEqual(CONCURRENCY);
  }, 300_000);
});
