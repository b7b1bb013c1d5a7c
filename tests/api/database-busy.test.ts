import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { createDinner, publicPath, registrationForm } from '../support/factories.js';
import { call } from '../support/test-server.js';
import { onPostgres } from '../support/postgres.js';

// Reliability 9: another writer holding the database never reaches a user as a 500. The server runs as its own
// process, because SQLite's wait for the lock blocks the thread that waits.

let server: ChildServer;
let publicDinnerId: string;
beforeAll(async () => {
  if (onPostgres) return;
  server = await startChildServer();
  ({
    runningDinner: {
      publicSettings: { publicDinnerId },
    },
  } = await createDinner(server));
});
afterAll(() => server?.stop());

/**
 * Another connection writes and holds the write lock, as a second writer would, and commits after `ms`: a
 * transaction that read before the commit can then no longer write.
 */
function holdWriteLock(ms: number): Promise<void> {
  const other = new Database(server.databaseFile);
  other.exec('BEGIN IMMEDIATE');
  other.exec('CREATE TABLE IF NOT EXISTS lock_probe (at INTEGER); INSERT INTO lock_probe VALUES (1)');
  return new Promise((resolve) =>
    setTimeout(() => {
      other.exec('COMMIT');
      other.close();
      resolve();
    }, ms),
  );
}

const registerAs = (email: string) => call(server, 'POST', publicPath(publicDinnerId, '/register'), registrationForm({ email }));
const participantsNamed = (pattern: string) => {
  const db = new Database(server.databaseFile, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM participant WHERE email LIKE ?').get(pattern) as { n: number }).n;
  } finally {
    db.close();
  }
};

async function mailsSent(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const db = new Database(server.databaseFile, { readonly: true });
    const waiting = (db.prepare("SELECT count(*) AS n FROM message_task WHERE status != 'SENT'").get() as { n: number }).n;
    db.close();
    if (waiting === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the mails were not sent');
}

// SQLite's lock on the file; PostgreSQL's writers wait for the same time (lock_timeout) and are answered alike.
describe.skipIf(onPostgres)('a database locked by another writer', () => {
  it('makes registrations wait within the busy timeout instead of failing', async () => {
    const released = holdWriteLock(3_000);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => registerAs(`wartend${i}@example.org`)));
    await released;
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(participantsNamed('wartend%')).toBe(10);
  });

  it('answers 503 with Retry-After past the busy timeout, stores nothing, and works again afterwards', async () => {
    // Nothing else may be waiting for the lock meanwhile (the mails of the registrations above), or its wait would come first.
    await mailsSent();
    const released = holdWriteLock(9_000);
    const answer = await registerAs('zu.lange@example.org');
    await released;
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({ code: 'database_busy', message: 'The server is busy at the moment. Nothing was changed; please try again in a few seconds.' });
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(participantsNamed('zu.lange%')).toBe(0);
    expect((await registerAs('zu.lange@example.org')).status).toBe(200);
  }, 30_000);
});
