import { expect } from 'vitest';
import { createBody, publicPath, registrationForm } from './factories.js';
import type { StripeFake } from './stripe-fake.js';
import { call, type RequestHeaders, type TestServer } from './test-server.js';

// Paid registrations against the Stripe stand-in (tests/support/stripe-fake.ts), for the in-process test server and
// the built server as a child process alike: every helper names the server and the fake it works with.

const SECRET_KEY = 'sk_test_fake';
export const WEBHOOK_SECRET = 'whsec_test_payments';

type Server = Pick<TestServer, 'baseUrl'>;

/** The environment that points a server at the fake. */
export const stripeEnv = (fake: Pick<StripeFake, 'url'>) => ({
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: fake.url,
});

/** The organiser's payments API of an event. */
export const paymentsPath = (adminId: string, suffix = '') =>
  `/paymentoptionsservice/v1/runningdinner/${adminId}${suffix}`;

/** The event takes `price` euros per registration (expects 201). */
export async function setPrice(server: Server, adminId: string, price = '12.50'): Promise<void> {
  const res = await call(server, 'POST', paymentsPath(adminId), {
    brandName: 'Dinner e. V.',
    pricePerRegistration: price,
  });
  expect(res.status, res.text).toBe(201);
}

/** Orders `registrationForm(form)` (expects 200) and answers the order with the session it opened at the fake. */
export async function ordered(
  server: Server,
  fake: StripeFake,
  publicDinnerId: string,
  form: Record<string, unknown> = {},
  headers: RequestHeaders = {},
) {
  const res = await call(server, 'POST', publicPath(publicDinnerId, '/order'), registrationForm(form), headers);
  expect(res.status, res.text).toBe(200);
  const { orderId, checkoutUrl } = res.json as { orderId: string; checkoutUrl: string };
  const session = [...fake.sessions.values()].find((s) => s.url === checkoutUrl);
  expect(session, `no session at ${checkoutUrl}`).toBeDefined();
  return { orderId, checkoutUrl, session: session! };
}

/** A webhook delivery as Stripe makes it: the raw body with its Stripe-Signature header. */
export const deliver = (server: Server, delivery: { payload: string; header: string }) =>
  call(server, 'POST', '/stripe/webhook', delivery.payload, { 'Stripe-Signature': delivery.header });

/** Signs `event` with the servers' webhook secret now and delivers it; expects 200. */
export async function delivered(server: Server, fake: StripeFake, event: unknown) {
  const res = await deliver(server, fake.signed(event, WEBHOOK_SECRET));
  expect(res.status, res.text).toBe(200);
  return res;
}

/** The status GET …/order/:orderId answers (expects 200). */
export async function orderStatusOf(server: Server, publicDinnerId: string, orderId: string): Promise<string> {
  const res = await call(server, 'GET', publicPath(publicDinnerId, `/order/${orderId}`));
  expect(res.status, res.text).toBe(200);
  expect(res.json).toEqual({ orderId, status: expect.any(String) });
  return res.json.status;
}

/** The event's participants in registration order, read from its database. */
export const participantsOf = (server: Pick<TestServer, 'deps'>, runningDinnerId: string) =>
  server.deps.db
    .selectFrom('participant')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .orderBy('participant_number')
    .execute();

/** The event's mails to anyone but the organiser (who was mailed about the created event). */
export const mailsOf = (server: Pick<TestServer, 'deps'>, runningDinnerId: string) =>
  server.deps.db
    .selectFrom('message_task')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .where('recipient_email', '!=', createBody().email)
    .orderBy('created_at')
    .execute();
