import { describe, expect, it } from 'vitest';
import { type PaymentOptions, priceCentsOf } from '../../contract/payment-options.js';
import { DINNER_CANCELLED, DINNER_DATE_PASSED, expectIssues, expectRefusal, NOT_FOUND } from '../support/bilingual.js';
import { adminPath, createBody, inDays, publicPath, registrationForm } from '../support/factories.js';
import { stripeEnv } from '../support/payments.js';
import { createPublicDinner, type PublicDinner } from '../support/registration.js';
import { call, daysLater, type RequestHeaders } from '../support/test-server.js';
import { useTestServer } from '../support/use-test-server.js';

// The organiser's payment options (registration fee) of an event: create, read, change, remove.

// A server that takes card payments: a fee can only be set there. No test here reaches Stripe.
const server = useTestServer({ env: stripeEnv({ url: 'http://127.0.0.1:9' }) });

const optionsPath = (adminId: string, suffix = '') => `/paymentoptionsservice/v1/runningdinner/${adminId}${suffix}`;

const VALID = {
  brandName: 'Dinner e. V.',
  pricePerRegistration: '19.99',
  agbLink: 'https://dinner.example.org/agb',
  redirectAfterPurchaseLink: 'https://dinner.example.org/danke',
};

const getOptions = (dinner: PublicDinner, headers: RequestHeaders = {}) =>
  call(server, 'GET', optionsPath(dinner.adminId), undefined, headers);
const postOptions = (dinner: PublicDinner, body: unknown, headers: RequestHeaders = {}) =>
  call(server, 'POST', optionsPath(dinner.adminId), body, headers);
const putOptions = (dinner: PublicDinner, id: string, body: unknown, headers: RequestHeaders = {}) =>
  call(server, 'PUT', optionsPath(dinner.adminId, `/${id}`), body, headers);
const deleteOptions = (dinner: PublicDinner, id: string, headers: RequestHeaders = {}) =>
  call(server, 'DELETE', optionsPath(dinner.adminId, `/${id}`), undefined, headers);

async function created(dinner: PublicDinner, body: unknown = VALID): Promise<PaymentOptions> {
  const res = await postOptions(dinner, body);
  expect(res.status, res.text).toBe(201);
  return res.json;
}

