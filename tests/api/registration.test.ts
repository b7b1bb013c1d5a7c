import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, daysLater, GERMAN, startTestServer, type RequestHeaders, type TestServer } from '../support/test-server.js';
import { adminPath, createBody, inDays, publicPath, registrationForm, withDeadline, withOptions } from '../support/factories.js';
import { DINNER_DATE_PASSED, expectIssues, expectRefusal, NOT_FOUND } from '../support/bilingual.js';
import { activate, createPublicDinner, register, type PublicDinner } from '../support/registration.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const validateRegistration = (dinner: PublicDinner, form: unknown, headers: RequestHeaders = {}) =>
  call(server, 'POST', publicPath(dinner.publicDinnerId, '/register/validate'), form, headers);

const participantsOf = (dinner: PublicDinner) =>
  server.deps.db.selectFrom('participant').selectAll().where('running_dinner_id', '=', dinner.id).orderBy('participant_number').execute();
/** The event's mails about participants (not the organiser's created mail). */
const mailsOf = (dinner: PublicDinner) =>
  server.deps.db.selectFrom('message_task').selectAll().where('running_dinner_id', '=', dinner.id).where('participant_id', 'is not', null).orderBy('created_at').execute();
const activitiesOf = (dinner: PublicDinner) =>
  server.deps.db.selectFrom('activity').selectAll().where('running_dinner_id', '=', dinner.id).where('type', '=', 'PARTICIPANT_SUBSCRIBED').execute();
/** Rows a registration writes: participants, mails, activities. */
const footprint = async (dinner: PublicDinner) => [(await participantsOf(dinner)).length, (await mailsOf(dinner)).length, (await activitiesOf(dinner)).length];

const REGISTRATION_CANCELLED = [409, 'registration_cancelled', 'This running dinner was cancelled', 'Dieses Running Dinner wurde abgesagt'] as const;
const EMAIL_TAKEN = {
  field: 'email',
  en: 'This e-mail address is already registered for this running dinner',
  de: 'Diese E-Mail-Adresse ist für dieses Running Dinner bereits angemeldet',
};

/** The summary of the unchanged form: what it asked, without age, consent and partner data, and what the server works out. */
const { age: _age, dataProcessingAcknowledged: _consent, teamPartnerWishRegistrationData: _partner, ...askedFields } = registrationForm();
const expectedSummary = { ...askedFields, canHost: true, teamPartnerName: null, participantCount: 1, totalPrice: null };

