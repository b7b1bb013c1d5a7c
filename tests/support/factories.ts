import type { CreateRunningDinnerResponse } from '../../contract/dinner.js';
import { addDays, todayIn } from '../../domain/local-dates.js';
import { call, type TestServer } from './test-server.js';

/** A date `days` from today, as the wire wants it. */
export const inDays = (days: number) => addDays(todayIn('Europe/Berlin'), days);

/** A complete, valid create body (PUBLIC, 3 meals) that a test changes where it needs to. */
export function createBody(
  overrides: {
    date?: string;
    registrationType?: 'CLOSED' | 'OPEN' | 'PUBLIC';
    runningDinnerType?: 'STANDARD' | 'DEMO';
    languageCode?: 'de' | 'en';
  } = {},
) {
  const date = overrides.date ?? inDays(30);
  return {
    email: 'orga@example.org',
    runningDinnerType: overrides.runningDinnerType ?? 'STANDARD',
    basicDetails: {
      title: 'Weihnachtsdinner Wiehre',
      city: 'Freiburg',
      zip: '79100',
      date,
      registrationType: overrides.registrationType ?? 'PUBLIC',
      languageCode: overrides.languageCode ?? 'de',
    },
    options: {
      teamSize: 2,
      meals: [
        { label: 'Vorspeise', time: `${date}T19:00` },
        { label: 'Hauptgericht', time: `${date}T21:00` },
        { label: 'Nachspeise', time: `${date}T23:00` },
      ],
      forceEqualDistributedCapacityTeams: true,
      genderAspects: 'FORCE_GENDER_MIX',
      considerShortestPaths: false,
      teamPartnerWishDisabled: false,
    },
    publicSettings: {
      title: 'Running Dinner in der Wiehre',
      description: 'Drei Gänge, drei Küchen, viele neue Leute.',
      publicContactName: 'Clara Öztürk',
      publicContactEmail: 'orga@example.org',
      endOfRegistrationDate: addDays(date, -5),
    },
    contract: {
      fullname: 'Clara Öztürk',
      streetWithNr: 'Tullastraße 61',
      zip: '79108',
      city: 'Freiburg',
      email: 'orga@example.org',
      newsletterEnabled: false,
    },
    afterPartyLocation: null as ReturnType<typeof afterParty> | null,
  };
}

/** A create body as `createBody` makes it. */
export type CreateBody = ReturnType<typeof createBody>;

/** `body` with some of its options changed; `zipRestrictions` is an option the wizard takes that `createBody` leaves out. */
export const withOptions = (
  options: Partial<CreateBody['options']> & { zipRestrictions?: string },
  body: CreateBody = createBody(),
) => ({
  ...body,
  options: { ...body.options, ...options },
});

/** `body` with another end of registration. */
export const withDeadline = (body: CreateBody, endOfRegistrationDate: string): CreateBody => ({
  ...body,
  publicSettings: { ...body.publicSettings, endOfRegistrationDate },
});

/** Creates a running dinner through the wizard API and returns the answer (throws on anything but 200). */
export async function createDinner(
  server: Pick<TestServer, 'baseUrl'>,
  body: unknown = createBody(),
): Promise<CreateRunningDinnerResponse> {
  const res = await call(server, 'POST', '/wizardservice/v1/create', body);
  if (res.status !== 200) throw new Error(`create answered ${res.status}: ${res.text}`);
  return res.json;
}

/** Creates a running dinner and returns it without the links of the create answer. */
export const newDinner = async (server: TestServer, body: unknown = createBody()) =>
  (await createDinner(server, body)).runningDinner;

/** The database id of a dinner: the API speaks of admin and public ids only, the rows of the database id. */
export async function runningDinnerIdOf(server: TestServer, adminId: string): Promise<string> {
  return (
    await server.deps.db
      .selectFrom('running_dinner')
      .select('id')
      .where('admin_id', '=', adminId)
      .executeTakeFirstOrThrow()
  ).id;
}

/** The path of an admin route of the dinner. */
export const adminPath = (adminId: string, suffix = '') => `/runningdinnerservice/v1/runningdinner/${adminId}${suffix}`;

/** A complete after-party location at `time`. */
export const afterParty = (time: string) => ({
  title: 'Absacker',
  time,
  street: 'Konviktstraße',
  streetNr: '12',
  zip: '79098',
  cityName: 'Freiburg',
  addressName: 'Zum Roten Bären',
  addressRemarks: 'Hinterzimmer',
  geocodingResult: { lat: 47.9948, lng: 7.8544 },
});

/** A complete, valid public registration form that a test changes where it needs to. */
export function registrationForm(overrides: Record<string, unknown> = {}) {
  return {
    firstnamePart: 'Jonas',
    lastname: 'Weiß',
    email: 'jonas.weiss@example.org',
    gender: 'MALE',
    mobileNumber: '+49 170 1234567',
    age: 34,
    street: 'Habsburgerstraße',
    streetNr: '9',
    zip: '79104',
    cityName: 'Freiburg',
    addressRemarks: '3. Stock',
    numSeats: 6,
    vegetarian: false,
    lactose: false,
    gluten: false,
    vegan: false,
    mealSpecificsNote: '',
    teamPartnerWishEmail: null,
    teamPartnerWishRegistrationData: null,
    dataProcessingAcknowledged: true,
    ...overrides,
  };
}

/** A participant as the organiser enters it (only the last name is required). */
export function participantInput(overrides: Record<string, unknown> = {}) {
  const {
    dataProcessingAcknowledged: _consent,
    teamPartnerWishRegistrationData: _partner,
    ...fields
  } = registrationForm();
  return { ...fields, notes: '', ...overrides };
}

/** The public path of a dinner's registration API. */
export const publicPath = (publicDinnerId: string, suffix = '') =>
  `/frontend/v1/runningdinner/${publicDinnerId}${suffix}`;

/** The path of an organiser's participant route. */
export const participantsPath = (adminId: string, suffix = '') =>
  `/participantservice/v1/runningdinner/${adminId}${suffix}`;
