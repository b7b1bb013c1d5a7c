import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from '../support/child-server.js';
import { createBody, participantInput } from '../support/factories.js';
import { freshPostgresDatabase, onPostgres, type TestDatabase, testPostgresUrl } from '../support/postgres.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { call, freePort } from '../support/test-server.js';
import { until } from '../support/until.js';

// Issue 23: a scheduled message starts on whichever instance looks first, and only once.

describe.runIf(onPostgres)('a scheduled message with two instances', () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  let a: ChildServer;
  let b: ChildServer;

  beforeAll(async () => {
    database = await freshPostgresDatabase(testPostgresUrl()!);
    sink = new SmtpSink(await freePort());
    await sink.start();
    const env = { DATABASE_URL: database.url, SMTP_URL: sink.url, MAIL_RATE_PER_SECOND: '1000' };
    [a, b] = await Promise.all([startChildServer(env), startChildServer(env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sink?.stop();
    await database?.drop();
  });

  it('goes out once, though both instances look for it', async () => {
    const created = await call(a, 'POST', '/wizardservice/v1/create', createBody({ languageCode: 'en' }));
    const adminId: string = created.json.runningDinner.adminId;
    for (let i = 0; i < 6; i++) {
      const added = await call(
        i % 2 ? b : a,
        'POST',
        `/participantservice/v1/runningdinner/${adminId}/participant`,
        participantInput({ email: `once${i}@example.org`, firstnamePart: `Once${i}` }),
      );
      expect(added.status, added.text).toBe(200);
    }
    await a.withDatabase((db) =>
      db
        .updateTable('running_dinner')
        .set({ acknowledged_at: new Date().toISOString() })
        .where('admin_id', '=', adminId)
        .execute(),
    );
    // Both instances find it due at the same moment: b scheduled it and woke a through the database.
    const scheduled = await call(b, 'PUT', `/messageservice/v1/runningdinner/${adminId}/mails/participant`, {
      subject: 'Once only',
      message: 'Hello {firstname}',
      participantSelection: 'ALL',
      sendAt: new Date(Date.now() + 3_000).toISOString(),
    });
    expect(scheduled.status, scheduled.text).toBe(201);
    await until(() => sink.mails.filter((m) => m.subject === 'Once only').length >= 6, 'the mails');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const tasks = await a.withDatabase((db) =>
      db.selectFrom('message_task').select('recipient_email').where('subject', '=', 'Once only').execute(),
    );
    expect(tasks).toHaveLength(6);
    expect(sink.mails.filter((m) => m.subject === 'Once only')).toHaveLength(6);
  });
});
