import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DINNER_DATE_PASSED, expectIssues, expectRefusal, NOT_FOUND } from '../support/bilingual.js';
import {
  adminPath,
  createBody,
  inDays,
  publicPath,
  registrationForm,
  withDeadline,
  withOptions,
} from '../support/factories.js';
import { stripeEnv } from '../support/payments.js';
import { activate, createPublicDinner, type PublicDinner, register } from '../support/registration.js';
import {
  call,
  daysLater,
  GERMAN,
  type RequestHeaders,
  startTestServer,
  type TestServer,
} from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  // A server that takes card payments, so an event's fee is in force; no test here reaches Stripe.
  server = await startTestServer({ env: stripeEnv({ url: 'http://127.0.0.1:9' }) });
});
afterAll(() => server.stop());

const validateRegistration = (dinner: PublicDinner, form: unknown, headers: RequestHeaders = {}) =>
  call(server, 'POST', publicPath(dinner.publicDinnerId, '/register/validate'), form, headers);

const participantsOf = (dinner: PublicDinner) =>
  server.deps.db
    .selectFrom('participant')
    .selectAll()
    .where('running_dinner_id', '=', dinner.id)
    .orderBy('participant_number')
    .execute();
/** The event's mails about participants (not the organiser's created mail). */
const mailsOf = (dinner: PublicDinner) =>
  server.deps.db
    .selectFrom('message_task')
    .selectAll()
    .where('running_dinner_id', '=', dinner.id)
    .where('participant_id', 'is not', null)
    .orderBy('created_at')
    .execute();
const activitiesOf = (dinner: PublicDinner) =>
  server.deps.db
    .selectFrom('activity')
    .selectAll()
    .where('running_dinner_id', '=', dinner.id)
    .where('type', '=', 'PARTICIPANT_SUBSCRIBED')
    .execute();
/** Rows a registration writes: participants, mails, activities. */
const footprint = async (dinner: PublicDinner) => [
  (await participantsOf(dinner)).length,
  (await mailsOf(dinner)).length,
  (await activitiesOf(dinner)).length,
];

/** Checking and registering refuse alike: the rules run against both calls. */
const REFUSALS = ['validate', 'register'] as const;
const send = (kind: (typeof REFUSALS)[number], dinner: PublicDinner, form: unknown, headers: RequestHeaders) =>
  kind === 'validate' ? validateRegistration(dinner, form, headers) : register(server, dinner, form, headers);

const REGISTRATION_CANCELLED = [
  409,
  'registration_cancelled',
  'This running dinner was cancelled',
  'Dieses Running Dinner wurde abgesagt',
] as const;
const EMAIL_TAKEN = {
  field: 'email',
  en: 'This e-mail address is already registered for this running dinner',
  de: 'Diese E-Mail-Adresse ist für dieses Running Dinner bereits angemeldet',
};

/** The summary of the unchanged form: what it asked, without age, consent and partner data, and what the server works out. */
const {
  age: _age,
  dataProcessingAcknowledged: _consent,
  teamPartnerWishRegistrationData: _partner,
  ...askedFields
} = registrationForm();
const expectedSummary = {
  ...askedFields,
  canHost: true,
  teamPartnerWishStanding: null,
  teamPartnerName: null,
  participantCount: 1,
  totalPrice: null,
};

