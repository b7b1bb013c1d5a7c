import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/local-dates.js';
import { expectRefusal, NOT_FOUND } from '../support/bilingual.js';
import {
  adminPath,
  afterParty,
  createBody,
  createDinner,
  inDays,
  publicPath,
  registrationForm,
  withDeadline,
} from '../support/factories.js';
import { stripeEnv } from '../support/payments.js';
import { createPublicDinner, register } from '../support/registration.js';
import { call, daysLater, type RequestHeaders, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  // A server that takes card payments, so an event's fee shows; no test here reaches Stripe.
  server = await startTestServer({ env: stripeEnv({ url: 'http://127.0.0.1:9' }) });
});
afterAll(() => server.stop());

const publicList = async () => {
  const res = await call(server, 'GET', '/frontend/v1/runningdinner');
  expect(res.status).toBe(200);
  return res.json as { publicDinnerId: string; title: string }[];
};
const titled = (title: string, changes: Parameters<typeof createBody>[0] = {}) => {
  const body = createBody(changes);
  return { ...body, publicSettings: { ...body.publicSettings, title } };
};
/** Titles in list order, without the dinner of the first test. */
const listedTitles = async () => (await publicList()).map((d) => d.title).filter((t) => t !== 'Öffentlich mit Party');
const getPublic = (publicDinnerId: string, headers: RequestHeaders = {}) =>
  call(server, 'GET', publicPath(publicDinnerId), undefined, headers);
const stateOf = async (publicDinnerId: string) => (await getPublic(publicDinnerId)).json.registrationState;

describe('the public events list', () => {
  it('shows only public data of a public dinner open for registration', async () => {
    const body = titled('Öffentlich mit Party', { date: inDays(20) });
    const date = body.basicDetails.date;
    const runningDinner = await createPublicDinner(server, {
      ...body,
      afterPartyLocation: afterParty(`${date}T23:59`),
    });
    const listed = (await publicList()).find((d) => d.publicDinnerId === runningDinner.publicDinnerId);
    expect(listed).toEqual({
      publicDinnerId: runningDinner.publicDinnerId,
      publicDinnerUrl: `${server.baseUrl}/running-dinner-events/${runningDinner.publicDinnerId}`,
      title: 'Öffentlich mit Party',
      description: 'Drei Gänge, drei Küchen, viele neue Leute.',
      city: 'Freiburg',
      zip: '79100',
      date,
      endOfRegistrationDate: addDays(date, -5),
      meals: [
        { label: 'Vorspeise', time: `${date}T19:00` },
        { label: 'Hauptgericht', time: `${date}T21:00` },
        { label: 'Nachspeise', time: `${date}T23:00` },
      ],
      afterPartyLocation: afterParty(`${date}T23:59`),
      publicContactName: 'Clara Öztürk',
      publicContactEmail: 'orga@example.org',
      publicContactMobileNumber: '',
      registrationType: 'PUBLIC',
      registrationState: 'OPEN',
      demo: false,
      languageCode: 'de',
      teamPartnerWishDisabled: false,
      zipRestrictions: '',
      seatsNeededForTeamRegistration: 6,
      price: null,
    });
    const text = JSON.stringify(await publicList());
    expect(text).not.toContain(runningDinner.adminId);
    expect(text).not.toContain('Tullastraße 61');
    expect(text).not.toContain('Weihnachtsdinner Wiehre');
  });

  it('leaves out unconfirmed, closed, open, demo, deactivated, cancelled, past-deadline and past dinners, and lists the rest soonest first', async () => {
    const confirmed = (body: unknown) => createPublicDinner(server, body);
    await confirmed({ ...titled('Demo', { runningDinnerType: 'DEMO' }), contract: null });
    await createDinner(server, titled('Unbestätigt'));
    await confirmed(titled('Später', { date: inDays(40) }));
    await confirmed(titled('Früher', { date: inDays(10) }));
    await confirmed(titled('Geschlossen', { registrationType: 'CLOSED' }));
    await confirmed(titled('Geheimer Link', { registrationType: 'OPEN' }));
    const deactivated = (await confirmed(titled('Pausiert'))).adminId;
    await call(server, 'PUT', adminPath(deactivated, '/publicsettings/registration/false'));
    const cancelled = (await confirmed(titled('Abgesagt'))).adminId;
    await call(server, 'DELETE', adminPath(cancelled));
    await confirmed(withDeadline(titled('Anmeldeschluss heute', { date: inDays(3) }), inDays(0)));
    await confirmed(withDeadline(titled('Morgen', { date: inDays(1) }), inDays(1)));

    expect(await listedTitles()).toEqual(['Morgen', 'Anmeldeschluss heute', 'Früher', 'Später']);
    await daysLater(server, 1, async () => expect(await listedTitles()).toEqual(['Morgen', 'Früher', 'Später']));
    await daysLater(server, 2, async () => expect(await listedTitles()).toEqual(['Früher', 'Später']));
  });
});

