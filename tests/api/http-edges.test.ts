import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPath, afterParty, createBody, createDinner, inDays } from '../support/factories.js';
import { CLIENT_STUB_HTML, call, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer();
  adminId = (await createDinner(server)).runningDinner.adminId;
});
afterAll(() => server.stop());

const NOT_FOUND = { code: 'not_found', message: 'Not found: the link is wrong or the running dinner no longer exists' };
const date = inDays(30);
/** Every admin route with a body that would be accepted for a real dinner. */
const ADMIN_ROUTES: [string, string, unknown?][] = [
  ['GET', ''],
  ['GET', '/activities'],
  ['PUT', '/meals', { meals: createBody({ date }).options.meals }],
  ['PUT', '/basicsettings', { basicDetails: createBody({ date }).basicDetails }],
  ['PUT', '/publicsettings', createBody({ date }).publicSettings],
  ['PUT', '/publicsettings/registration/true'],
  ['PUT', '/publicsettings/registration/false'],
  ['PUT', '/acknowledge/00000000-0000-4000-8000-000000000000'],
  ['PUT', '/resend-runningdinner-created-message', {}],
  ['PUT', '/afterpartylocation', afterParty(`${date}T23:59`)],
  ['DELETE', '/afterpartylocation'],
  ['DELETE', ''],
  ['GET', '/participants/registrations'],
];

describe('a wrong admin id', () => {
  const wrongIds = () => [
    crypto.randomUUID(),
    'garbage',
    adminId.slice(0, -1),
    adminId.slice(0, 8),
    `${adminId}x`,
    "' OR 1=1 --",
    adminId.toUpperCase().replace(/./, 'Z'),
  ];

  it('answers the same 404 body on every admin route', async () => {
    for (const [method, suffix, body] of ADMIN_ROUTES) {
      for (const id of wrongIds()) {
        const path =
          suffix === '/participants/registrations'
            ? `/participantservice/v1/runningdinner/${encodeURIComponent(id)}${suffix}`
            : adminPath(encodeURIComponent(id), suffix);
        const res = await call(server, method, path, body);
        expect({ method, suffix, id, status: res.status, json: res.json }).toEqual({
          method,
          suffix,
          id,
          status: 404,
          json: NOT_FOUND,
        });
      }
    }
  });

  it('answers 404 before looking at the body', async () => {
    const res = await call(server, 'PUT', adminPath(crypto.randomUUID(), '/meals'), 'not json', {
      'Content-Type': 'text/plain',
    });
    expect(res.status).toBe(404);
    expect(res.json).toEqual(NOT_FOUND);
  });

  it('leaves the real dinner untouched', async () => {
    const res = await call(server, 'GET', adminPath(adminId));
    expect(res.json.cancellationDate).toBeNull();
    expect(res.json.publicSettings.registrationDeactivated).toBe(false);
  });
});

describe('bad request bodies', () => {
  it('answers 400 to malformed JSON', async () => {
    const res = await call(server, 'PUT', '/wizardservice/v1/validate/basicdetails', '{"name":');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: 'malformed_json', message: 'The request body is not valid JSON' });
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const res = await call(
      server,
      'POST',
      '/wizardservice/v1/create',
      JSON.stringify({ ...createBody(), padding: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ code: 'payload_too_large', message: 'The request body is larger than 1 MiB' });
  });

  it('answers 415 to JSON sent as text/plain', async () => {
    const res = await call(server, 'POST', '/wizardservice/v1/create', JSON.stringify(createBody()), {
      'Content-Type': 'text/plain',
    });
    expect(res.status).toBe(415);
    expect(res.json).toEqual({
      code: 'unsupported_media_type',
      message: 'The request body must be JSON (Content-Type: application/json)',
    });
  });

  it('answers 406 to a body that is not an object', async () => {
    const res = await call(server, 'PUT', '/wizardservice/v1/validate/basicdetails', '"dinner"');
    expect(res.status).toBe(406);
    expect(res.json).toEqual({ issues: [{ message: 'Invalid value' }] });
  });

  it('answers 406 naming the field to a nested value that is not an object', async () => {
    const res = await call(server, 'POST', '/wizardservice/v1/create', { ...createBody(), options: 'default' });
    expect(res.json).toEqual({ issues: [{ field: 'options', message: 'Invalid value' }] });
  });

  it('stores quotes, SQL, RTL marks and emoji as sent', async () => {
    const title = `Robert'); DROP TABLE running_dinner;-- \u202Eevil\u202C 🍝 "quoted" end`;
    const body = createBody();
    const created = await createDinner(server, { ...body, basicDetails: { ...body.basicDetails, title } });
    expect(created.runningDinner.basicDetails.title).toBe(title);
    expect((await call(server, 'GET', adminPath(created.runningDinner.adminId))).json.basicDetails.title).toBe(title);
  });

  it('refuses a NUL byte, not with a 500', async () => {
    const body = createBody();
    const res = await call(server, 'POST', '/wizardservice/v1/create', {
      ...body,
      basicDetails: { ...body.basicDetails, title: 'Dinner \u0000 end' },
    });
    expect(res.status).toBe(406);
    expect(res.json).toEqual({
      issues: [{ field: 'basicDetails.title', message: 'Line breaks and control characters are not allowed here' }],
    });
  });

  it('refuses 10 kB of text by length, not with a 500', async () => {
    const body = createBody();
    const res = await call(server, 'POST', '/wizardservice/v1/create', {
      ...body,
      basicDetails: { ...body.basicDetails, title: 'ä'.repeat(10_000) },
    });
    expect(res.status).toBe(406);
    expect(res.json).toEqual({
      issues: [{ field: 'basicDetails.title', message: 'Maximum number of characters exceeded' }],
    });
  });
});

