import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/local-dates.js';
import { expectIssues } from '../support/bilingual.js';
import { afterParty, createBody, inDays } from '../support/factories.js';
import { call, type RequestHeaders, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const date = inDays(30);
const basics = (changes: Record<string, unknown> = {}) => ({
  title: 'Dinner',
  city: 'Freiburg',
  zip: '79100',
  date,
  registrationType: 'PUBLIC',
  languageCode: 'de',
  ...changes,
});
const meals = () => createBody({ date }).options.meals;
const options = (changes: Record<string, unknown> = {}) => ({ ...createBody({ date }).options, ...changes });
const publicSettings = (changes: Record<string, unknown> = {}) => ({
  ...createBody({ date }).publicSettings,
  ...changes,
});
const without = (o: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

const validateBasics = (body: unknown) => call(server, 'PUT', '/wizardservice/v1/validate/basicdetails', body);
const validateOptions = (body: unknown, query = `?runningDinnerDate=${date}`) =>
  call(server, 'PUT', `/wizardservice/v1/validate/options${query}`, body);
const validatePublic = (body: unknown, query = `?runningDinnerDate=${date}`) =>
  call(server, 'PUT', `/wizardservice/v1/validate/publicsettings${query}`, body);
const validateAfterParty = (body: unknown) =>
  call(server, 'PUT', '/wizardservice/v1/validate/afterpartylocation', body);
const create = (body: unknown) => (headers: RequestHeaders) =>
  call(server, 'POST', '/wizardservice/v1/create', body, headers);

const issue = (field: string, message: string) => ({ issues: [{ field, message }] });

describe('validating the basic details', () => {
  it('accepts complete basic details', async () => {
    const res = await validateBasics(basics());
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ valid: true });
  });

  it.each(['title', 'city', 'zip', 'date', 'registrationType'])('requires the %s', async (field) => {
    const res = await validateBasics(without(basics(), field));
    expect(res.status).toBe(406);
    expect(res.json).toEqual(issue(field, 'Required field'));
  });

  it('treats a title of blanks as missing', async () => {
    expect((await validateBasics(basics({ title: '   ' }))).json).toEqual(issue('title', 'Required field'));
  });

  it('refuses a title over 255 characters', async () => {
    expect((await validateBasics(basics({ title: 'x'.repeat(256) }))).json).toEqual(
      issue('title', 'Maximum number of characters exceeded'),
    );
  });

  it('requires at least 4 digits in the zip code', async () => {
    const res = await validateBasics(basics({ zip: 'D-791' }));
    expect(res.status).toBe(406);
    expect(res.json).toEqual(issue('zip', 'The zip code must contain at least 4 digits'));
    expect((await validateBasics(basics({ zip: 'D-7910' }))).status).toBe(200);
  });

  it('refuses a date in the past and accepts today', async () => {
    const res = await validateBasics(basics({ date: inDays(-1) }));
    expect(res.status).toBe(406);
    expect(res.json).toEqual(issue('date', 'The date of the dinner must not be in the past'));
    expect((await validateBasics(basics({ date: inDays(0) }))).status).toBe(200);
  });

  it('accepts the date as an array [year, month, day]', async () => {
    const [y, m, d] = date.split('-').map(Number);
    expect((await validateBasics(basics({ date: [y, m, d] }))).status).toBe(200);
  });

  it('refuses a date that does not exist', async () => {
    expect((await validateBasics(basics({ date: '2027-02-30' }))).json).toEqual(
      issue('date', 'Please enter a valid date'),
    );
  });

  it('refuses an unknown registration type as an invalid value', async () => {
    expect((await validateBasics(basics({ registrationType: 'SECRET' }))).json).toEqual(
      issue('registrationType', 'Invalid value'),
    );
  });

  it('names an unknown field', async () => {
    const res = await validateBasics(basics({ teamPartnerWish: true }));
    expect(res.status).toBe(406);
    expect(res.json).toEqual(issue('teamPartnerWish', 'Unknown field'));
  });
});