describe('one public event', () => {
  it('answers a public event with the same data as the list', async () => {
    const { publicDinnerId } = await createPublicDinner(server, titled('Einzeln'));
    const res = await getPublic(publicDinnerId);
    expect(res.status).toBe(200);
    expect(res.json).toEqual((await publicList()).find((d) => d.publicDinnerId === publicDinnerId));
  });

  it('answers an open event reached by its link, which the list leaves out', async () => {
    const { publicDinnerId } = await createPublicDinner(server, titled('Nur mit Link', { registrationType: 'OPEN' }));
    const res = await getPublic(publicDinnerId);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ title: 'Nur mit Link', registrationType: 'OPEN', registrationState: 'OPEN' });
    expect((await publicList()).map((d) => d.publicDinnerId)).not.toContain(publicDinnerId);
  });

  it('is not found for a closed event, an unknown and a malformed id, in German and English', async () => {
    const closed = await createPublicDinner(server, createBody({ registrationType: 'CLOSED' }));
    for (const id of [closed.publicDinnerId, crypto.randomUUID(), 'kein-link', closed.adminId]) {
      await expectRefusal((headers) => getPublic(id, headers), ...NOT_FOUND);
    }
  });

  it('never contains the admin id, the contract, the organiser address, the personal-link id or participants', async () => {
    const body = createBody();
    const { adminId, publicDinnerId } = await createPublicDinner(server, { ...body, email: 'geheim@example.org' });
    const registered = await register(
      server,
      { publicDinnerId },
      registrationForm({ email: 'teilnehmer@example.org' }),
    );
    expect(registered.status).toBe(200);
    const { self_admin_id, acknowledge_id } = await server.deps.db
      .selectFrom('running_dinner')
      .select(['self_admin_id', 'acknowledge_id'])
      .where('admin_id', '=', adminId)
      .executeTakeFirstOrThrow();
    const text = (await getPublic(publicDinnerId)).text;
    for (const secret of [
      adminId,
      self_admin_id,
      acknowledge_id,
      'geheim@example.org',
      'Tullastraße 61',
      '79108',
      'teilnehmer@example.org',
      'Weiß',
      body.basicDetails.title,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('names the registration state: cancelled before a passed date before a passed deadline before deactivated', async () => {
    const open = await createPublicDinner(server, withDeadline(createBody({ date: inDays(4) }), inDays(2)));
    expect(await stateOf(open.publicDinnerId)).toBe('OPEN');
    await daysLater(server, 3, async () => expect(await stateOf(open.publicDinnerId)).toBe('DEADLINE_PASSED'));
    await daysLater(server, 5, async () => expect(await stateOf(open.publicDinnerId)).toBe('DINNER_PASSED'));

    await call(server, 'PUT', adminPath(open.adminId, '/publicsettings/registration/false'));
    expect(await stateOf(open.publicDinnerId)).toBe('DEACTIVATED');
    await daysLater(server, 3, async () => expect(await stateOf(open.publicDinnerId)).toBe('DEADLINE_PASSED'));

    await call(server, 'DELETE', adminPath(open.adminId));
    expect(await stateOf(open.publicDinnerId)).toBe('CANCELLED');
    await daysLater(server, 5, async () => expect(await stateOf(open.publicDinnerId)).toBe('CANCELLED'));
  });

  it('keeps taking registrations on the day of the deadline and of the dinner', async () => {
    const { publicDinnerId } = await createPublicDinner(
      server,
      withDeadline(createBody({ date: inDays(2) }), inDays(1)),
    );
    await daysLater(server, 1, async () => expect(await stateOf(publicDinnerId)).toBe('OPEN'));
    await daysLater(server, 2, async () => expect(await stateOf(publicDinnerId)).toBe('DEADLINE_PASSED'));
  });

  it('shows the fee of the payment option and the seats a team needs for two meals', async () => {
    const body = createBody();
    const twoMeals = {
      ...body,
      options: {
        ...body.options,
        meals: body.options.meals.slice(0, 2),
        zipRestrictions: '79098-79117, 79183',
        teamPartnerWishDisabled: true,
      },
    };
    const { adminId, publicDinnerId } = await createPublicDinner(server, twoMeals);
    const { id } = await server.deps.db
      .selectFrom('running_dinner')
      .select('id')
      .where('admin_id', '=', adminId)
      .executeTakeFirstOrThrow();
    await server.deps.db
      .insertInto('payment_option')
      .values({
        running_dinner_id: id,
        brand_name: 'Dinner e. V.',
        price_per_registration_cents: 1250,
        currency: 'EUR',
        redirect_after_purchase_link: null,
        agb_link: null,
      })
      .execute();
    expect((await getPublic(publicDinnerId)).json).toMatchObject({
      price: { amountCents: 1250, currency: 'EUR' },
      seatsNeededForTeamRegistration: 4,
      zipRestrictions: '79098-79117, 79183',
      teamPartnerWishDisabled: true,
      meals: [{ label: 'Vorspeise' }, { label: 'Hauptgericht' }],
    });
  });
});