/** An order of the event as a paid registration stores it. */
async function insertPayment(dinner: PublicDinner, status: 'PENDING' | 'PAID' | 'FAILED') {
  const now = new Date().toISOString();
  await server.deps.db
    .insertInto('payment_order')
    .values({
      id: crypto.randomUUID(),
      running_dinner_id: dinner.id,
      status,
      email: 'payer@example.org',
      firstname_part: 'Pay',
      lastname: 'Er',
      registration: '{}',
      language_code: 'en',
      amount_cents: 1999,
      currency: 'EUR',
      checkout_session_id: crypto.randomUUID(),
      payment_intent_id: null,
      participant_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

const OPTIONS_EXIST = [
  409,
  'payment_options_exist',
  'This running dinner already has payment options. Change them instead of creating new ones.',
  'Dieses Running Dinner hat bereits Zahlungsoptionen. Ändere sie, statt neue anzulegen.',
] as const;
const PRICE_FIXED = [
  409,
  'registrations_paid',
  'Participants have already paid the registration fee, so the price can no longer change.',
  'Teilnehmende haben die Anmeldegebühr bereits bezahlt, daher kann der Preis nicht mehr geändert werden.',
] as const;
const OPTIONS_FIXED = [
  409,
  'registrations_paid',
  'Participants have already paid the registration fee, so the payment options can no longer be removed.',
  'Teilnehmende haben die Anmeldegebühr bereits bezahlt, daher können die Zahlungsoptionen nicht mehr entfernt werden.',
] as const;

const PRICE_FORMAT = {
  en: "Please enter the price in euros with '.' as the decimal separator and at most 2 decimals, e.g. 19.99",
  de: "Bitte gib den Preis in Euro mit '.' als Dezimaltrennzeichen und höchstens 2 Nachkommastellen ein, z. B. 19.99",
};
const PRICE_RANGE = {
  en: 'The price must be between 0.50 € and 10,000.00 €',
  de: 'Der Preis muss zwischen 0,50 € und 10.000,00 € liegen',
};
const HTTPS_LINK = {
  en: 'Please enter a complete link that starts with https://',
  de: 'Bitte gib einen vollständigen Link ein, der mit https:// beginnt',
};

describe('reading a price', () => {
  it('turns euros into whole cents exactly, from a string or a JSON number', () => {
    const cases: [string | number, number | null][] = [
      ['19.99', 1999],
      [19.99, 1999],
      ['0.5', 50],
      [0.5, 50],
      ['12', 1200],
      [12, 1200],
      [' 7.10 ', 710],
      [0.07, 7],
      [1.1, 110],
      ['-1', -100],
      ['1,50', null],
      ['1.999', null],
      [1.999, null],
      ['1.', null],
      ['.5', null],
      ['1e3', null],
      [1e21, null],
      ['NaN', null],
      [Number.NaN, null],
      [Number.POSITIVE_INFINITY, null],
      ['', null],
      ['19.99 €', null],
    ];
    for (const [price, cents] of cases) expect([price, priceCentsOf(price)]).toEqual([price, cents]);
  });
});

describe('payment options', () => {
  it('answers null without options, creates them, and shows the fee on the public page', async () => {
    const dinner = await createPublicDinner(server);
    const none = await getOptions(dinner);
    expect(none.status, none.text).toBe(200);
    expect(none.json).toBeNull();

    const options = await created(dinner);
    expect(options).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      brandName: 'Dinner e. V.',
      pricePerRegistration: 19.99,
      pricePerRegistrationCents: 1999,
      currency: 'EUR',
      agbLink: 'https://dinner.example.org/agb',
      redirectAfterPurchaseLink: 'https://dinner.example.org/danke',
    });
    expect((await getOptions(dinner)).json).toEqual(options);
    expect((await call(server, 'GET', publicPath(dinner.publicDinnerId))).json.price).toEqual({
      amountCents: 1999,
      currency: 'EUR',
    });

    const stored = await server.deps.db
      .selectFrom('payment_option')
      .selectAll()
      .where('running_dinner_id', '=', dinner.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ brand_name: 'Dinner e. V.', price_per_registration_cents: 1999, currency: 'EUR' });

    const activities = await call(server, 'GET', adminPath(dinner.adminId, '/activities'));
    expect(activities.json.activities[0]).toMatchObject({
      type: 'CUSTOM_ADMIN_CHANGE',
      origin: 'ORGANIZER',
      details: { change: 'paymentOptions' },
    });
  });

  it('takes the price as a JSON number too, trims the name, and takes missing or empty links as none', async () => {
    const dinner = await createPublicDinner(server);
    const options = await created(dinner, {
      brandName: '  Dinner e. V. ',
      pricePerRegistration: 0.5,
      agbLink: '',
      currency: 'EUR',
    });
    expect(options).toMatchObject({
      brandName: 'Dinner e. V.',
      pricePerRegistration: 0.5,
      pricePerRegistrationCents: 50,
      agbLink: null,
      redirectAfterPurchaseLink: null,
    });
  });

  it('gives every event its own options id, the same on every answer', async () => {
    const [a, b] = [await createPublicDinner(server), await createPublicDinner(server)];
    const [optionsA, optionsB] = [await created(a), await created(b)];
    expect(optionsA.id).not.toBe(optionsB.id);
    expect(optionsA.id).not.toContain(a.id);
    expect((await putOptions(a, optionsA.id, VALID)).json.id).toBe(optionsA.id);
  });

  it('refuses invalid options naming every problem at once, in both languages', async () => {
    const dinner = await createPublicDinner(server);
    const body = {
      brandName: ' ',
      pricePerRegistration: '1,50',
      agbLink: 'http://dinner.example.org/agb',
      redirectAfterPurchaseLink: `https://x.org/${'a'.repeat(500)}`,
      iban: 'DE00',
    };
    await expectIssues(
      (headers) => postOptions(dinner, body, headers),
      [
        { field: 'brandName', en: 'Required field', de: 'Pflichtfeld' },
        { field: 'pricePerRegistration', ...PRICE_FORMAT },
        { field: 'agbLink', ...HTTPS_LINK },
        {
          field: 'redirectAfterPurchaseLink',
          en: 'Maximum number of characters exceeded',
          de: 'Max. Zeichenanzahl überschritten',
        },
        { field: 'iban', en: 'Unknown field', de: 'Unbekanntes Feld' },
      ],
    );
    expect((await getOptions(dinner)).json).toBeNull();
  });

  it('refuses prices below 0.50 €, with more than 2 decimals, or that are no amount', async () => {
    const dinner = await createPublicDinner(server);
    const price = (pricePerRegistration: unknown) => ({ ...VALID, pricePerRegistration });
    for (const low of ['0.49', 0.49, '-1', -5, '0', '10000.01']) {
      await expectIssues(
        (headers) => postOptions(dinner, price(low), headers),
        [{ field: 'pricePerRegistration', ...PRICE_RANGE }],
      );
    }
    for (const malformed of ['1.999', 1.999, '1,50', 'NaN', 'zehn', true, null, [19.99]]) {
      await expectIssues(
        (headers) => postOptions(dinner, price(malformed), headers),
        [{ field: 'pricePerRegistration', ...PRICE_FORMAT }],
      );
    }
    await expectIssues(
      (headers) =>
        postOptions(
          dinner,
          {
            brandName: 'x'.repeat(128),
            currency: 'USD',
            agbLink: 'javascript:alert(1)',
            redirectAfterPurchaseLink: 'https:example.org',
          },
          headers,
        ),
      [
        { field: 'brandName', en: 'Maximum number of characters exceeded', de: 'Max. Zeichenanzahl überschritten' },
        { field: 'pricePerRegistration', en: 'Required field', de: 'Pflichtfeld' },
        { field: 'currency', en: 'Invalid value', de: 'Ungültiger Wert' },
        { field: 'agbLink', ...HTTPS_LINK },
        { field: 'redirectAfterPurchaseLink', ...HTTPS_LINK },
      ],
    );
    expect((await created(dinner, price('10000'))).pricePerRegistrationCents).toBe(1_000_000);
  });

  it('creates options only once', async () => {
    const dinner = await createPublicDinner(server);
    await created(dinner);
    await expectRefusal(
      (headers) => postOptions(dinner, { ...VALID, pricePerRegistration: '5' }, headers),
      ...OPTIONS_EXIST,
    );
    expect((await getOptions(dinner)).json.pricePerRegistrationCents).toBe(1999);
  });

  it('changes the options, checking them as on creation', async () => {
    const dinner = await createPublicDinner(server);
    const { id } = await created(dinner);
    const res = await putOptions(dinner, id, { brandName: 'Kochclub', pricePerRegistration: 7.5, agbLink: null });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      id,
      brandName: 'Kochclub',
      pricePerRegistration: 7.5,
      pricePerRegistrationCents: 750,
      currency: 'EUR',
      agbLink: null,
      redirectAfterPurchaseLink: null,
    });
    expect((await getOptions(dinner)).json).toEqual(res.json);
    await expectIssues(
      (headers) => putOptions(dinner, id, { ...VALID, pricePerRegistration: '0.3' }, headers),
      [{ field: 'pricePerRegistration', ...PRICE_RANGE }],
    );
  });

  it("answers 404 for another event's, an unknown or a removed options id, and for an unknown event", async () => {
    const [dinner, other] = [await createPublicDinner(server), await createPublicDinner(server)];
    const { id } = await created(dinner);
    const otherId = (await created(other)).id;
    for (const wrong of [otherId, crypto.randomUUID(), 'default', id.toUpperCase()]) {
      await expectRefusal((headers) => putOptions(dinner, wrong, VALID, headers), ...NOT_FOUND);
      await expectRefusal((headers) => deleteOptions(dinner, wrong, headers), ...NOT_FOUND);
    }
    const unknownEvent = { ...dinner, adminId: crypto.randomUUID() };
    await expectRefusal((headers) => getOptions(unknownEvent, headers), ...NOT_FOUND);
    await expectRefusal((headers) => postOptions(unknownEvent, VALID, headers), ...NOT_FOUND);
    await expectRefusal((headers) => putOptions(unknownEvent, id, VALID, headers), ...NOT_FOUND);
    await expectRefusal((headers) => deleteOptions(unknownEvent, id, headers), ...NOT_FOUND);

    expect((await deleteOptions(dinner, id)).status).toBe(204);
    await expectRefusal((headers) => putOptions(dinner, id, VALID, headers), ...NOT_FOUND);
    await expectRefusal((headers) => deleteOptions(dinner, id, headers), ...NOT_FOUND);
  });

  it('removes the options: the event takes no fee until they are created again', async () => {
    const dinner = await createPublicDinner(server);
    const { id } = await created(dinner);
    const res = await deleteOptions(dinner, id);
    expect(res.status, res.text).toBe(204);
    expect((await getOptions(dinner)).json).toBeNull();
    expect((await call(server, 'GET', publicPath(dinner.publicDinnerId))).json.price).toBeNull();
    expect((await created(dinner, { ...VALID, pricePerRegistration: '3' })).id).toBe(id);
  });

  it('keeps the price and the options once someone paid; name and links may still change', async () => {
    const dinner = await createPublicDinner(server);
    const { id } = await created(dinner);
    await insertPayment(dinner, 'PENDING');
    await insertPayment(dinner, 'FAILED');
    expect((await putOptions(dinner, id, { ...VALID, pricePerRegistration: '18' })).status).toBe(200);
    expect((await putOptions(dinner, id, VALID)).status).toBe(200);

    await insertPayment(dinner, 'PAID');
    await expectRefusal(
      (headers) => putOptions(dinner, id, { ...VALID, pricePerRegistration: '18' }, headers),
      ...PRICE_FIXED,
    );
    await expectRefusal((headers) => deleteOptions(dinner, id, headers), ...OPTIONS_FIXED);
    const renamed = await putOptions(dinner, id, {
      ...VALID,
      pricePerRegistration: 19.99,
      brandName: 'Kochclub',
      agbLink: null,
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toMatchObject({ brandName: 'Kochclub', pricePerRegistrationCents: 1999, agbLink: null });
    expect((await getOptions(dinner)).json).toEqual(renamed.json);
  });

  it('refuses changes to a cancelled dinner and to one that took place, and still shows the options', async () => {
    const cancelled = await createPublicDinner(server);
    const { id } = await created(cancelled);
    expect((await call(server, 'DELETE', adminPath(cancelled.adminId))).status).toBe(200);
    await expectRefusal((headers) => postOptions(cancelled, VALID, headers), ...DINNER_CANCELLED);
    await expectRefusal((headers) => putOptions(cancelled, id, VALID, headers), ...DINNER_CANCELLED);
    await expectRefusal((headers) => deleteOptions(cancelled, id, headers), ...DINNER_CANCELLED);
    expect((await getOptions(cancelled)).json.id).toBe(id);

    const soon = await createPublicDinner(server, createBody({ date: inDays(6) }));
    const options = await created(soon);
    await daysLater(server, 7, async () => {
      await expectRefusal((headers) => postOptions(soon, VALID, headers), ...DINNER_DATE_PASSED);
      await expectRefusal((headers) => putOptions(soon, options.id, VALID, headers), ...DINNER_DATE_PASSED);
      await expectRefusal((headers) => deleteOptions(soon, options.id, headers), ...DINNER_DATE_PASSED);
      expect((await getOptions(soon)).json).toEqual(options);
    });
  });
});

describe('a fee on a server without a payment provider', () => {
  const bare = useTestServer();

  it('cannot be set (409 naming STRIPE_SECRET_KEY), and an event that has one from before registers for free', async () => {
    const dinner = await createPublicDinner(bare);
    const refused = await call(bare, 'POST', optionsPath(dinner.adminId), VALID);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('payments_not_configured');
    expect(refused.json.message).toContain('STRIPE_SECRET_KEY');
    expect((await call(bare, 'GET', optionsPath(dinner.adminId))).json).toBeNull();

    // The key was removed after the fee was set: the fee is not in force, nobody is refused at the end of the form.
    await bare.deps.db
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
    expect((await call(bare, 'GET', publicPath(dinner.publicDinnerId))).json.price).toBeNull();
    const registered = await call(bare, 'POST', publicPath(dinner.publicDinnerId, '/register'), registrationForm());
    expect(registered.status, registered.text).toBe(200);
    expect(registered.json.totalPrice).toBeNull();
    expect((await call(bare, 'GET', optionsPath(dinner.adminId, '/payments'))).json.stripeConfigured).toBe(false);
  });
});