describe('paths of the API', () => {
  it.each([
    '/rest/nothing',
    '/rest/',
    '/resources/app.js',
    '/sse/runningdinner/x',
    '/REST/masterdataservice/v1/nothing',
    '/Sse',
    '/rest/runningdinnerservice/v1/runningdinner',
  ])('never fall through to the HTML page: %s', async (path) => {
    const res = await fetch(`${server.baseUrl}${path}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ code: 'not_found', message: expect.any(String) });
  });

  it('an unknown path below a real admin id is a JSON 404', async () => {
    const res = await call(server, 'GET', adminPath(adminId, '/nothing'));
    expect(res.status).toBe(404);
    expect(res.json).toEqual(NOT_FOUND);
  });

  it('a client route answers the HTML page', async () => {
    const res = await fetch(`${server.baseUrl}/running-dinner-wizard/options`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(CLIENT_STUB_HTML);
  });

  it('API answers carry no-store, noindex and no-referrer', async () => {
    for (const res of [
      await call(server, 'GET', adminPath(adminId)),
      await call(server, 'GET', adminPath(crypto.randomUUID())),
      await call(server, 'GET', '/masterdataservice/v1/registrationtypes'),
    ]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('the admin page carries no-store, noindex and no-referrer', async () => {
    const res = await fetch(`${server.baseUrl}/admin/${adminId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('the language of messages', () => {
  const invalid = { title: '' };
  const requiredIn = async (headers: Record<string, string>, query = '') =>
    (await call(server, 'PUT', `/wizardservice/v1/validate/basicdetails${query}`, invalid, headers)).json.issues.find(
      (i: { field: string }) => i.field === 'title',
    ).message;

  it('is English for Accept-Language en', async () => {
    expect(await requiredIn({ 'Accept-Language': 'en-GB,en;q=0.9' })).toBe('Required field');
  });

  it('follows the lang query over the cookie and the cookie over Accept-Language', async () => {
    expect(await requiredIn({ 'Accept-Language': 'de', Cookie: 'lang=en' })).toBe('Required field');
    expect(await requiredIn({ 'Accept-Language': 'de', Cookie: 'lang=de' }, '?lang=en')).toBe('Required field');
  });

  it('takes the first supported language of Accept-Language', async () => {
    expect(await requiredIn({ 'Accept-Language': 'fr-FR,fr;q=0.9,en;q=0.8' })).toBe('Required field');
  });

  it('is German for Accept-Language de, the lang cookie de or ?lang=de', async () => {
    expect(await requiredIn({ 'Accept-Language': 'de-DE,de;q=0.9' })).toBe('Pflichtfeld');
    expect(await requiredIn({ 'Accept-Language': 'en', Cookie: 'lang=de' })).toBe('Pflichtfeld');
    expect(await requiredIn({ 'Accept-Language': 'en' }, '?lang=de')).toBe('Pflichtfeld');
    expect(await requiredIn({ 'Accept-Language': 'fr-FR,fr;q=0.9,de;q=0.8,en;q=0.7' })).toBe('Pflichtfeld');
    expect(await requiredIn({ 'Accept-Language': 'de;q=0.5,en;q=0.9' })).toBe('Required field');
    const notFound = await call(server, 'GET', adminPath(crypto.randomUUID()), undefined, { 'Accept-Language': 'de' });
    expect(notFound.json.message).toBe(
      'Nicht gefunden: Der Link ist falsch oder das Running Dinner gibt es nicht mehr',
    );
  });
});
