import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createBody } from '../support/factories.js';
import { freshPostgresDatabase, onPostgres, type TestDatabase, testPostgresUrl } from '../support/postgres.js';
import { TcpRelay } from '../support/tcp-relay.js';
import { call, freePort, startTestServer, type TestServer } from '../support/test-server.js';

// Reliability 34: a failure after the commit is never answered "nothing was changed". The database connection breaks
// between the commit of an event's creation and the read of the answer (right after the commit, when the creation mail
// is queued): the answer says the change was saved and names the new event's administration link, and a retry with the
// same Idempotency-Key answers that event instead of creating a second one. On PostgreSQL the connection is cut by a
// relay (503: the database is out of reach); on SQLite the app's database handle is closed (500).

const NOTHING_CHANGED = /nothing was changed/i;
const create = (server: Pick<TestServer, 'baseUrl'>, key: string, body: unknown = createBody()) =>
  call(server, 'POST', '/wizardservice/v1/create', body, { 'Idempotency-Key': key });

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  cleanups = [];
});

async function server(env: Record<string, string> = {}) {
  const started = await startTestServer({ env });
  cleanups.push(() => started.stop());
  return started;
}

/** A server whose database connection the test can break: through a relay on PostgreSQL, by closing it on SQLite. */
async function breakableServer() {
  if (!onPostgres) {
    const started = await server();
    return {
      server: started,
      breakDatabase: () => void started.deps.db.destroy(),
      mendDatabase: async () => undefined,
    };
  }
  const database: TestDatabase = await freshPostgresDatabase(testPostgresUrl()!);
  const direct = new URL(database.url);
  const relay = new TcpRelay(await freePort(), { host: direct.hostname, port: Number(direct.port) });
  await relay.open();
  cleanups.push(async () => {
    await relay.cut();
    await database.drop();
  });
  const relayed = new URL(database.url);
  relayed.port = String(relay.port);
  return {
    server: await server({ DATABASE_URL: relayed.toString() }),
    breakDatabase: () => void relay.cut(),
    mendDatabase: () => relay.open(),
  };
}

const dinnersIn = async (server: TestServer) => {
  if (onPostgres)
    return (await server.deps.db.selectFrom('running_dinner').select('admin_id').execute()).map((row) => row.admin_id);
  const file = new Database(server.deps.config.databaseFile, { readonly: true });
  try {
    return (file.prepare('SELECT admin_id FROM running_dinner').all() as { admin_id: string }[]).map(
      (row) => row.admin_id,
    );
  } finally {
    file.close();
  }
};

describe('a creation whose answer fails after the commit', () => {
  it('says the event was saved and names it, and the retry with the same key answers that event', async () => {
    const { server: first, breakDatabase, mendDatabase } = await breakableServer();
    first.deps.mailQueue.once('queued', breakDatabase);

    const failed = await create(first, 'retry-after-lost-answer');

    expect(failed.status, failed.text).toBe(onPostgres ? 503 : 500);
    expect(failed.json.code).toBe('saved_but_unanswered');
    expect(failed.json.message).toMatch(/was saved/);
    expect(failed.json.message).not.toMatch(NOTHING_CHANGED);
    const adminId = new URL(failed.json.administrationUrl).pathname
      .split('/')
      .find((part: string) => /^[0-9a-f-]{36}$/.test(part));
    expect(adminId).toBeDefined();

    await mendDatabase();
    // On SQLite the closed handle stays closed: a new server on the same file, as after a restart.
    const again = onPostgres ? first : await server({ DATA_DIR: first.dataDir });
    const retried = await create(again, 'retry-after-lost-answer');
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json.runningDinner.adminId).toBe(adminId);
    expect(await dinnersIn(again)).toEqual([adminId]);
  });
});

describe('Idempotency-Key on creation', () => {
  it('answers the first event to a repeated key, without counting the repeat as a creation', async () => {
    const s = await server({ EVENT_CREATIONS_PER_CLIENT_PER_HOUR: '1' });
    const first = await create(s, 'double-click');
    const second = await create(s, 'double-click');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.json.runningDinner.adminId).toBe(first.json.runningDinner.adminId);
    expect(second.json.administrationUrl).toBe(first.json.administrationUrl);
    // The one creation this address may make per hour was used by the first request only: a new key is refused.
    expect((await create(s, 'another-event')).status).toBe(429);
    expect(await dinnersIn(s)).toHaveLength(1);
  });

  it('makes one event of two requests racing with one key', async () => {
    const s = await server();
    const answers = await Promise.all([create(s, 'race'), create(s, 'race')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[1]!.json.runningDinner.adminId).toBe(answers[0]!.json.runningDinner.adminId);
    expect(await dinnersIn(s)).toHaveLength(1);
  });

  it("never answers another creator's event: the key counts per address", async () => {
    const s = await server();
    const mine = await create(s, 'same-key');
    const theirs = await create(s, 'same-key', {
      ...createBody(),
      email: 'someone-else@example.org',
      contract: { ...createBody().contract, email: 'someone-else@example.org' },
    });
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.json.runningDinner.adminId).not.toBe(mine.json.runningDinner.adminId);
    expect(await dinnersIn(s)).toHaveLength(2);
  });

  it('refuses a key that is not a printable token, naming the header', async () => {
    const s = await server();
    const answer = await create(s, 'x'.repeat(201));
    expect(answer.status).toBe(406);
    expect(answer.json.issues.map((issue: { field: string }) => issue.field)).toEqual(['Idempotency-Key']);
  });
});
