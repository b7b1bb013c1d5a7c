import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('master data', () => {
  it('lists the three registration types', async () => {
    const res = await call(server, 'GET', '/masterdataservice/v1/registrationtypes');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ value: 'CLOSED' }, { value: 'OPEN' }, { value: 'PUBLIC' }]);
  });

  it('lists the three gender aspects', async () => {
    const res = await call(server, 'GET', '/masterdataservice/v1/genderaspects');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { value: 'FORCE_GENDER_MIX' },
      { value: 'FORCE_SAME_GENDER' },
      { value: 'IGNORE_GENDER' },
    ]);
  });
});
