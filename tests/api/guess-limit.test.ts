import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPath, createDinner } from '../support/factories.js';
import { call, GERMAN, startTestServer, type TestServer } from '../support/test-server.js';

const LIMIT = 5;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { GUESS_LIMIT_PER_MINUTE: String(LIMIT) } });
});
afterAll(() => server.stop());

const wrongAdminLink = () => call(server, 'GET', adminPath(crypto.randomUUID()));

/** A GET from another loopback address: another user, as far as the server can tell. */
function getFrom(localAddress: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.baseUrl}/rest${path}`, { localAddress }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('guessing secret links', () => {
  it('answers 429 after too many wrong links in a minute, to that address only, and lets it try again later', async () => {
    const { runningDinner } = await createDinner(server);
    for (let i = 0; i < LIMIT; i++) expect((await wrongAdminLink()).status).toBe(404);

    const refused = await wrongAdminLink();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.json).toEqual({
      code: 'too_many_guesses',
      message: 'Too many wrong links from your address. Please wait a minute and check the link.',
    });
    expect((await call(server, 'GET', adminPath(crypto.randomUUID()), undefined, GERMAN)).json.message).toBe(
      'Zu viele falsche Links von deiner Adresse. Bitte warte eine Minute und prüfe den Link.',
    );
    // Even the right link waits: the address cannot tell its guesses apart from it.
    expect((await call(server, 'GET', adminPath(runningDinner.adminId))).status).toBe(429);

    expect(await getFrom('127.0.0.2', adminPath(runningDinner.adminId))).toBe(200);
    expect(await getFrom('127.0.0.2', adminPath(crypto.randomUUID()))).toBe(404);

    server.clock.advance(61_000);
    expect((await call(server, 'GET', adminPath(runningDinner.adminId))).status).toBe(200);
  });

  it('counts only wrong links, not the right ones', async () => {
    server.clock.advance(61_000);
    const { runningDinner } = await createDinner(server);
    for (let i = 0; i < LIMIT * 3; i++)
      expect((await call(server, 'GET', adminPath(runningDinner.adminId))).status).toBe(200);
  });
});