describe('checking a registration', () => {
  it('answers the summary to confirm and writes nothing', async () => {
    const dinner = await createPublicDinner(server);
    const before = await footprint(dinner);
    const res = await validateRegistration(dinner, registrationForm({ email: '  Jonas.Weiss@Example.org ', numSeats: '4' }));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...expectedSummary, numSeats: 4, canHost: false });
    expect(await footprint(dinner)).toEqual(before);
  });

  it('sums up a partner registered together and the fee of both', async () => {
    const dinner = await createPublicDinner(server);
    await server.deps.db
      .insertInto('payment_option')
      .values({ running_dinner_id: dinner.id, brand_name: 'Dinner e. V.', price_per_registration_cents: 900, currency: 'EUR', redirect_after_purchase_link: null, agb_link: null })
      .execute();
    const res = await validateRegistration(dinner, registrationForm({ teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' } }));
    expect(res.json).toEqual({
      ...expectedSummary,
      teamPartnerName: { firstnamePart: 'Mia', lastname: 'Roth' },
      participantCount: 2,
      totalPrice: { amountCents: 1800, currency: 'EUR' },
    });
    const single = await validateRegistration(dinner, registrationForm({ teamPartnerWishEmail: 'Mia.Roth@example.org' }));
    expect(single.json).toMatchObject({ teamPartnerWishEmail: 'mia.roth@example.org', participantCount: 1, totalPrice: { amountCents: 900, currency: 'EUR' } });
  });

  it('refuses an invalid form with the issues of every field, and writes nothing', async () => {
    const dinner = await createPublicDinner(server);
    const form = registrationForm({ lastname: ' ', email: 'kein-mail', age: 101, numSeats: '007', dataProcessingAcknowledged: false });
    await expectIssues((headers) => validateRegistration(dinner, form, headers), [
      { field: 'lastname', en: 'Required field', de: 'Pflichtfeld' },
      { field: 'email', en: 'Invalid e-mail address', de: 'Ungültige E-Mail-Adresse' },
      { field: 'age', en: 'Age must be between 1 and 100', de: 'Alter muss zwischen 1 und 100 sein' },
      { field: 'numSeats', en: 'Please enter a whole number without leading zeros', de: 'Bitte gib eine ganze Zahl ohne führende Nullen ein' },
      { field: 'dataProcessingAcknowledged', en: 'Please agree to the processing of your data', de: 'Bitte stimme der Verarbeitung deiner Daten zu' },
    ]);
    await expectIssues((headers) => register(server, dinner, registrationForm({ teamPartnerWishEmail: 'JONAS.weiss@example.org' }), headers), [
      { field: 'teamPartnerWishEmail', en: 'You cannot enter yourself as your wished team partner', de: 'Du kannst dich nicht selbst als Wunschpartner eintragen' },
    ]);
    await expectIssues((headers) => register(server, dinner, registrationForm({ numSeats: 101 }), headers), [
      { field: 'numSeats', en: 'Hardly more than 100 seats possible', de: 'Anzahl Plätze wohl kaum über 100 möglich' },
    ]);
    const both = registrationForm({ teamPartnerWishEmail: 'mia@example.org', teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' } });
    await expectIssues((headers) => register(server, dinner, both, headers), [
      {
        field: 'teamPartnerWishEmail',
        en: 'Either name your team partner by e-mail or register your team partner right away, not both',
        de: 'Gib deinen Teampartner entweder per E-Mail an oder melde ihn gleich mit an, nicht beides',
      },
    ]);
    expect(await footprint(dinner)).toEqual([0, 0, 0]);
  });
});

describe('the event rules of a registration', () => {
  const REFUSALS = ['validate', 'register'] as const;
  const send = (kind: (typeof REFUSALS)[number], dinner: PublicDinner, form: unknown, headers: RequestHeaders) =>
    kind === 'validate' ? validateRegistration(dinner, form, headers) : register(server, dinner, form, headers);

  it('refuses a closed event, a demo, an unknown and a malformed id with 404', async () => {
    const closed = await createPublicDinner(server, createBody({ registrationType: 'CLOSED' }));
    const demo = await createPublicDinner(server, { ...createBody({ runningDinnerType: 'DEMO' }), contract: null });
    const unknown = { ...closed, publicDinnerId: crypto.randomUUID() };
    const malformed = { ...closed, publicDinnerId: 'nicht-da' };
    const byAdminId = { ...closed, publicDinnerId: closed.adminId };
    for (const dinner of [closed, demo, unknown, malformed, byAdminId]) {
      for (const kind of REFUSALS) await expectRefusal((headers) => send(kind, dinner, registrationForm(), headers), ...NOT_FOUND);
    }
    expect(await footprint(closed)).toEqual([0, 0, 0]);
    expect((await footprint(demo))[0]).toBe(18);
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
      await daysLater(server, 4, () => expectRefusal((headers) => send(kind, soon, registrationForm(), headers), ...DINNER_DATE_PASSED));
    }
    for (const dinner of [cancelled, deactivated, soon]) expect(await footprint(dinner)).toEqual([0, 0, 0]);
    await daysLater(server, 1, async () => expect((await register(server, soon, registrationForm())).status).toBe(200));
  });

  it('refuses a zip outside the zip restrictions and takes one inside', async () => {
    const dinner = await createPublicDinner(server, withOptions({ zipRestrictions: '79098-79117, 79183' }));
    for (const kind of REFUSALS) {
      await expectIssues((headers) => send(kind, dinner, registrationForm({ zip: '79200' }), headers), [
        {
          field: 'zip',
          en: 'This running dinner only takes registrations from the zip codes 79098-79117, 79183',
          de: 'Dieses Running Dinner nimmt nur Anmeldungen aus den Postleitzahlen 79098-79117, 79183 an',
        },
      ]);
    }
    expect(await footprint(dinner)).toEqual([0, 0, 0]);
    expect((await register(server, dinner, registrationForm({ zip: '79183' }))).status).toBe(200);
    expect((await register(server, dinner, registrationForm({ zip: '79104', email: 'zweite@example.org' }))).status).toBe(200);
  });

  it('refuses an address already registered for the event, in other letters and with spaces too', async () => {
    const dinner = await createPublicDinner(server);
    expect((await register(server, dinner, registrationForm())).status).toBe(200);
    for (const kind of REFUSALS) {
      await expectIssues((headers) => send(kind, dinner, registrationForm({ email: ' JONAS.Weiss@example.ORG ', firstnamePart: 'Jo' }), headers), [EMAIL_TAKEN]);
    }
    expect(await footprint(dinner)).toEqual([1, 1, 1]);
    const other = await createPublicDinner(server);
    expect((await register(server, other, registrationForm())).status).toBe(200);
  });

  it('refuses every partner field when the event takes no partner wishes', async () => {
    const dinner = await createPublicDinner(server, withOptions({ teamPartnerWishDisabled: true }));
    const disabled = { en: 'This running dinner takes no team partner wishes', de: 'Dieses Running Dinner nimmt keine Teampartner-Wünsche an' };
    for (const kind of REFUSALS) {
      await expectIssues((headers) => send(kind, dinner, registrationForm({ teamPartnerWishEmail: 'mia@example.org' }), headers), [
        { field: 'teamPartnerWishEmail', ...disabled },
      ]);
      const together = registrationForm({ numSeats: 1, teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' } });
      await expectIssues((headers) => send(kind, dinner, together, headers), [{ field: 'teamPartnerWishRegistrationData', ...disabled }]);
    }
    expect(await footprint(dinner)).toEqual([0, 0, 0]);
  });

  it('needs enough seats to host a meal from a participant registering with a partner', async () => {
    const dinner = await createPublicDinner(server);
    const body = createBody();
    const twoMeals = await createPublicDinner(server, withOptions({ meals: body.options.meals.slice(0, 2) }, body));
    const together = (numSeats: unknown) => registrationForm({ numSeats, teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' } });
    for (const kind of REFUSALS) {
      for (const numSeats of [5, null]) {
        await expectIssues((headers) => send(kind, dinner, together(numSeats), headers), [
          { field: 'numSeats', en: 'As a team you host the others: you need at least 6 seats', de: 'Als Team bewirtet ihr die anderen: ihr braucht mindestens 6 Plätze' },
        ]);
      }
      await expectIssues((headers) => send(kind, twoMeals, together(3), headers), [
        { field: 'numSeats', en: 'As a team you host the others: you need at least 4 seats', de: 'Als Team bewirtet ihr die anderen: ihr braucht mindestens 4 Plätze' },
      ]);
    }
    expect(await footprint(dinner)).toEqual([0, 0, 0]);
    expect((await register(server, twoMeals, together(4))).status).toBe(200);
    expect((await register(server, dinner, together(6))).status).toBe(200);
  });

  it('names every problem of the form at once', async () => {
    const dinner = await createPublicDinner(server, withOptions({ zipRestrictions: '79100' }));
    await register(server, dinner, registrationForm({ zip: '79100' }));
    const res = await register(server, dinner, registrationForm({ zip: '79104', numSeats: 2, teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' } }));
    expect(res.status).toBe(406);
    expect(res.json.issues.map((i: { field: string }) => i.field)).toEqual(['zip', 'email', 'numSeats']);
  });
});

describe('a registration', () => {
  it('is stored unconfirmed with the next number, answers the summary without an id and queues the confirmation mail', async () => {
    const dinner = await createPublicDinner(server);
    await register(server, dinner, registrationForm({ email: 'erste@example.org' }));
    const res = await register(server, dinner, registrationForm({ email: '  Jonas.Weiss@Example.org', teamPartnerWishEmail: 'Mia@Example.org' }), GERMAN);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...expectedSummary, teamPartnerWishEmail: 'mia@example.org' });
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
    expect(mail).toMatchObject({ recipient_email: 'jonas.weiss@example.org', status: expect.stringMatching(/QUEUED|SENDING|SENT/) });
    expect(mail.subject).toBe('Bitte bestätige deine Anmeldung zu „Running Dinner in der Wiehre“');
    expect(mail.body_text).toContain(`${server.baseUrl}/running-dinner-events/${dinner.publicDinnerId}/${jonas.id}/activate`);
  });

  it('records a participant subscribed activity with the name and no ids', async () => {
    const dinner = await createPublicDinner(server);
    await register(server, dinner, registrationForm({ teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' } }));
    const activities = (await call(server, 'GET', adminPath(dinner.adminId, '/activities'))).json.activities;
    expect(activities[0]).toMatchObject({ type: 'PARTICIPANT_SUBSCRIBED', origin: 'PARTICIPANT', details: { name: 'Jonas Weiß', partnerName: 'Mia Roth' } });
    expect(JSON.stringify(activities[0].details)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it('keeps the language of the form, else of the request', async () => {
    const dinner = await createPublicDinner(server);
    await register(server, dinner, registrationForm({ email: 'a@example.org', languageCode: 'en' }), GERMAN);
    await register(server, dinner, registrationForm({ email: 'b@example.org' }), { 'Accept-Language': 'en-GB,en;q=0.9' });
    await register(server, dinner, registrationForm({ email: 'c@example.org' }), { 'Accept-Language': 'fr' });
    await call(server, 'POST', publicPath(dinner.publicDinnerId, '/register?lang=en'), registrationForm({ email: 'd@example.org' }), GERMAN);
    expect((await participantsOf(dinner)).map((p) => p.language_code)).toEqual(['en', 'en', 'de', 'en']);
    const subjects = (await mailsOf(dinner)).map((m) => m.subject);
    expect(subjects.filter((s) => s === 'Please confirm your registration for "Running Dinner in der Wiehre"')).toHaveLength(3);
  });

  it('stores a partner registered together as a second participant at the same address', async () => {
    const dinner = await createPublicDinner(server);
    await register(server, dinner, registrationForm({ email: 'vorher@example.org' }));
    const form = registrationForm({ vegetarian: true, mealSpecificsNote: 'keine Nüsse', teamPartnerWishRegistrationData: { firstnamePart: ' Mia ', lastname: 'Roth' } });
    expect((await register(server, dinner, form)).status).toBe(200);
    await register(server, dinner, registrationForm({ email: 'danach@example.org' }));
    const [, jonas, mia, after] = await participantsOf(dinner);
    expect(jonas).toMatchObject({ participant_number: 2, email: 'jonas.weiss@example.org', team_partner_wish_originator_id: jonas.id, team_partner_wish_email: null });
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
    const together = (email: string, lastname: string) => registrationForm({ email, teamPartnerWishRegistrationData: { firstnamePart: 'Partner', lastname } });
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
    expect(first.json).toEqual({ firstnamePart: 'Jonas', lastname: 'Weiß', email: 'jonas.weiss@example.org', alreadyActivated: false, title: 'Running Dinner in der Wiehre', date });
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
    await register(server, dinner, registrationForm({ teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' } }));
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
    await register(server, dinner, registrationForm({ teamPartnerWishEmail: 'mia.roth+dinner@example.org' }), { 'Accept-Language': 'en' });
    const [jonas] = await participantsOf(dinner);
    expect((await mailsOf(dinner)).map((m) => m.recipient_email)).toEqual(['jonas.weiss@example.org']);
    await activate(server, dinner, jonas.id);
    await activate(server, dinner, jonas.id);
    const invitations = (await mailsOf(dinner)).filter((m) => m.recipient_email === 'mia.roth+dinner@example.org');
    expect(invitations).toHaveLength(1);
    expect(invitations[0].subject).toBe('Jonas Weiß invites you to the running dinner "Running Dinner in der Wiehre"');
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
      expect((await mailsOf(d)).filter((m) => m.recipient_email === 'mia@example.org' && m.participant_id === jonas.id)).toEqual([]);
    }
  });
});