describe('validating the options', () => {
  it('accepts three meals on the day of the dinner', async () => {
    const res = await validateOptions(options());
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ valid: true });
  });

  it('accepts two meals', async () => {
    expect((await validateOptions(options({ meals: meals().slice(0, 2) }))).status).toBe(200);
  });

  it.each([1, 4])('refuses %i meals', async (count) => {
    const list = [...meals(), { label: 'Mitternachtssnack', time: `${date}T23:30` }].slice(0, count);
    const res = await validateOptions(options({ meals: list }));
    expect(res.status).toBe(406);
    expect(res.json).toEqual(issue('meals', 'A running dinner has 2 or 3 meals'));
  });

  it('requires a label for each meal', async () => {
    const list = meals();
    list[1] = { label: '', time: list[1].time };
    expect((await validateOptions(options({ meals: list }))).json).toEqual(issue('meals.1.label', 'Required field'));
  });

  it('requires each meal on the day of the dinner', async () => {
    const list = meals();
    list[0] = { label: 'Vorspeise', time: `${addDays(date, -1)}T19:00` };
    const res = await validateOptions(options({ meals: list }));
    expect(res.status).toBe(406);
    expect(res.json).toEqual(issue('meals.0.time', 'The meal must take place on the day of the dinner'));
  });

  it('requires each meal to start after the previous one', async () => {
    const list = meals();
    list[2] = { label: 'Nachspeise', time: `${date}T21:00` };
    expect((await validateOptions(options({ meals: list }))).json).toEqual(
      issue('meals.2.time', 'Each meal must start after the previous one'),
    );
  });

  it('accepts a meal time as an array [year, month, day, hour, minute, second]', async () => {
    const [y, m, d] = date.split('-').map(Number);
    const list = [
      { label: 'Vorspeise', time: [y, m, d, 18, 30, 0] },
      { label: 'Hauptgericht', time: [y, m, d, 20, 30, 0] },
    ];
    expect((await validateOptions(options({ meals: list }))).status).toBe(200);
  });

  it('accepts zip restrictions as a comma list with ranges', async () => {
    expect((await validateOptions(options({ zipRestrictions: '79100-79115, 79117,79098' }))).status).toBe(200);
  });

  it('lists every invalid zip restriction in one issue', async () => {
    const res = await validateOptions(options({ zipRestrictions: '79100, abc, 79115-79100, 123, 79117-79118' }));
    expect(res.status).toBe(406);
    expect(res.json).toEqual(issue('zipRestrictions', 'Invalid zip codes: abc, 79115-79100, 123'));
  });

  it('allows teams of 2 only', async () => {
    expect((await validateOptions(options({ teamSize: 3 }))).json).toEqual(
      issue('teamSize', 'Teams consist of 2 people'),
    );
  });

  it('needs the date of the dinner as a query parameter', async () => {
    const res = await validateOptions(options(), '');
    expect(res.status).toBe(406);
    expect(res.json).toEqual(issue('runningDinnerDate', 'The date of the dinner (runningDinnerDate) is missing'));
  });

  it('names the query parameter when the date of the dinner is not a date', async () => {
    const res = await validateOptions(options(), '?runningDinnerDate=soon');
    expect(res.status).toBe(406);
    expect(res.json).toEqual(issue('runningDinnerDate', 'Please enter a valid date'));
  });

  it('names an unknown field', async () => {
    expect((await validateOptions(options({ maxParticipants: 40 }))).json).toEqual(
      issue('maxParticipants', 'Unknown field'),
    );
  });
});

describe('validating the public settings', () => {
  it('accepts complete public settings', async () => {
    const res = await validatePublic(publicSettings());
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ valid: true });
  });

  it.each(['title', 'description', 'publicContactName', 'publicContactEmail'])('requires the %s', async (field) => {
    expect((await validatePublic(without(publicSettings(), field))).json).toEqual(issue(field, 'Required field'));
  });

  it('requires a valid contact e-mail address', async () => {
    expect((await validatePublic(publicSettings({ publicContactEmail: 'orga@' }))).json).toEqual(
      issue('publicContactEmail', 'Invalid e-mail address'),
    );
  });

  it('accepts the end of registration on the day of the dinner', async () => {
    expect((await validatePublic(publicSettings({ endOfRegistrationDate: date }))).status).toBe(200);
  });

  it('refuses an end of registration after the dinner', async () => {
    const res = await validatePublic(publicSettings({ endOfRegistrationDate: addDays(date, 1) }));
    expect(res.status).toBe(406);
    expect(res.json).toEqual(
      issue('endOfRegistrationDate', 'The end of registration must not be after the date of the dinner'),
    );
  });

  it('needs the date of the dinner as a query parameter', async () => {
    expect((await validatePublic(publicSettings(), '')).json).toEqual(
      issue('runningDinnerDate', 'The date of the dinner (runningDinnerDate) is missing'),
    );
  });
});

