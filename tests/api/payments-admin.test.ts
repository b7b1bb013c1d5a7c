import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOrder, PaymentsList, RefundResult } from '../../contract/orders.js';
import { OrdersMessage } from '../../contract/orders.messages.js';
import type { Language } from '../../domain/language.js';
import {
  type PaidNotRegisteredReason,
  paidNotRegisteredMail,
} from '../../server/features/mail/system-mails/paid-not-registered-mail.js';
import { translate } from '../../server/lib/i18n.js';
import { adminPath, participantInput, participantsPath } from '../support/factories.js';
import {
  delivered,
  mailsOf as mailsOfEvent,
  ordered,
  orderStatusOf,
  participantsOf as participantsOfEvent,
  paymentsPath,
  setPrice,
  stripeEnv,
} from '../support/payments.js';
import { createPublicDinner, type PublicDinner } from '../support/registration.js';
import { openSse, received, waitUntil } from '../support/sse-client.js';
import { type StripeFake, startStripeFake } from '../support/stripe-fake.js';
import { call, daysLater, GERMAN, type RequestHeaders, startTestServer } from '../support/test-server.js';
import { useTestServer } from '../support/use-test-server.js';

// The organiser's side of paid registrations (issue 13): the list of an event's orders with totals, refunds, the
// mail to whoever paid when registering was no longer possible, the payment page's live status, and the payment
// column of the participants export. Stripe is the local stand-in of tests/support/stripe-fake.ts.

let fake: StripeFake;
const env: Record<string, string> = {};
beforeAll(async () => {
  fake = await startStripeFake();
  Object.assign(env, stripeEnv(fake));
});
afterAll(() => fake?.stop());
// Started after the fake (the hooks run in order), with the fake's address in `env`.
const server = useTestServer({ env });

async function pricedDinner(price = '12.50'): Promise<PublicDinner> {
  const dinner = await createPublicDinner(server);
  await setPrice(server, dinner.adminId, price);
  return dinner;
}

const order = (dinner: PublicDinner, form: Record<string, unknown> = {}, headers: RequestHeaders = {}) =>
  ordered(server, fake, dinner.publicDinnerId, form, headers);

/** An order paid at once: PAID when it could register, else PAID_NOT_REGISTERED. */
async function paidOrder(dinner: PublicDinner, form: Record<string, unknown> = {}) {
  const placed = await order(dinner, form);
  const event = fake.pay(placed.session.id);
  await delivered(server, fake, event);
  return { ...placed, event, paymentIntent: event.data.object.payment_intent as string };
}

const statusOf = (dinner: PublicDinner, orderId: string) => orderStatusOf(server, dinner.publicDinnerId, orderId);

async function payments(dinner: Pick<PublicDinner, 'adminId'>): Promise<PaymentsList> {
  const res = await call(server, 'GET', paymentsPath(dinner.adminId, '/payments'));
  expect(res.status, res.text).toBe(200);
  return res.json;
}

const refund = (dinner: Pick<PublicDinner, 'adminId'>, orderId: string, headers: RequestHeaders = {}) =>
  call(server, 'POST', paymentsPath(dinner.adminId, `/payments/${orderId}/refund`), undefined, headers);

async function refunded(dinner: PublicDinner, orderId: string): Promise<RefundResult> {
  const res = await refund(dinner, orderId);
  expect(res.status, res.text).toBe(200);
  return res.json;
}

/** The refunds the fake made of one payment, and the refund requests it got for an order. */
const refundsOf = (paymentIntent: string) =>
  [...fake.refunds.values()].filter((r) => r.payment_intent === paymentIntent);
const refundRequests = (orderId: string) =>
  fake.requests.filter((r) => r.path === '/v1/refunds' && r.headers['idempotency-key'] === `refund-${orderId}`);

const activitiesOf = (dinner: PublicDinner, type: string) =>
  server.deps.db
    .selectFrom('activity')
    .selectAll()
    .where('running_dinner_id', '=', dinner.id)
    .where('type', '=', type)
    .execute();
const mailsOf = (dinner: PublicDinner) => mailsOfEvent(server, dinner.id);
const participantsOf = (dinner: PublicDinner) => participantsOfEvent(server, dinner.id);

