import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';
import { useTestServer } from '../support/use-test-server.js';

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

describe('the operator of the server', () => {
  const configured = useTestServer({
    env: {
      OPERATOR_NAME: 'Dinnerverein Wiehre e. V.',
      OPERATOR_ADDRESS: 'Habsburgerstraße 12, 79104 Freiburg',
      OPERATOR_EMAIL: 'kontakt@dinnerverein.example',
      OPERATOR_DONATION_URL: 'https://dinnerverein.example/spenden',
    },
  });

  it('is what OPERATOR_* say, the privacy contact falling back to the operator address; unset, every field is null', async () => {
    expect((await call(configured, 'GET', '/masterdataservice/v1/operator')).json).toEqual({
      name: 'Dinnerverein Wiehre e. V.',
      address: 'Habsburgerstraße 12, 79104 Freiburg',
      email: 'kontakt@dinnerverein.example',
      donationUrl: 'https://dinnerverein.example/spenden',
      privacyContact: 'kontakt@dinnerverein.example',
    });
    expect(loadConfig({ PRIVACY_CONTACT: 'datenschutz@dinnerverein.example' }).operator.privacyContact).toBe(
      'datenschutz@dinnerverein.example',
    );
    expect(loadConfig({}).operator).toEqual({
      name: null,
      address: null,
      email: null,
      donationUrl: null,
      privacyContact: null,
    });
    expect(() => loadConfig({ OPERATOR_DONATION_URL: 'http://insecure.example' })).toThrow(/OPERATOR_DONATION_URL/);
  });
});
