import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_LOCK_KEY } from '../../db/connection.js';
import { type ChildServer, confirmOrganiserIn, startChildServer } from '../support/child-server.js';
import { createDinner, publicPath, registrationForm } from '../support/factories.js';
import { onPostgres } from '../support/postgres.js';
import { call } from '../support/test-server.js';
import { until } from '../support/until.js';

// Reliability 9: another writer holding the database never reaches a user as a 500. The server runs as its own
// process, because SQLite's wait for the lock blocks the thread that waits. On PostgreSQL another session holds the
// lock every write transaction takes (db/connection.ts), and writers wait for it as long as SQLite's busy timeout.

let server: ChildServer;
let publicDinnerId: string;
beforeAll(async () => {
  server = await startChildServer();
  const { runningDinner } = await createDinner(server);
  publicDinnerId = runningDinner.publicSettings.publicDinnerId;
  await confirmOrganiserIn(server, runningDinner.adminId);
});
afterAll(() => server.stop());

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Another connection takes the write lock, as a second writer would, and commits when released. Answers once the
 * lock is held, since the requests of a test must come after it.
 */
async function lockHeld(): Promise<{ release: () => Promise<void> }> {
  if (onPostgres) {
    const other = new pg.Client(server.databaseUrl ?? undefined);
    await other.connect();
    await other.query('begin');
    await other.query('select pg_advisory_xact_lock($1)', [WRITE_LOCK_KEY]);
    return {
      release: async () => {
        await other.query('commit');
        await other.end();
      },
    };
  }
  const sqlite = new Database(server.databaseFile);
  sqlite.exec('BEGIN IMMEDIATE');
  sqlite.exec('CREATE TABLE IF NOT EXISTS lock_probe (at INTEGER); INSERT INTO lock_probe VALUES (1)');
  return {
    release: async () => {
      sqlite.exec('COMMIT');
      sqlite.close();
    },
  };
}

const registerAs = (email: string) =>
  call(server, 'POST', publicPath(publicDinnerId, '/register'), registrationForm({ email }));
const participantsNamed = (pattern: string) =>
  server.withDatabase(
    async (db) => (await db.selectFrom('participant').select('id').where('email', 'like', pattern).execute()).length,
  );

async function mailsSent(): Promise<void> {
  await until(
    async () =>
      (
        await server.withDatabase((db) =>
          db.selectFrom('message_task').select('id').where('status', '!=', 'SENT').execute(),
        )
      ).length === 0,
    'the mails sent',
  );
}

describe('a database locked by another writer', () => {
  it('makes registrations wait within the busy timeout instead of failing', async () => {
    const lock = await lockHeld();
    const answered = Promise.all(Array.from({ length: 10 }, (_, i) => registerAs(`wartend${i}@example.org`)));
    await delay(1_500);
    await lock.release();
    const answers = await answered;
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await participantsNamed('wartend%')).toBe(10);
  });

  it('answers 503 with Retry-After past the busy timeout, stores nothing, and works again afterwards', async () => {
    // Nothing else may be waiting for the lock meanwhile (the mails of the registrations above), or its wait would come first.
    await mailsSent();
    // Held until the answer came, however long a busy machine takes to bring the request to its wait.
    const lock = await lockHeld();
    const answer = await registerAs('zu.lange@example.org');
    await lock.release();
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({
      code: 'database_busy',
      message: 'The server is busy at the moment. Nothing was changed; please try again in a few seconds.',
    });
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await participantsNamed('zu.lange%')).toBe(0);
    const again = await registerAs('zu.lange@example.org');
    expect(again.status, server.output().slice(-3000)).toBe(200);
  }, 30_000);
});
