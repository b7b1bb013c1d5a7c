import { afterEach, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from '../support/child-server.js';

// Issue 20, finding 10: the per-address limits are kept in the database, on SQLite too, so a restart hands out no
// fresh allowance (on PostgreSQL the restarted server finds the same database as well).

const LIMITED = { GUESS_LIMIT_PER_MINUTE: '3' };
const unknownLink = () => fetch(`${server.baseUrl}/rest/runningdinnerservice/v1/runningdinner/${crypto.randomUUID()}`);
let server: ChildServer;

afterEach(() => server.stop());

describe('the per-address limits across a restart', () => {
  it('an address that reached the guess limit is still refused after the server restarted on the same data', async () => {
    server = await startChildServer(LIMITED);
    for (let i = 0; i < 3; i++) expect((await unknownLink()).status).toBe(404);
    expect((await unknownLink()).status).toBe(429);

    await server.stop({ keepData: true });
    server = await startChildServer(LIMITED, { dataDir: server.dataDir });
    const afterRestart = await unknownLink();
    expect(afterRestart.status).toBe(429);
    expect(Number(afterRestart.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});
