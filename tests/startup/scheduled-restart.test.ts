import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from '../support/child-server.js';
import { createBody, participantInput } from '../support/factories.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { call, freePort } from '../support/test-server.js';
import { until } from '../support/until.js';

// Issue 23: a scheduled message survives a killed server: started again, it goes out at its time, once.

describe('a scheduled message and a killed server', () => {
  let sink: SmtpSink;
  const servers: ChildServer[] = [];
  beforeAll(async () => {
    sink = new SmtpSink(await freePort());
    await sink.start();
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await sink.stop();
  });

  it('goes out once at its time after the server was killed and started again', async () => {
    const env = { SMTP_URL: sink.url, MAIL_RATE_PER_SECOND: '1000' };
    const first = await startChildServer(env);
    const created = await call(first, 'POST', '/wizardservice/v1/create', createBody({ languageCode: 'en' }));
    const adminId: string = created.json.runningDinner.adminId;
    for (let i = 0; i < 3; i++) {
      const added = await call(
        first,
        'POST',
        `/participantservice/v1/runningdinner/${adminId}/participant`,
        participantInput({ email: `later${i}@example.org`, firstnamePart: `Later${i}` }),
      );
      expect(added.status, added.text).toBe(200);
    }
    await first.withDatabase((db) =>
      db
        .updateTable('running_dinner')
        .set({ acknowledged_at: new Date().toISOString() })
        .where('admin_id', '=', adminId)
        .execute(),
    );
    const sendAt = new Date(Date.now() + 5_000).toISOString();
    const scheduled = await call(first, 'PUT', `/messageservice/v1/runningdinner/${adminId}/mails/participant`, {
      subject: 'After the crash',
      message: 'Hello {firstname}',
      participantSelection: 'ALL',
      sendAt,
    });
    expect(scheduled.status, scheduled.text).toBe(201);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startChildServer(env, { dataDir: first.dataDir });
    servers.push(second);
    const mails = await until(() => {
      const arrived = sink.mails.filter((m) => m.subject === 'After the crash');
      return arrived.length >= 3 && arrived;
    }, 'the scheduled mails');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const all = sink.mails.filter((m) => m.subject === 'After the crash');
    expect(all.map((m) => m.envelopeTo[0]).sort()).toEqual([
      'later0@example.org',
      'later1@example.org',
      'later2@example.org',
    ]);
    for (const mail of mails) expect(mail.receivedAt).toBeGreaterThanOrEqual(Date.parse(sendAt));
  });
});
