import { describe, expect, it } from 'vitest';
import { adminPath } from '../support/factories.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Reliability 29: behind a reverse proxy every request comes from the proxy's address; with TRUST_PROXY the
// per-address limits count the client the proxy names, so one guesser never locks out everyone else.

const LIMIT = 5;
const guessFrom = (server: TestServer, forwardedFor: string) =>
  call(server, 'GET', adminPath(crypto.randomUUID()), undefined, { 'X-Forwarded-For': forwardedFor });

async function withServer(env: Record<string, string>, test: (server: TestServer) => Promise<void>) {
  const server = await startTestServer({ env: { GUESS_LIMIT_PER_MINUTE: String(LIMIT), ...env } });
  try {
    await test(server);
  } finally {
    await server.stop();
  }
}

describe('TRUST_PROXY on', () => {
  it('limits the guessing client the proxy names and nobody else behind the same proxy', () =>
    withServer({ TRUST_PROXY: 'on' }, async (server) => {
      for (let i = 0; i < LIMIT; i++) expect((await guessFrom(server, '203.0.113.7')).status).toBe(404);
      expect((await guessFrom(server, '203.0.113.7')).status).toBe(429);
      expect((await guessFrom(server, '203.0.113.8')).status).toBe(404);
    }));

  it('counts the hop the proxy appended, not what the client claimed before it', () =>
    withServer({ TRUST_PROXY: 'on' }, async (server) => {
      for (let i = 0; i < LIMIT; i++) expect((await guessFrom(server, `10.0.0.${i}, 203.0.113.7`)).status).toBe(404);
      expect((await guessFrom(server, '10.0.0.99, 203.0.113.7')).status).toBe(429);
    }));
});

describe('TRUST_PROXY off (the default)', () => {
  it('ignores X-Forwarded-For, so a guesser cannot escape the limit by inventing addresses', () =>
    withServer({}, async (server) => {
      for (let i = 0; i < LIMIT; i++) expect((await guessFrom(server, `203.0.113.${i}`)).status).toBe(404);
      expect((await guessFrom(server, '203.0.113.200')).status).toBe(429);
    }));
});
