import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from '../support/child-server.js';
import { createBody, participantInput } from '../support/factories.js';
import { freshPostgresDatabase, onPostgres, type TestDatabase, testPostgresUrl } from '../support/postgres.js';
import { call } from '../support/test-server.js';

// Issue 20, finding 3: the daily allowance of an event was checked before the write transaction, so concurrent jobs
// through two instances all passed it. Each instance counts under the write lock now.

describe.runIf(onPostgres)("an event's daily mail allowance across two instances", () => {
  let database: TestDatabase;
  let a: ChildServer;
  let b: ChildServer;

  beforeAll(async () => {
    database = await freshPostgresDatabase(testPostgresUrl()!);
    const env = { DATABASE_URL: database.url, MAIL_MAX_PER_EVENT_PER_DAY: '20', GEOCODER_URL: 'off' };
    [a, b] = await Promise.all([startChildServer(env), startChildServer(env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it('accepts one of 12 jobs of 10 recipients sent at once through both instances against an allowance of 20', async () => {
    const created = await call(a, 'POST', '/wizardservice/v1/create', {
      ...createBody({ languageCode: 'en' }),
      email: 'organiser@example.org',
    });
    expect(created.status, created.text).toBe(200);
    const adminId: string = created.json.runningDinner.adminId;
    for (let i = 0; i < 10; i++) {
      const added = await call(
        a,
        'POST',
        `/participantservice/v1/runningdinner/${adminId}/participant`,
        participantInput({ email: `guest${i}@example.org`, firstnamePart: `Guest${i}` }),
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
    const message = { subject: 'At once', message: 'Hello {firstname}', participantSelection: 'ALL' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(i % 2 ? b : a, 'PUT', `/messageservice/v1/runningdinner/${adminId}/mails/participant`, message),
      ),
    );
    // The creation mail took one of the 20: one job of 10 fits, a second would make 21.
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(11).fill(409)]);
    const tasks = await a.withDatabase((db) =>
      db.selectFrom('message_task').select('id').where('subject', '=', 'At once').execute(),
    );
    expect(tasks).toHaveLength(10);
  });
});