/** The organiser adds someone with Jonas's address, so his paid registration can no longer be made. */
async function addJonasByHand(dinner: PublicDinner) {
  const added = await call(server, 'POST', participantsPath(dinner.adminId, '/participant'), participantInput());
  expect(added.status, added.text).toBe(200);
}

const PARTNER = { teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' } };

describe('the list of payments', () => {
  it("lists the event's orders newest first, with what was paid, given back, and is still to do", async () => {
    const dinner = await pricedDinner('12.50');
    const other = await pricedDinner('12.50');
    await paidOrder(other, { email: 'fremd@example.org' });

    const paid = await paidOrder(dinner);
    const pending = await order(dinner, {
      email: 'mia@example.org',
      firstnamePart: 'Mia',
      lastname: 'Roth',
      teamPartnerWishRegistrationData: { firstnamePart: 'Tom', lastname: 'Roth' },
    });
    const failed = await order(dinner, { email: 'lena@example.org', firstnamePart: 'Lena' });
    await delivered(server, fake, fake.pay(failed.session.id, { async: true }));
    await delivered(server, fake, fake.asyncResult(failed.session.id, 'failed'));
    const back = await paidOrder(dinner, { email: 'paul@example.org', firstnamePart: 'Paul' });
    await refunded(dinner, back.orderId);
    // Ordered while Max could still register; the organiser added him by hand before the payment arrived.
    const late = await order(dinner, { email: 'max@example.org', firstnamePart: 'Max' });
    const added = await call(
      server,
      'POST',
      participantsPath(dinner.adminId, '/participant'),
      participantInput({ email: 'max@example.org', firstnamePart: 'Max' }),
    );
    expect(added.status, added.text).toBe(200);
    await delivered(server, fake, fake.pay(late.session.id));

    const list = await payments(dinner);
    const participants = await participantsOf(dinner);
    const idOf = (firstname: string) => participants.find((p) => p.firstname_part === firstname)?.id;
    expect(list.stripeConfigured).toBe(true);
    expect(list.orders.map((o) => [o.id, o.status])).toEqual([
      [late.orderId, 'PAID_NOT_REGISTERED'],
      [back.orderId, 'REFUNDED'],
      [failed.orderId, 'FAILED'],
      [pending.orderId, 'PENDING'],
      [paid.orderId, 'PAID'],
    ]);
    const [lateOrder, backOrder, , pendingOrder, paidOrderRow] = list.orders;
    expect(pendingOrder).toEqual({
      id: pending.orderId,
      email: 'mia@example.org',
      firstnamePart: 'Mia',
      lastname: 'Roth',
      amountCents: 2500,
      currency: 'EUR',
      status: 'PENDING',
      participantId: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    } satisfies PaymentOrder);
    expect(idOf('Jonas')).toBeDefined();
    expect(paidOrderRow).toMatchObject({
      email: 'jonas.weiss@example.org',
      amountCents: 1250,
      status: 'PAID',
      participantId: idOf('Jonas'),
    });
    expect(backOrder).toMatchObject({ email: 'paul@example.org', status: 'REFUNDED', participantId: idOf('Paul') });
    expect(lateOrder).toMatchObject({ email: 'max@example.org', participantId: null });
    const times = list.orders.map((o) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(list.totals).toEqual({
      paidCents: 1250 + 1250,
      refundedCents: 1250,
      pendingCount: 1,
      paidNotRegisteredCount: 1,
      currency: 'EUR',
    });
  });

  it('is empty for an event that took no payment, and 404 for a wrong admin id', async () => {
    const dinner = await createPublicDinner(server);
    expect(await payments(dinner)).toEqual({
      stripeConfigured: true,
      orders: [],
      totals: { paidCents: 0, refundedCents: 0, pendingCount: 0, paidNotRegisteredCount: 0, currency: 'EUR' },
    });
    for (const adminId of [crypto.randomUUID(), dinner.publicDinnerId, 'kaputt']) {
      expect((await call(server, 'GET', paymentsPath(adminId, '/payments'))).status).toBe(404);
    }
  });
});

describe('a refund', () => {
  it('gives a paid fee back once, and says so when asked again', async () => {
    const dinner = await pricedDinner();
    const { orderId, paymentIntent } = await paidOrder(dinner);
    const first = await refunded(dinner, orderId);
    expect(first).toEqual({
      refunded: true,
      order: expect.objectContaining({ id: orderId, status: 'REFUNDED', amountCents: 1250 }),
    });
    expect(refundsOf(paymentIntent)).toEqual([
      expect.objectContaining({ amount: 1250, currency: 'eur', status: 'succeeded' }),
    ]);
    expect(refundRequests(orderId)).toHaveLength(1);
    expect(await statusOf(dinner, orderId)).toBe('REFUNDED');

    const second = await refunded(dinner, orderId);
    expect(second).toEqual({ refunded: false, order: first.order });
    expect(refundRequests(orderId)).toHaveLength(1);
    expect(refundsOf(paymentIntent)).toHaveLength(1);
    expect((await activitiesOf(dinner, 'PAYMENT_REFUNDED')).map((a) => [a.origin, JSON.parse(a.details)])).toEqual([
      ['ORGANIZER', { name: 'Jonas Weiß', amountCents: 1250, currency: 'EUR' }],
    ]);
    // The registration stays: whether Jonas still takes part is the organiser's to decide.
    expect((await participantsOf(dinner)).map((p) => p.email)).toEqual(['jonas.weiss@example.org']);
    expect((await payments(dinner)).totals).toMatchObject({ paidCents: 0, refundedCents: 1250 });
  });

  it('gives a fee back once when the organiser clicks three times at once', async () => {
    const dinner = await pricedDinner();
    const { orderId, paymentIntent } = await paidOrder(dinner, PARTNER);
    const answers = await Promise.all([refund(dinner, orderId), refund(dinner, orderId), refund(dinner, orderId)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(answers.filter((res) => res.json.refunded)).toHaveLength(1);
    for (const res of answers)
      expect(res.json.order).toMatchObject({ id: orderId, status: 'REFUNDED', amountCents: 2500 });
    // Every call that reached Stripe carried the order's key, so Stripe made one refund.
    expect(refundRequests(orderId).length).toBeGreaterThanOrEqual(1);
    expect(refundsOf(paymentIntent)).toEqual([expect.objectContaining({ amount: 2500 })]);
    expect(await activitiesOf(dinner, 'PAYMENT_REFUNDED')).toHaveLength(1);
    expect(await statusOf(dinner, orderId)).toBe('REFUNDED');
  });

  it('gives back a paid-not-registered fee after the registration deadline passed', async () => {
    const dinner = await pricedDinner();
    const placed = await order(dinner);
    // The dinner is in 30 days, its registration ends 5 days before.
    await daysLater(server, 26, async () => {
      const event = fake.pay(placed.session.id);
      await delivered(server, fake, event);
      expect(await statusOf(dinner, placed.orderId)).toBe('PAID_NOT_REGISTERED');
      expect((await payments(dinner)).totals).toMatchObject({ paidCents: 1250, paidNotRegisteredCount: 1 });
      expect(await refunded(dinner, placed.orderId)).toMatchObject({ refunded: true, order: { status: 'REFUNDED' } });
      expect(refundsOf(event.data.object.payment_intent as string)).toHaveLength(1);
      expect((await payments(dinner)).totals).toMatchObject({
        paidCents: 0,
        refundedCents: 1250,
        paidNotRegisteredCount: 0,
      });
    });
    expect(await participantsOf(dinner)).toEqual([]);
  });

  it('gives back a paid-not-registered fee of a cancelled event', async () => {
    const dinner = await pricedDinner();
    const placed = await order(dinner);
    expect((await call(server, 'DELETE', adminPath(dinner.adminId))).status).toBe(200);
    await delivered(server, fake, fake.pay(placed.session.id));
    expect(await refunded(dinner, placed.orderId)).toMatchObject({ refunded: true, order: { status: 'REFUNDED' } });
  });

  it('is refused for an order not paid (409 order_not_refundable), and Stripe is not asked', async () => {
    const dinner = await pricedDinner();
    const pending = await order(dinner);
    const failed = await order(dinner, { email: 'lena@example.org' });
    await delivered(server, fake, fake.pay(failed.session.id, { async: true }));
    await delivered(server, fake, fake.asyncResult(failed.session.id, 'failed'));
    const requestsBefore = fake.requests.length;
    for (const [placed, status] of [
      [pending, 'PENDING'],
      [failed, 'FAILED'],
    ] as const) {
      for (const headers of [{}, GERMAN]) {
        const res = await refund(dinner, placed.orderId, headers);
        expect(res.status, res.text).toBe(409);
        expect(res.json.code).toBe('order_not_refundable');
        const reason = status === 'PENDING' ? OrdersMessage.refundNotPaid : OrdersMessage.refundPaymentFailed;
        expect(res.json.message).toBe(translate(headers === GERMAN ? 'de' : 'en', reason.id));
      }
      expect(await statusOf(dinner, placed.orderId)).toBe(status);
    }
    expect(fake.requests.length).toBe(requestsBefore);
  });

  it("is not found (404) for another event's order, an unknown or a malformed id", async () => {
    const dinner = await pricedDinner();
    const other = await pricedDinner();
    const { orderId } = await paidOrder(dinner);
    for (const [target, id] of [
      [other, orderId],
      [dinner, crypto.randomUUID()],
      [dinner, 'kaputt'],
      [{ adminId: crypto.randomUUID() }, orderId],
    ] as const) {
      const res = await refund(target, id);
      expect(res.status, `${target.adminId}/${id}: ${res.text}`).toBe(404);
    }
    expect(await statusOf(dinner, orderId)).toBe('PAID');
    expect(refundRequests(orderId)).toEqual([]);
  });

  it('answers 503 when Stripe cannot be reached, and the retry refunds once', async () => {
    const dinner = await pricedDinner();
    const { orderId, paymentIntent } = await paidOrder(dinner);
    fake.failNext({ status: 500, type: 'api_error', message: 'Something went wrong on our end', retry: false });
    const failed = await refund(dinner, orderId);
    expect(failed.status, failed.text).toBe(503);
    expect(failed.json.code).toBe('payment_provider_unreachable');
    expect(failed.headers.get('retry-after')).toBe('60');
    expect(await statusOf(dinner, orderId)).toBe('PAID');
    expect(await refunded(dinner, orderId)).toMatchObject({ refunded: true });
    expect(refundRequests(orderId).length).toBe(2);
    expect(refundsOf(paymentIntent)).toHaveLength(1);
  });

  it('answers 409 refund_refused when Stripe refuses, and counts a payment refunded in the Stripe dashboard as refunded', async () => {
    const dinner = await pricedDinner();
    const refused = await paidOrder(dinner);
    fake.failNext({
      status: 400,
      type: 'invalid_request_error',
      code: 'amount_too_large',
      message: 'Refund amount is greater than unrefunded amount',
    });
    const res = await refund(dinner, refused.orderId);
    expect(res.status, res.text).toBe(409);
    expect(res.json.code).toBe('refund_refused');
    expect(await statusOf(dinner, refused.orderId)).toBe('PAID');

    const byHand = await paidOrder(dinner, { email: 'lena@example.org' });
    const stripeDashboard = await fetch(`${fake.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${env.STRIPE_SECRET_KEY}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: `payment_intent=${byHand.paymentIntent}`,
    });
    expect(stripeDashboard.status).toBe(200);
    expect(await refunded(dinner, byHand.orderId)).toMatchObject({ refunded: true, order: { status: 'REFUNDED' } });
    expect(refundsOf(byHand.paymentIntent)).toHaveLength(1);
  });

  it('is refused without a Stripe key (409 payments_not_configured), while the list still shows the orders', async () => {
    const unconfigured = await startTestServer();
    try {
      const dinner = await createPublicDinner(unconfigured);
      const now = new Date().toISOString();
      const orderId = crypto.randomUUID();
      await unconfigured.deps.db
        .insertInto('payment_order')
        .values({
          id: orderId,
          running_dinner_id: dinner.id,
          status: 'PAID',
          email: 'jonas.weiss@example.org',
          firstname_part: 'Jonas',
          lastname: 'Weiß',
          registration: '{}',
          language_code: 'en',
          amount_cents: 1250,
          currency: 'EUR',
          checkout_session_id: 'cs_test_x',
          payment_intent_id: 'pi_x',
          participant_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const list = await call(unconfigured, 'GET', paymentsPath(dinner.adminId, '/payments'));
      expect(list.json).toMatchObject({
        stripeConfigured: false,
        orders: [{ id: orderId, status: 'PAID' }],
        totals: { paidCents: 1250 },
      });
      const res = await call(unconfigured, 'POST', paymentsPath(dinner.adminId, `/payments/${orderId}/refund`));
      expect(res.status, res.text).toBe(409);
      expect(res.json.code).toBe('payments_not_configured');
    } finally {
      await unconfigured.stop();
    }
  });
});

describe('the payer of a paid registration that was no longer possible', () => {
  async function expectOneMailToJonas(
    dinner: PublicDinner,
    reason: PaidNotRegisteredReason,
    language: Language = 'en',
  ) {
    const mails = await mailsOf(dinner);
    expect(mails.map((m) => [m.recipient_email, m.participant_id, m.status])).toEqual([
      ['jonas.weiss@example.org', null, expect.any(String)],
    ]);
    const row = await server.deps.db
      .selectFrom('running_dinner')
      .select(['public_title', 'date', 'city', 'public_contact_email'])
      .where('id', '=', dinner.id)
      .executeTakeFirstOrThrow();
    const expected = paidNotRegisteredMail({
      language,
      firstname: 'Jonas',
      email: 'jonas.weiss@example.org',
      title: row.public_title,
      date: row.date,
      city: row.city,
      amountCents: 1250,
      currency: 'EUR',
      reason,
      contactEmail: row.public_contact_email,
    });
    // The template's text in the order's language, with the reason the server found.
    expect({ subject: mails[0].subject, text: mails[0].body_text }).toEqual(expected);
  }

  it('is mailed once that the address was registered meanwhile and that the organiser refunds the fee', async () => {
    const dinner = await pricedDinner();
    const placed = await order(dinner);
    await addJonasByHand(dinner);
    const event = fake.pay(placed.session.id);
    await delivered(server, fake, event);
    // Stripe's retry of the same event, and another event about the paid session.
    await delivered(server, fake, event);
    await delivered(server, fake, fake.pay(placed.session.id));
    expect(await statusOf(dinner, placed.orderId)).toBe('PAID_NOT_REGISTERED');
    await expectOneMailToJonas(dinner, 'EMAIL_TAKEN');
    expect(await activitiesOf(dinner, 'PAID_NOT_REGISTERED')).toHaveLength(1);
  });

  it('is mailed in the language of the order that the event was cancelled', async () => {
    const dinner = await pricedDinner();
    const placed = await order(dinner, {}, GERMAN);
    expect((await call(server, 'DELETE', adminPath(dinner.adminId))).status).toBe(200);
    await delivered(server, fake, fake.pay(placed.session.id));
    await expectOneMailToJonas(dinner, 'CANCELLED', 'de');
  });

  it('is mailed that the registration had closed', async () => {
    const dinner = await pricedDinner();
    const placed = await order(dinner, { languageCode: 'en' });
    await daysLater(server, 26, () => delivered(server, fake, fake.pay(placed.session.id)));
    await expectOneMailToJonas(dinner, 'CLOSED');
  });

  it('is mailed that the organiser stopped taking registrations', async () => {
    const dinner = await pricedDinner();
    const placed = await order(dinner);
    const stopped = await call(server, 'PUT', adminPath(dinner.adminId, '/publicsettings/registration/false'));
    expect(stopped.status, stopped.text).toBe(200);
    await delivered(server, fake, fake.pay(placed.session.id));
    await expectOneMailToJonas(dinner, 'DEACTIVATED');
  });
});

describe("an order's live status", () => {
  const streamPath = (dinner: Pick<PublicDinner, 'publicDinnerId'>, orderId: string) =>
    `/frontend/v1/runningdinner/${dinner.publicDinnerId}/order/${orderId}/events`;

  it('sends the status once the payment arrived, then ends', async () => {
    const dinner = await pricedDinner();
    const placed = await order(dinner);
    const before = server.deps.bus.subscriberCount();
    const stream = await openSse(server, streamPath(dinner, placed.orderId));
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await waitUntil(() => server.deps.bus.subscriberCount() === before + 1);
    await delivered(server, fake, fake.pay(placed.session.id));
    await stream.until((s) => s.ended());
    expect(received(stream)).toEqual([{ type: 'status', data: { orderId: placed.orderId, status: 'PAID' } }]);
    await waitUntil(() => server.deps.bus.subscriberCount() === before);
  });

  it('waits through an asynchronous payment and ends with its failure', async () => {
    const dinner = await pricedDinner();
    const placed = await order(dinner);
    const stream = await openSse(server, streamPath(dinner, placed.orderId));
    await delivered(server, fake, fake.pay(placed.session.id, { async: true }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stream.events).toEqual([]);
    expect(stream.ended()).toBe(false);
    await delivered(server, fake, fake.asyncResult(placed.session.id, 'failed'));
    await stream.until((s) => s.ended());
    expect(received(stream)).toEqual([{ type: 'status', data: { orderId: placed.orderId, status: 'FAILED' } }]);
  });

  it('tells a paid-not-registered order too', async () => {
    const dinner = await pricedDinner();
    const placed = await order(dinner);
    await addJonasByHand(dinner);
    const stream = await openSse(server, streamPath(dinner, placed.orderId));
    await delivered(server, fake, fake.pay(placed.session.id));
    await stream.until((s) => s.ended());
    expect(received(stream)).toEqual([
      { type: 'status', data: { orderId: placed.orderId, status: 'PAID_NOT_REGISTERED' } },
    ]);
  });

  it('answers 204 for an order no longer pending, and 404 for an unknown one or through another event', async () => {
    const dinner = await pricedDinner();
    const other = await pricedDinner();
    const { orderId } = await paidOrder(dinner);
    expect((await openSse(server, streamPath(dinner, orderId))).status).toBe(204);
    const pending = await order(dinner, { email: 'lena@example.org' });
    for (const [target, id] of [
      [other, pending.orderId],
      [dinner, crypto.randomUUID()],
      [dinner, 'kaputt'],
      [{ publicDinnerId: dinner.adminId }, pending.orderId],
    ] as const) {
      const stream = await openSse(server, streamPath(target, id));
      expect(stream.status, `${target.publicDinnerId}/${id}`).toBe(404);
    }
  });
});

describe('the participants export of an event with a fee', () => {
  async function exported(dinner: PublicDinner): Promise<Record<string, string>[]> {
    const res = await call(server, 'GET', participantsPath(dinner.adminId, '/participants/export?format=csv'));
    expect(res.status, res.text).toBe(200);
    const [header, ...rows] = res.text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '')
      .map((line) =>
        [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => (m[1] ?? m[2]).replaceAll('""', '"')),
      );
    return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
  }
  const PAYMENT = translate('en', OrdersMessage.exportColumn.id);

  it("has each participant's payment status; a partner registered together shares the order", async () => {
    const dinner = await pricedDinner();
    await paidOrder(dinner, PARTNER);
    const back = await paidOrder(dinner, { email: 'lena@example.org', firstnamePart: 'Lena', lastname: 'Berg' });
    await refunded(dinner, back.orderId);
    const added = await call(
      server,
      'POST',
      participantsPath(dinner.adminId, '/participant'),
      participantInput({ email: 'tom@example.org', firstnamePart: 'Tom' }),
    );
    expect(added.status, added.text).toBe(200);
    const rows = await exported(dinner);
    expect(rows.map((row) => [row['First name'], row[PAYMENT]])).toEqual([
      ['Jonas', 'PAID'],
      ['Mia', 'PAID'],
      ['Lena', 'REFUNDED'],
      ['Tom', ''],
    ]);
  });

  it('has no payment column when the event takes no fee', async () => {
    const dinner = await createPublicDinner(server);
    const added = await call(server, 'POST', participantsPath(dinner.adminId, '/participant'), participantInput());
    expect(added.status, added.text).toBe(200);
    const [row] = await exported(dinner);
    expect(Object.keys(row)).not.toContain(PAYMENT);
    expect(row).toBeDefined();
  });
});
