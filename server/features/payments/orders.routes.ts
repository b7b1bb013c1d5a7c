import { Hono } from 'hono';
import { ORDER_STATUS_EVENT } from '../../../contract/orders.js';
import { validateRegistrationForm } from '../../../contract/participants.js';
import type { Deps } from '../../deps.js';
import { validBody } from '../../http/body.js';
import { languageOf } from '../../http/language.js';
import type { SseStreams } from '../../http/sse.js';
import { Topic } from '../../lib/event-bus.js';
import { createOrder, orderState, orderStreamOf } from './order-checkout.service.js';
import { handleStripeEvent } from './order-confirmation.service.js';
import { verifiedEvent } from './stripe-signature.js';

/** /rest/frontend/v1/runningdinner/:publicDinnerId/order — a registration that is paid by card before it counts. */
export function orderRoutes(deps: Deps) {
  const app = new Hono();
  app.post('/runningdinner/:publicDinnerId/order', async (c) => {
    const form = await validBody(c, validateRegistrationForm);
    return c.json(await createOrder(deps, c.req.param('publicDinnerId'), form, languageOf(c)));
  });
  app.get('/runningdinner/:publicDinnerId/order/:orderId', async (c) =>
    c.json(await orderState(deps, c.req.param('publicDinnerId'), c.req.param('orderId'))),
  );
  return app;
}

/** /rest/stripe/webhook — Stripe's signed events, verified on the raw body; each is handled once. */
export function stripeWebhookRoutes(deps: Deps) {
  const app = new Hono();
  app.post('/webhook', async (c) => {
    const event = verifiedEvent(deps, await c.req.text(), c.req.header('stripe-signature'));
    await handleStripeEvent(deps, event);
    return c.json({ received: true });
  });
  return app;
}

/**
 * /sse/frontend/v1/runningdinner/:publicDinnerId/order/:orderId/events — public, like GET …/order/:orderId: the
 * order's `status` once it left PENDING, then the stream closes. An order no longer PENDING answers 204 (a browser
 * then stops reconnecting and reads the status); another event's or an unknown order 404.
 */
export function orderSseRoutes(deps: Deps, streams: SseStreams) {
  const app = new Hono();
  app.get('/runningdinner/:publicDinnerId/order/:orderId/events', async (c) => {
    const publicDinnerId = c.req.param('publicDinnerId');
    const orderId = c.req.param('orderId');
    if ((await orderStreamOf(deps, publicDinnerId, orderId)).ended) return c.body(null, 204);
    const endedWith = async () => (await orderStreamOf(deps, publicDinnerId, orderId)).ended;
    return streams.open(c, Topic.order(orderId), { lastEvents: [ORDER_STATUS_EVENT], endedWith });
  });
  return app;
}
