import type Stripe from 'stripe';
import type { PaymentOrderRow } from '../../../db/schema.js';
import { writeTransaction, type Trx } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound, ValidationError } from '../../lib/errors.js';
import { isUuid, newId, redactIds } from '../../lib/ids.js';
import { stripeOf, WEBHOOK_TOLERANCE_SECONDS } from '../../lib/stripe.js';
import { ActivityType, recordActivity } from '../activities/activities.service.js';
import { publicDinnerUrl } from '../events/dinner-access.js';
import type { Language } from '../events/events.schema.js';
import { reserveMailTo } from '../messages/mail-limits.js';
import type { RegistrationForm } from '../participants/participants.schema.js';
import { checkRegistration, publicDinnerForPayment, storeRegistration } from '../registration/registration.service.js';
import { OrdersMessage } from './orders.messages.js';
import * as repo from './orders.repo.js';
import type { OrderCreated, OrderState } from './orders.schema.js';

// A paid registration is an order with a status. The participant is registered only when Stripe says the payment
// succeeded (the signed webhook), in the transaction that records the event: a repeated or concurrent event finds
// it and changes nothing, and a failure after a success never undoes the payment.

function stripeClient(deps: Deps): Stripe {
  const stripe = stripeOf(deps.config);
  if (!stripe) throw new AppError('payments_not_configured', OrdersMessage.notConfigured.id);
  return stripe;
}

const paymentPageUrl = (deps: Deps, publicDinnerId: string, orderId: string) => `${publicDinnerUrl(deps, publicDinnerId)}/payment/${orderId}`;

/**
 * Checks the registration exactly like `register`, stores it as a pending order and opens a Stripe Checkout Session
 * for it (the order id is the idempotency key, so a retried request cannot open a second one).
 */
export async function createOrder(deps: Deps, publicDinnerId: string, form: RegistrationForm, requestLanguage: Language): Promise<OrderCreated> {
  const stripe = stripeClient(deps);
  const { dinner, summary } = await checkRegistration(deps, publicDinnerId, form);
  if (!summary.totalPrice) throw new AppError('no_registration_fee', OrdersMessage.noRegistrationFee.id);
  reserveMailTo(deps, form.email);
  const orderId = newId();
  const now = deps.clock.now().toISOString();
  const { amountCents, currency } = summary.totalPrice;
  await writeTransaction(deps.db, (trx) =>
    repo.insertOrder(trx, {
      id: orderId,
      running_dinner_id: dinner.id,
      status: 'PENDING',
      email: form.email,
      firstname_part: form.firstnamePart,
      lastname: form.lastname,
      registration: JSON.stringify(form),
      language_code: form.languageCode ?? requestLanguage,
      amount_cents: amountCents,
      currency,
      created_at: now,
    }),
  );
  const session = await openCheckout(stripe, {
    orderId,
    email: form.email,
    amountCents,
    currency,
    name: dinner.public_title,
    returnUrl: paymentPageUrl(deps, dinner.public_dinner_id, orderId),
  });
  await writeTransaction(deps.db, (trx) => repo.setCheckoutSession(trx, orderId, session.id, deps.clock.now().toISOString()));
  return { orderId, checkoutUrl: session.url ?? '' };
}

interface Checkout {
  orderId: string;
  email: string;
  amountCents: number;
  currency: string;
  name: string;
  returnUrl: string;
}

async function openCheckout(stripe: Stripe, checkout: Checkout): Promise<Stripe.Checkout.Session> {
  try {
    return await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: checkout.orderId,
        customer_email: checkout.email,
        line_items: [{ quantity: 1, price_data: { currency: checkout.currency.toLowerCase(), unit_amount: checkout.amountCents, product_data: { name: checkout.name } } }],
        success_url: checkout.returnUrl,
        cancel_url: `${checkout.returnUrl}?cancelled`,
        metadata: { orderId: checkout.orderId },
      },
      { idempotencyKey: checkout.orderId },
    );
  } catch (error) {
    console.error('stripe: no checkout session:', redactIds(String(error)));
    throw new AppError('payment_provider_unreachable', OrdersMessage.providerUnreachable.id, undefined, 60);
  }
}