describe('validating the after-party location', () => {
  it('accepts a complete location', async () => {
    const res = await validateAfterParty(afterParty(`${date}T23:59`));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ valid: true });
  });

  it.each(['time', 'street', 'streetNr', 'zip', 'cityName'])('requires the %s', async (field) => {
    expect((await validateAfterParty(without(afterParty(`${date}T23:59`), field))).json).toEqual(
      issue(field, 'Required field'),
    );
  });

  it('refuses a time that is not a time', async () => {
    expect((await validateAfterParty(afterParty('late'))).json).toEqual(issue('time', 'Please enter a valid time'));
  });

  it('names an unknown field', async () => {
    expect((await validateAfterParty({ ...afterParty(`${date}T23:59`), dj: 'yes' })).json).toEqual(
      issue('dj', 'Unknown field'),
    );
  });
});

describe('answering every problem at once', () => {
  const zipDigits = {
    en: 'The zip code must contain at least 4 digits',
    de: 'Die Postleitzahl muss mindestens 4 Ziffern enthalten',
  };
  const dateInPast = {
    en: 'The date of the dinner must not be in the past',
    de: 'Das Datum des Dinners darf nicht in der Vergangenheit liegen',
  };
  const invalidEmail = { en: 'Invalid e-mail address', de: 'Ungültige E-Mail-Adresse' };
  const endAfterDinner = {
    en: 'The end of registration must not be after the date of the dinner',
    de: 'Der Anmeldeschluss darf nicht nach dem Datum des Dinners liegen',
  };

  it('names a wrong zip and a date in the past of a new dinner together', async () => {
    const body = createBody({ date: inDays(-1) });
    body.basicDetails.zip = 'D-791';
    await expectIssues(create(body), [
      { field: 'basicDetails.zip', ...zipDigits },
      { field: 'basicDetails.date', ...dateInPast },
    ]);
  });

  it('names a bad contact e-mail and an end of registration after the dinner of a new dinner together', async () => {
    const body = createBody({ date });
    body.publicSettings.publicContactEmail = 'orga@';
    body.publicSettings.endOfRegistrationDate = addDays(date, 1);
    await expectIssues(create(body), [
      { field: 'publicSettings.publicContactEmail', ...invalidEmail },
      { field: 'publicSettings.endOfRegistrationDate', ...endAfterDinner },
    ]);
  });

  it('names every problem of the basic details and of the public settings steps together', async () => {
    await expectIssues(
      (headers) =>
        call(
          server,
          'PUT',
          '/wizardservice/v1/validate/basicdetails',
          basics({ zip: 'D-791', date: inDays(-1) }),
          headers,
        ),
      [
        { field: 'zip', ...zipDigits },
        { field: 'date', ...dateInPast },
      ],
    );
    const settings = publicSettings({ publicContactEmail: 'orga@', endOfRegistrationDate: addDays(date, 1) });
    await expectIssues(
      (headers) =>
        call(server, 'PUT', `/wizardservice/v1/validate/publicsettings?runningDinnerDate=${date}`, settings, headers),
      [
        { field: 'publicContactEmail', ...invalidEmail },
        { field: 'endOfRegistrationDate', ...endAfterDinner },
      ],
    );
  });

  it('checks the meals against a valid date while another field of the basic details fails', async () => {
    const body = createBody({ date });
    body.basicDetails.title = '';
    body.options.meals[2].time = `${date}T20:00`;
    const res = await create(body)({});
    expect(res.status).toBe(406);
    expect(res.json.issues).toEqual([
      { field: 'basicDetails.title', message: 'Required field' },
      { field: 'options.meals.2.time', message: 'Each meal must start after the previous one' },
    ]);
  });

  it('leaves out the rules on a date that did not parse', async () => {
    const body = { ...createBody({ date }), basicDetails: { ...createBody({ date }).basicDetails, date: 'soon' } };
    const res = await create(body)({});
    expect(res.json.issues).toEqual([{ field: 'basicDetails.date', message: 'Please enter a valid date' }]);
  });
});
