import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPath, registrationForm } from '../support/factories.js';
import { onPostgres } from '../support/postgres.js';
import { createPublicDinner } from '../support/registration.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('concurrent registrations', () => {
  it('store 200 distinct addresses and one of 20 equal ones, numbered 1..201 without gaps, and never answer 500', async () => {
    const { id, publicDinnerId } = await createPublicDinner(server);
    const path = publicPath(publicDinnerId, '/register');
    const distinct = Array.from({ length: 200 }, (_, i) =>
      registrationForm({ email: `gast${i}@example.org`, lastname: `Gast ${i}` }),
    );
    // The same address in other letters and with spaces is the same person.
    const same = Array.from({ length: 20 }, (_, i) =>
      registrationForm({ email: i % 2 ? ' Doppelt@Example.org' : 'doppelt@example.org', lastname: `Doppelt ${i}` }),
    );
    const forms = distinct.flatMap((form, i) => (i % 10 === 0 ? [form, same[i / 10]] : [form]));

    const answers = await Promise.all(forms.map((form) => call(server, 'POST', path, form)));

    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(201);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.status).toBe(406);
      expect(answer.json).toEqual({
        issues: [{ field: 'email', message: 'This e-mail address is already registered for this running dinner' }],
      });
    }

    const rows = await server.deps.db
      .selectFrom('participant')
      .select(['participant_number', 'email'])
      .where('running_dinner_id', '=', id)
      .orderBy('participant_number')
      .execute();
    expect(rows.map((r) => r.participant_number)).toEqual(Array.from({ length: 201 }, (_, i) => i + 1));
    expect(rows.filter((r) => r.email === 'doppelt@example.org')).toHaveLength(1);
    expect(new Set(rows.map((r) => r.email)).size).toBe(201);
    const mails = await server.deps.db
      .selectFrom('message_task')
      .select('id')
      .where('running_dinner_id', '=', id)
      .where('participant_id', 'is not', null)
      .execute();
    expect(mails).toHaveLength(201);
    if (!onPostgres) {
      const integrity = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(server.deps.db);
      expect(integrity.rows).toEqual([{ integrity_check: 'ok' }]);
    }
  });
});
