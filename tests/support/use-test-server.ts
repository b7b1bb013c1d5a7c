import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './test-server.js';

// Apart from test-server.ts, which the Playwright specs reach through the factories: they must not load vitest.

/**
 * The test file's server: started before its tests and stopped after them. The object is filled in by the
 * file's `beforeAll`, so tests and hooks can use it as it is.
 */
export function useTestServer(options: Parameters<typeof startTestServer>[0] = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(options));
  });
  afterAll(() => server.stop());
  return server;
}
