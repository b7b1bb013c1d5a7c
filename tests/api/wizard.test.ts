import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/test-server.js';
import { createBody } from '../support/factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('wizard create', () => {
  it('creates a PUBLIC dinner and answers its admin link', async () => {
    const res = await call(server, 'POST', '/wizardservice/v1/create', createBody());
    expect(res.status).toBe(200);
    expect(res.json.administrationUrl).toBe(`${server.baseUrl}/admin/${res.json.runningDinner.adminId}`);
    expect(res.json.runningDinner.options.meals).toHaveLength(3);
  });
});