/** The status of an order of this event (the payment page follows it); 404 for another event's or an unknown one. */
export async function orderState(deps: Deps, publicDinnerId: string, orderId: string): Promise<OrderState> {
  const order = isUuid(orderId) ? await repo.findOrder(deps.db, orderId) : undefined;
  const event = order ? await publicDinnerForPayment(deps, deps.db, order.running_dinner_id) : null;
  if (!order || event?.dinner.public_dinner_id !== publicDinnerId) throw notFound();
  return { orderId: order.id, status: order.status };
}

/** Verifies a webhook delivery on its raw body (signature, secret, at most 5 minutes old) and answers the event. */
export function verifiedEvent(deps: Deps, rawBody: string, signature: string | undefined): Stripe.Event {
  const stripe = stripeOf(deps.config);
  const secret = deps.config.stripe?.webhookSecret;
  if (!stripe || !secret || !signature) throw new AppError('invalid_signature', OrdersMessage.invalidSignature.id);
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new AppError('invalid_signature', OrdersMessage.invalidSignature.id);
  }
}

const PAYMENT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed']);

/** Handles one verified event once: repeated, concurrent and unknown ones change nothing. */
export async function handleStripeEvent(deps: Deps, event: Stripe.Event): Promise<void> {
  if (!PAYMENT_EVENTS.has(event.type)) return;
  const session = event.data.object as Stripe.Checkout.Session;
  await writeTransaction(deps.db, async (trx) => {
    const orderId = session.client_reference_id;
    const order = orderId && isUuid(orderId) ? await repo.findOrder(trx, orderId) : undefined;
    const now = deps.clock.now();
    if (!(await repo.recordEvent(trx, event, order?.id ?? null, now.toISOString()))) return;
    if (!order) {
      console.warn(`stripe: ${event.type} for an unknown order (session ${redactIds(session.id)})`);
      return;
    }
    const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    if (event.type === 'checkout.session.async_payment_failed') {
      await repo.moveOrder(trx, order.id, ['PENDING'], { status: 'FAILED', updated_at: now.toISOString() });
    } else if (event.type === 'checkout.session.async_payment_succeeded' || session.payment_status !== 'unpaid') {
      await registerPaidOrder(deps, trx, order, paymentIntent, now);
    }
  });
}

/**
 * A paid order becomes a confirmed registration; when that is no longer possible (the deadline passed, the address
 * registered meanwhile, the event cancelled) it is kept as paid-not-registered for the organiser to refund.
 */
async function registerPaidOrder(deps: Deps, trx: Trx, order: PaymentOrderRow, paymentIntent: string | null, now: Date): Promise<void> {
  if (order.status !== 'PENDING' && order.status !== 'FAILED') return;
  const event = await publicDinnerForPayment(deps, trx, order.running_dinner_id);
  const form = JSON.parse(order.registration) as RegistrationForm;
  const participantId = event?.open ? await storeRegistration(deps, trx, event.dinner, form, order.language_code, now, { paid: true }).catch(notRegistrable) : null;
  const at = now.toISOString();
  if (participantId) {
    await repo.moveOrder(trx, order.id, ['PENDING', 'FAILED'], { status: 'PAID', participant_id: participantId, payment_intent_id: paymentIntent, updated_at: at });
    return;
  }
  await repo.moveOrder(trx, order.id, ['PENDING', 'FAILED'], { status: 'PAID_NOT_REGISTERED', payment_intent_id: paymentIntent, updated_at: at });
  await recordActivity(deps, trx, order.running_dinner_id, ActivityType.paidNotRegistered, 'SYSTEM', now, { name: `${order.firstname_part} ${order.lastname}` });
}

/** The address registered meanwhile (a refusal, thrown before anything is written): a payment to give back. */
function notRegistrable(error: unknown): null {
  if (error instanceof AppError || error instanceof ValidationError) return null;
  throw error;
}