describe('checking a registration', () => {
  it('answers the summary to confirm and writes nothing', async () => {
    const dinner = await createPublicDinner(server);
    const before = await footprint(dinner);
    const res = await validateRegistration(
      dinner,
      registrationForm({ email: '  Jonas.Weiss@Example.org ', numSeats: '4' }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...expectedSummary, numSeats: 4, canHost: false });
    expect(await footprint(dinner)).toEqual(before);
  });

  it('sums up a partner registered together and the fee of both', async () => {
    const dinner = await createPublicDinner(server);
    await server.deps.db
      .insertInto('payment_option')
      .values({
        running_dinner_id: dinner.id,
        brand_name: 'Dinner e. V.',
        price_per_registration_cents: 900,
        currency: 'EUR',
        redirect_after_purchase_link: null,
        agb_link: null,
      })
      .execute();
    const res = await validateRegistration(
      dinner,
      registrationForm({ teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' } }),
    );
    expect(res.json).toEqual({
      ...expectedSummary,
      teamPartnerName: { firstnamePart: 'Mia', lastname: 'Roth' },
      participantCount: 2,
      totalPrice: { amountCents: 1800, currency: 'EUR' },
    });
    const single = await validateRegistration(
      dinner,
      registrationForm({ teamPartnerWishEmail: 'Mia.Roth@example.org' }),
    );
    expect(single.json).toMatchObject({
      teamPartnerWishEmail: 'mia.roth@example.org',
      teamPartnerWishStanding: 'INVITED',
      participantCount: 1,
      totalPrice: { amountCents: 900, currency: 'EUR' },
    });
  });

  it('refuses to register for an event with a fee without paying (409), and writes nothing', async () => {
    const dinner = await createPublicDinner(server);
    await server.deps.db
      .insertInto('payment_option')
      .values({
        running_dinner_id: dinner.id,
        brand_name: 'Dinner e. V.',
        price_per_registration_cents: 900,
        currency: 'EUR',
        redirect_after_purchase_link: null,
        agb_link: null,
      })
      .execute();
    const before = await footprint(dinner);
    const res = await call(
      server,
      'POST',
      `/frontend/v1/runningdinner/${dinner.publicDinnerId}/register`,
      registrationForm(),
    );
    expect(res.status, res.text).toBe(409);
    expect(res.json.code).toBe('paid_registration_required');
    expect(await footprint(dinner)).toEqual(before);
  });

  it('refuses an invalid form with the issues of every field, and writes nothing', async () => {
    const dinner = await createPublicDinner(server);
    const form = registrationForm({
      lastname: ' ',
      email: 'kein-mail',
      age: 101,
      numSeats: '007',
      dataProcessingAcknowledged: false,
    });
    await expectIssues(
      (headers) => validateRegistration(dinner, form, headers),
      [
        { field: 'lastname', en: 'Required field', de: 'Pflichtfeld' },
        { field: 'email', en: 'Invalid e-mail address', de: 'Ungültige E-Mail-Adresse' },
        { field: 'age', en: 'Age must be between 1 and 100', de: 'Alter muss zwischen 1 und 100 sein' },
        {
          field: 'numSeats',
          en: 'Please enter a whole number without leading zeros',
          de: 'Bitte gib eine ganze Zahl ohne führende Nullen ein',
        },
        {
          field: 'dataProcessingAcknowledged',
          en: 'Please agree to the processing of your data',
          de: 'Bitte stimme der Verarbeitung deiner Daten zu',
        },
      ],
    );
    await expectIssues(
      (headers) =>
        register(server, dinner, registrationForm({ teamPartnerWishEmail: 'JONAS.weiss@example.org' }), headers),
      [
        {
          field: 'teamPartnerWishEmail',
          en: 'You cannot enter yourself as your wished team partner',
          de: 'Du kannst dich nicht selbst als Wunschpartner eintragen',
        },
      ],
    );
    await expectIssues(
      (headers) => register(server, dinner, registrationForm({ numSeats: 101 }), headers),
      [
        {
          field: 'numSeats',
          en: 'Hardly more than 100 seats possible',
          de: 'Anzahl Plätze wohl kaum über 100 möglich',
        },
      ],
    );
    const both = registrationForm({
      teamPartnerWishEmail: 'mia@example.org',
      teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' },
    });
    await expectIssues(
      (headers) => register(server, dinner, both, headers),
      [
        {
          field: 'teamPartnerWishEmail',
          en: 'Either name your team partner by e-mail or register your team partner right away, not both',
          de: 'Gib deinen Teampartner entweder per E-Mail an oder melde ihn gleich mit an, nicht beides',
        },
      ],
    );
    expect(await footprint(dinner)).toEqual([0, 0, 0]);
  });
});

// The messages of the form rules, as locales/en and locales/de/messages.po word them.
const REQUIRED = { en: 'Required field', de: 'Pflichtfeld' };
const TOO_LONG = { en: 'Maximum number of characters exceeded', de: 'Max. Zeichenanzahl überschritten' };
const INVALID_EMAIL = { en: 'Invalid e-mail address', de: 'Ungültige E-Mail-Adresse' };
const INVALID_VALUE = { en: 'Invalid value', de: 'Ungültiger Wert' };
const SEATS_FORMAT = {
  en: 'Please enter a whole number without leading zeros',
  de: 'Bitte gib eine ganze Zahl ohne führende Nullen ein',
};
const SEATS_RANGE = { en: 'Hardly more than 100 seats possible', de: 'Anzahl Plätze wohl kaum über 100 möglich' };
const AGE_RANGE = { en: 'Age must be between 1 and 100', de: 'Alter muss zwischen 1 und 100 sein' };
const CONSENT = {
  en: 'Please agree to the processing of your data',
  de: 'Bitte stimme der Verarbeitung deiner Daten zu',
};

const text = (length: number) => 'x'.repeat(length);
/** A well-formed address of exactly `length` characters: `local` at labels of at most 63 characters before example.org. */
function addressOfLength(length: number, local: string): string {
  const labels: string[] = [];
  let rest = length - local.length - '@example.org'.length;
  while (rest > 0) {
    const label = Math.min(63, rest - 1);
    if (label < 1) throw new Error(`no address of ${length} characters with ${local}`);
    labels.push(text(label));
    rest -= label + 1;
  }
  const address = `${local}@${[...labels, 'example.org'].join('.')}`;
  if (address.length !== length) throw new Error(`address of ${address.length} characters, not ${length}`);
  return address;
}
/** The form without one of its fields. */
const formWithout = (field: string) =>
  Object.fromEntries(Object.entries(registrationForm()).filter(([key]) => key !== field));

type FieldIssue = { field: string; en: string; de: string };
const REQUIRED_FIELDS = ['firstnamePart', 'lastname', 'email', 'street', 'streetNr', 'zip', 'cityName'];
const TEXTS_OF_255 = [
  'firstnamePart',
  'lastname',
  'street',
  'streetNr',
  'cityName',
  'mobileNumber',
  'addressRemarks',
  'mealSpecificsNote',
];

/** One wrong field of an otherwise valid form, and the one issue both calls answer for it. */
const FIELD_REFUSALS: [string, unknown, FieldIssue][] = [
  ...REQUIRED_FIELDS.map((field): [string, unknown, FieldIssue] => [
    `a form without ${field}`,
    formWithout(field),
    { field, ...REQUIRED },
  ]),
  ['a first name of spaces', registrationForm({ firstnamePart: '   ' }), { field: 'firstnamePart', ...REQUIRED }],
  ['a last name of spaces', registrationForm({ lastname: ' ' }), { field: 'lastname', ...REQUIRED }],
  ['a street number of tabs and spaces', registrationForm({ streetNr: ' \t ' }), { field: 'streetNr', ...REQUIRED }],
  ['a zip of spaces', registrationForm({ zip: '  ' }), { field: 'zip', ...REQUIRED }],
  ['an empty city', registrationForm({ cityName: '' }), { field: 'cityName', ...REQUIRED }],
  ['an e-mail address of spaces', registrationForm({ email: '   ' }), { field: 'email', ...REQUIRED }],
  ['a street of null', registrationForm({ street: null }), { field: 'street', ...REQUIRED }],
  ...TEXTS_OF_255.map((field): [string, unknown, FieldIssue] => [
    `${field} of 256 characters`,
    registrationForm({ [field]: text(256) }),
    { field, ...TOO_LONG },
  ]),
  [
    'an e-mail address of 256 characters',
    registrationForm({ email: addressOfLength(256, 'jonas') }),
    { field: 'email', ...TOO_LONG },
  ],
  [
    'a wished partner address of 256 characters',
    registrationForm({ teamPartnerWishEmail: addressOfLength(256, 'mia') }),
    { field: 'teamPartnerWishEmail', ...TOO_LONG },
  ],
  ['a zip of 11 characters', registrationForm({ zip: '79104791049' }), { field: 'zip', ...TOO_LONG }],
  [
    'an e-mail address without domain',
    registrationForm({ email: 'jonas.weiss@' }),
    { field: 'email', ...INVALID_EMAIL },
  ],
  [
    'an e-mail address without top-level domain',
    registrationForm({ email: 'jonas.weiss@example' }),
    { field: 'email', ...INVALID_EMAIL },
  ],
  [
    'an e-mail address with a space inside',
    registrationForm({ email: 'jonas weiss@example.org' }),
    { field: 'email', ...INVALID_EMAIL },
  ],
  [
    'an invalid wished partner address',
    registrationForm({ teamPartnerWishEmail: 'mia.roth@' }),
    { field: 'teamPartnerWishEmail', ...INVALID_EMAIL },
  ],
  ['seats with a leading zero', registrationForm({ numSeats: '06' }), { field: 'numSeats', ...SEATS_FORMAT }],
  ['seats in letters', registrationForm({ numSeats: 'sechs' }), { field: 'numSeats', ...SEATS_FORMAT }],
  ['seats with a letter', registrationForm({ numSeats: '6a' }), { field: 'numSeats', ...SEATS_FORMAT }],
  ['half a seat', registrationForm({ numSeats: 6.5 }), { field: 'numSeats', ...SEATS_FORMAT }],
  ['101 seats', registrationForm({ numSeats: 101 }), { field: 'numSeats', ...SEATS_RANGE }],
  ['101 seats as text', registrationForm({ numSeats: '101' }), { field: 'numSeats', ...SEATS_RANGE }],
  ['age 101', registrationForm({ age: 101 }), { field: 'age', ...AGE_RANGE }],
  ['age -2', registrationForm({ age: -2 }), { field: 'age', ...AGE_RANGE }],
  ['age -2 as text', registrationForm({ age: '-2' }), { field: 'age', ...AGE_RANGE }],
  ['an age in letters', registrationForm({ age: 'vierzig' }), { field: 'age', ...AGE_RANGE }],
  [
    'a form without the consent field',
    formWithout('dataProcessingAcknowledged'),
    { field: 'dataProcessingAcknowledged', ...REQUIRED },
  ],
  [
    'a refused consent',
    registrationForm({ dataProcessingAcknowledged: false }),
    { field: 'dataProcessingAcknowledged', ...CONSENT },
  ],
  [
    'a consent of null',
    registrationForm({ dataProcessingAcknowledged: null }),
    { field: 'dataProcessingAcknowledged', ...CONSENT },
  ],
  [
    'a consent as the text "true"',
    registrationForm({ dataProcessingAcknowledged: 'true' }),
    { field: 'dataProcessingAcknowledged', ...CONSENT },
  ],
  [
    'a partner registered together without first name',
    registrationForm({ teamPartnerWishRegistrationData: { lastname: 'Roth' } }),
    { field: 'teamPartnerWishRegistrationData.firstnamePart', ...REQUIRED },
  ],
  [
    'a partner registered together with a last name of spaces',
    registrationForm({ teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: '  ' } }),
    { field: 'teamPartnerWishRegistrationData.lastname', ...REQUIRED },
  ],
  [
    'a partner registered together with a first name of 256 characters',
    registrationForm({ teamPartnerWishRegistrationData: { firstnamePart: text(256), lastname: 'Roth' } }),
    { field: 'teamPartnerWishRegistrationData.firstnamePart', ...TOO_LONG },
  ],
  ['an unknown gender', registrationForm({ gender: 'DIVERS' }), { field: 'gender', ...INVALID_VALUE }],
  [
    'a language the event does not speak',
    registrationForm({ languageCode: 'fr' }),
    { field: 'languageCode', ...INVALID_VALUE },
  ],
];

describe('the field rules of a registration', () => {
  it.each(FIELD_REFUSALS)(
    'refuses %s when checking and registering, in English and German, and writes nothing',
    async (_case, form, issue) => {
      const dinner = await createPublicDinner(server);
      for (const kind of REFUSALS) await expectIssues((headers) => send(kind, dinner, form, headers), [issue]);
      expect(await footprint(dinner)).toEqual([0, 0, 0]);
    },
  );

  it('takes every text at its longest: 255 characters, the zip 10', async () => {
    const dinner = await createPublicDinner(server);
    const longest = registrationForm({
      ...Object.fromEntries(TEXTS_OF_255.map((field) => [field, text(255)])),
      email: addressOfLength(255, 'jonas'),
      teamPartnerWishEmail: addressOfLength(255, 'mia'),
      zip: '7910479104',
    });
    for (const kind of REFUSALS) {
      const res = await send(kind, dinner, longest, {});
      expect(res.status, res.text).toBe(200);
    }
    const [stored] = await participantsOf(dinner);
    expect(stored).toMatchObject({
      firstname_part: text(255),
      lastname: text(255),
      email: longest.email,
      street: text(255),
      street_nr: text(255),
      zip: '7910479104',
      city_name: text(255),
      mobile_number: text(255),
      address_remarks: text(255),
      meal_specifics_note: text(255),
      team_partner_wish_email: longest.teamPartnerWishEmail,
    });
  });
});

describe('the event rules of a registration', () => {
  it('refuses a closed event, an unknown and a malformed id with 404', async () => {
    const closed = await createPublicDinner(server, createBody({ registrationType: 'CLOSED' }));
    const unknown = { ...closed, publicDinnerId: crypto.randomUUID() };
    const malformed = { ...closed, publicDinnerId: 'nicht-da' };
    const byAdminId = { ...closed, publicDinnerId: closed.adminId };
    for (const dinner of [closed, unknown, malformed, byAdminId]) {
      for (const kind of REFUSALS)
        await expectRefusal((headers) => send(kind, dinner, registrationForm(), headers), ...NOT_FOUND);
    }
    expect(await footprint(closed)).toEqual([0, 0, 0]);
  });

  it('refuses a cancelled event, a passed deadline, a deactivated registration and a passed dinner with the reason', async () => {
    const cancelled = await createPublicDinner(server);
    await call(server, 'DELETE', adminPath(cancelled.adminId));
    const deactivated = await createPublicDinner(server);
    await call(server, 'PUT', adminPath(deactivated.adminId, '/publicsettings/registration/false'));
    const soon = await createPublicDinner(server, withDeadline(createBody({ date: inDays(3) }), inDays(1)));
    for (const kind of REFUSALS) {
      await expectRefusal((headers) => send(kind, cancelled, registrationForm(), headers), ...REGISTRATION_CANCELLED);
      await expectRefusal(
        (headers) => send(kind, deactivated, registrationForm(), headers),
        409,
        'registration_deactivated',
        'This running dinner takes no registrations at the moment',
        'Dieses Running Dinner nimmt im Moment keine Anmeldungen an',
      );
      await daysLater(server, 2, () =>
        expectRefusal(
          (headers) => send(kind, soon, registrationForm(), headers),
          409,
          'registration_deadline_passed',
          'The registration deadline of this running dinner has passed',
          'Die Anmeldefrist für dieses Running Dinner ist abgelaufen',
        ),
      );
      await daysLater(server, 4, () =>
        expectRefusal((headers) => send(kind, soon, registrationForm(), headers), ...DINNER_DATE_PASSED),
      );
    }
    for (const dinner of [cancelled, deactivated, soon]) expect(await footprint(dinner)).toEqual([0, 0, 0]);
    await daysLater(server, 1, async () => expect((await register(server, soon, registrationForm())).status).toBe(200));
  });

  it('refuses a zip outside the zip restrictions and takes one inside', async () => {
    const dinner = await createPublicDinner(server, withOptions({ zipRestrictions: '79098-79117, 79183' }));
    for (const kind of REFUSALS) {
      await expectIssues(
        (headers) => send(kind, dinner, registrationForm({ zip: '79200' }), headers),
        [
          {
            field: 'zip',
            en: 'This running dinner only takes registrations from the zip codes 79098-79117, 79183',
            de: 'Dieses Running Dinner nimmt nur Anmeldungen aus den Postleitzahlen 79098-79117, 79183 an',
          },
        ],
      );
    }
    expect(await footprint(dinner)).toEqual([0, 0, 0]);
    expect((await register(server, dinner, registrationForm({ zip: '79183' }))).status).toBe(200);
    expect(
      (await register(server, dinner, registrationForm({ zip: '79104', email: 'zweite@example.org' }))).status,
    ).toBe(200);
  });

  it('refuses an address already registered for the event, in other letters and with spaces too, and keeps the one row', async () => {
    const dinner = await createPublicDinner(server);
    expect((await register(server, dinner, registrationForm())).status).toBe(200);
    const stored = await participantsOf(dinner);
    for (const email of ['JONAS.WEISS@EXAMPLE.ORG', '  jonas.weiss@example.org\t', ' JONAS.Weiss@example.ORG ']) {
      for (const kind of REFUSALS) {
        await expectIssues(
          (headers) => send(kind, dinner, registrationForm({ email, firstnamePart: 'Jo' }), headers),
          [EMAIL_TAKEN],
        );
      }
    }
    expect(await participantsOf(dinner)).toEqual(stored);
    expect(await footprint(dinner)).toEqual([1, 1, 1]);
    const other = await createPublicDinner(server);
    expect((await register(server, other, registrationForm())).status).toBe(200);
  });

  it('refuses every partner field when the event takes no partner wishes', async () => {
    const dinner = await createPublicDinner(server, withOptions({ teamPartnerWishDisabled: true }));
    const disabled = {
      en: 'This running dinner takes no team partner wishes',
      de: 'Dieses Running Dinner nimmt keine Teampartner-Wünsche an',
    };
    for (const kind of REFUSALS) {
      await expectIssues(
        (headers) => send(kind, dinner, registrationForm({ teamPartnerWishEmail: 'mia@example.org' }), headers),
        [{ field: 'teamPartnerWishEmail', ...disabled }],
      );
      const together = registrationForm({
        numSeats: 1,
        teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' },
      });
      await expectIssues(
        (headers) => send(kind, dinner, together, headers),
        [{ field: 'teamPartnerWishRegistrationData', ...disabled }],
      );
    }
    expect(await footprint(dinner)).toEqual([0, 0, 0]);
  });

  it('needs enough seats to host a meal from a participant registering with a partner', async () => {
    const dinner = await createPublicDinner(server);
    const body = createBody();
    const twoMeals = await createPublicDinner(server, withOptions({ meals: body.options.meals.slice(0, 2) }, body));
    const together = (numSeats: unknown) =>
      registrationForm({ numSeats, teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' } });
    for (const kind of REFUSALS) {
      for (const numSeats of [5, null]) {
        await expectIssues(
          (headers) => send(kind, dinner, together(numSeats), headers),
          [
            {
              field: 'numSeats',
              en: 'As a team you host the others: you need at least 6 seats',
              de: 'Als Team bewirtet ihr die anderen: ihr braucht mindestens 6 Plätze',
            },
          ],
        );
      }
      await expectIssues(
        (headers) => send(kind, twoMeals, together(3), headers),
        [
          {
            field: 'numSeats',
            en: 'As a team you host the others: you need at least 4 seats',
            de: 'Als Team bewirtet ihr die anderen: ihr braucht mindestens 4 Plätze',
          },
        ],
      );
    }
    expect(await footprint(dinner)).toEqual([0, 0, 0]);
    expect((await register(server, twoMeals, together(4))).status).toBe(200);
    expect((await register(server, dinner, together(6))).status).toBe(200);
  });

  it('names every problem of the form at once', async () => {
    const dinner = await createPublicDinner(server, withOptions({ zipRestrictions: '79100' }));
    await register(server, dinner, registrationForm({ zip: '79100' }));
    const res = await register(
      server,
      dinner,
      registrationForm({
        zip: '79104',
        numSeats: 2,
        teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' },
      }),
    );
    expect(res.status).toBe(406);
    expect(res.json.issues.map((i: { field: string }) => i.field)).toEqual(['zip', 'email', 'numSeats']);
  });
});

describe('a registration', () => {
  it('is stored unconfirmed with the next number, answers the summary without an id and queues the confirmation mail', async () => {
    const dinner = await createPublicDinner(server);
    await register(server, dinner, registrationForm({ email: 'erste@example.org' }));
    const res = await register(
      server,
      dinner,
      registrationForm({ email: '  Jonas.Weiss@Example.org', teamPartnerWishEmail: 'Mia@Example.org' }),
      GERMAN,
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      ...expectedSummary,
      teamPartnerWishEmail: 'mia@example.org',
      teamPartnerWishStanding: 'INVITED',
    });
    const [, jonas] = await participantsOf(dinner);
    expect(res.text).not.toContain(jonas.id);
    expect(jonas).toMatchObject({
      participant_number: 2,
      firstname_part: 'Jonas',
      lastname: 'Weiß',
      email: 'jonas.weiss@example.org',
      gender: 'MALE',
      mobile_number: '+49 170 1234567',
      age: 34,
      street: 'Habsburgerstraße',
      street_nr: '9',
      zip: '79104',
      city_name: 'Freiburg',
      address_remarks: '3. Stock',
      num_seats: 6,
      team_partner_wish_email: 'mia@example.org',
      team_partner_wish_originator_id: null,
      team_id: null,
      language_code: 'de',
      activated_at: null,
    });
    const mail = (await mailsOf(dinner)).find((m) => m.participant_id === jonas.id)!;
    expect(mail).toMatchObject({
      recipient_email: 'jonas.weiss@example.org',
      status: expect.stringMatching(/QUEUED|SENDING|SENT/),
    });
    expect(mail.subject).toBe('Bitte bestätige deine Anmeldung zu „Running Dinner in der Wiehre“');
    expect(mail.body_text).toContain(
      `${server.baseUrl}/running-dinner-events/${dinner.publicDinnerId}/${jonas.id}/activate`,
    );
  });

  it('records a participant subscribed activity with the name and no ids', async () => {
    const dinner = await createPublicDinner(server);
    await register(
      server,
      dinner,
      registrationForm({ teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' } }),
    );
    const activities = (await call(server, 'GET', adminPath(dinner.adminId, '/activities'))).json.activities;
    expect(activities[0]).toMatchObject({
      type: 'PARTICIPANT_SUBSCRIBED',
      origin: 'PARTICIPANT',
      details: { name: 'Jonas Weiß', partnerName: 'Mia Roth' },
    });
    expect(JSON.stringify(activities[0].details)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it('keeps the language of the form, else of the request', async () => {
    const dinner = await createPublicDinner(server);
    await register(server, dinner, registrationForm({ email: 'a@example.org', languageCode: 'en' }), GERMAN);
    await register(server, dinner, registrationForm({ email: 'b@example.org' }), {
      'Accept-Language': 'en-GB,en;q=0.9',
    });
    await register(server, dinner, registrationForm({ email: 'c@example.org' }), { 'Accept-Language': 'fr' });
    await call(
      server,
      'POST',
      publicPath(dinner.publicDinnerId, '/register?lang=en'),
      registrationForm({ email: 'd@example.org' }),
      GERMAN,
    );
    expect((await participantsOf(dinner)).map((p) => p.language_code)).toEqual(['en', 'en', 'de', 'en']);
    const subjects = (await mailsOf(dinner)).map((m) => m.subject);
    expect(
      subjects.filter((s) => s === 'Please confirm your registration for "Running Dinner in der Wiehre"'),
    ).toHaveLength(3);
  });

  it('stores a partner registered together as a second participant at the same address', async () => {
    const dinner = await createPublicDinner(server);
    await register(server, dinner, registrationForm({ email: 'vorher@example.org' }));
    const form = registrationForm({
      vegetarian: true,
      mealSpecificsNote: 'keine Nüsse',
      teamPartnerWishRegistrationData: { firstnamePart: ' Mia ', lastname: 'Roth' },
    });
    expect((await register(server, dinner, form)).status).toBe(200);
    await register(server, dinner, registrationForm({ email: 'danach@example.org' }));
    const [, jonas, mia, after] = await participantsOf(dinner);
    expect(jonas).toMatchObject({
      participant_number: 2,
      email: 'jonas.weiss@example.org',
      team_partner_wish_originator_id: jonas.id,
      team_partner_wish_email: null,
    });
    expect(mia).toMatchObject({
      participant_number: 3,
      firstname_part: 'Mia',
      lastname: 'Roth',
      email: '',
      gender: 'UNDEFINED',
      mobile_number: '',
      street: 'Habsburgerstraße',
      street_nr: '9',
      zip: '79104',
      city_name: 'Freiburg',
      address_remarks: '3. Stock',
      vegetarian: 1,
      meal_specifics_note: 'keine Nüsse',
      team_partner_wish_originator_id: jonas.id,
      team_partner_wish_email: null,
      activated_at: null,
    });
    expect(after.participant_number).toBe(4);
    expect((await mailsOf(dinner)).filter((m) => m.participant_id === mia.id)).toEqual([]);
    expect((await mailsOf(dinner)).find((m) => m.participant_id === jonas.id)!.body_text).toContain('Mia Roth');
  });

  it('takes two partners registered together without an e-mail each in one event', async () => {
    const dinner = await createPublicDinner(server);
    const together = (email: string, lastname: string) =>
      registrationForm({ email, teamPartnerWishRegistrationData: { firstnamePart: 'Partner', lastname } });
    expect((await register(server, dinner, together('eins@example.org', 'Eins'))).status).toBe(200);
    expect((await register(server, dinner, together('zwei@example.org', 'Zwei'))).status).toBe(200);
    expect((await participantsOf(dinner)).map((p) => [p.participant_number, p.email])).toEqual([
      [1, 'eins@example.org'],
      [2, ''],
      [3, 'zwei@example.org'],
      [4, ''],
    ]);
  });

  it('omits the personal link from the mail when the event takes no partner wishes', async () => {
    const dinner = await createPublicDinner(server, withOptions({ teamPartnerWishDisabled: true }));
    await register(server, dinner, registrationForm());
    const [mail] = await mailsOf(dinner);
    expect(mail.body_text).toContain('/activate');
    expect(mail.body_text).not.toContain('/self/');
  });
});

describe('confirming a registration', () => {
  it('confirms once; the second call is harmless and changes nothing', async () => {
    const dinner = await createPublicDinner(server);
    await register(server, dinner, registrationForm());
    const [jonas] = await participantsOf(dinner);
    const first = await activate(server, dinner, jonas.id);
    expect(first.status).toBe(200);
    const date = createBody().basicDetails.date;
    expect(first.json).toEqual({
      firstnamePart: 'Jonas',
      lastname: 'Weiß',
      email: 'jonas.weiss@example.org',
      alreadyActivated: false,
      onWaitingList: false,
      title: 'Running Dinner in der Wiehre',
      date,
    });
    const [confirmed] = await participantsOf(dinner);
    expect(confirmed.activated_at).not.toBeNull();
    server.clock.advance(60_000);
    const second = await activate(server, dinner, jonas.id);
    server.clock.advance(-60_000);
    expect(second.json).toEqual({ ...first.json, alreadyActivated: true });
    expect(await participantsOf(dinner)).toEqual([confirmed]);
    expect(await mailsOf(dinner)).toHaveLength(1);
  });

  it('confirms the partner registered together too', async () => {
    const dinner = await createPublicDinner(server);
    await register(
      server,
      dinner,
      registrationForm({ teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' } }),
    );
    await register(server, dinner, registrationForm({ email: 'andere@example.org' }));
    const [jonas] = await participantsOf(dinner);
    await activate(server, dinner, jonas.id);
    expect((await participantsOf(dinner)).map((p) => p.activated_at !== null)).toEqual([true, true, false]);
  });

  it('is not found for a wrong pair of ids, in German and English', async () => {
    const dinner = await createPublicDinner(server);
    const other = await createPublicDinner(server);
    await register(server, dinner, registrationForm());
    await register(server, other, registrationForm());
    const [jonas] = await participantsOf(dinner);
    const closed = await createPublicDinner(server, createBody({ registrationType: 'CLOSED' }));
    for (const [d, id] of [
      [other, jonas.id],
      [dinner, crypto.randomUUID()],
      [dinner, 'kaputt'],
      [{ ...dinner, publicDinnerId: crypto.randomUUID() }, jonas.id],
      [{ ...dinner, publicDinnerId: dinner.adminId }, jonas.id],
      [closed, jonas.id],
    ] as const) {
      await expectRefusal((headers) => activate(server, d, id, headers), ...NOT_FOUND);
    }
    expect((await participantsOf(dinner))[0].activated_at).toBeNull();
  });

  it('is refused once the event is cancelled', async () => {
    const dinner = await createPublicDinner(server);
    await register(server, dinner, registrationForm());
    const [jonas] = await participantsOf(dinner);
    await call(server, 'DELETE', adminPath(dinner.adminId));
    await expectRefusal((headers) => activate(server, dinner, jonas.id, headers), ...REGISTRATION_CANCELLED);
    expect((await participantsOf(dinner))[0].activated_at).toBeNull();
  });

  it('invites a wished partner who is not registered, on the first confirmation only', async () => {
    const dinner = await createPublicDinner(server);
    await register(server, dinner, registrationForm({ teamPartnerWishEmail: 'mia.roth+dinner@example.org' }), {
      'Accept-Language': 'en',
    });
    const [jonas] = await participantsOf(dinner);
    expect((await mailsOf(dinner)).map((m) => m.recipient_email)).toEqual(['jonas.weiss@example.org']);
    await activate(server, dinner, jonas.id);
    await activate(server, dinner, jonas.id);
    const invitations = (await mailsOf(dinner)).filter((m) => m.recipient_email === 'mia.roth+dinner@example.org');
    expect(invitations).toHaveLength(1);
    expect(invitations[0].subject).toBe(
      'Invitation to cook as a team at the running dinner "Running Dinner in der Wiehre"',
    );
    expect(invitations[0].body_text).toContain(
      `${server.baseUrl}/running-dinner-events/${dinner.publicDinnerId}?email=mia.roth%2Bdinner%40example.org&teamPartnerWishEmail=jonas.weiss%40example.org`,
    );
  });

  it('invites nobody when the wished partner is registered, the event takes no wishes or no registrations', async () => {
    const dinner = await createPublicDinner(server);
    await register(server, dinner, registrationForm({ email: 'mia@example.org' }));
    await register(server, dinner, registrationForm({ teamPartnerWishEmail: 'mia@example.org' }));
    const paused = await createPublicDinner(server);
    await register(server, paused, registrationForm({ teamPartnerWishEmail: 'mia@example.org' }));
    await call(server, 'PUT', adminPath(paused.adminId, '/publicsettings/registration/false'));
    for (const d of [dinner, paused]) {
      const jonas = (await participantsOf(d)).find((p) => p.email === 'jonas.weiss@example.org')!;
      expect((await activate(server, d, jonas.id)).status).toBe(200);
      expect(
        (await mailsOf(d)).filter((m) => m.recipient_email === 'mia@example.org' && m.participant_id === jonas.id),
      ).toEqual([]);
    }
  });
});
