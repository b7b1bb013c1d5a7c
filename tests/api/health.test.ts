import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.js';
import { onPostgres } from '../support/postgres.js';
import { startTestServer } from '../support/test-server.js';
import { useTestServer } from '../support/use-test-server.js';

// Issue 14: a container runtime and a load balancer ask /healthz whether this instance can serve: 200 while its
// database answers, 503 once it cannot, never from a cache, without any link or scope.

const server = useTestServer();

/** kysely opens a destroyed database again on its next query unless it was used before, so it is used first. */
async function closedSqlite(file: string) {
  const db = openDatabase({ file });
  await sql`select 1`.execute(db);
  await db.destroy();
  return db;
}

const probe = async (baseUrl: string) => {
  const res = await fetch(`${baseUrl}/healthz`);
  return { status: res.status, body: await res.json(), headers: res.headers };
};

describe('GET /healthz', () => {
  it('answers 200 {"status":"ok"} while the database answers, never cached, with the security headers', async () => {
    const res = await probe(server.baseUrl);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers 503 {"status":"unavailable"} while the database does not answer, and 200 again once it does', async () => {
    // Destroying the server's own database would also break its stop (the mail sender puts mail back in the queue
    // there), so the server is handed a database that refuses every query for a moment: on the PostgreSQL run a
    // port where nothing listens, else a closed SQLite file.
    const own = await startTestServer();
    const gone = onPostgres
      ? openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none' })
      : await closedSqlite(path.join(own.dataDir, 'gone.sqlite'));
    const db = own.deps.db;
    try {
      own.deps.db = gone;
      const down = await probe(own.baseUrl);
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ status: 'unavailable' });
      expect(down.headers.get('cache-control')).toBe('no-store');
      own.deps.db = db;
      expect((await probe(own.baseUrl)).status).toBe(200);
    } finally {
      own.deps.db = db;
      if (onPostgres) await gone.destroy();
      await own.stop();
    }
  });
});
