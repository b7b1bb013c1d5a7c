import Stripe from 'stripe';
import type { Language } from '../../../contract/dinner.js';
import {
  ORDER_STATUS_EVENT,
  type OrderCreated,
  type OrderState,
  type OrderStatusEvent,
  type PaymentOrder,
  type PaymentsList,
  REFUNDABLE_STATUSES,
  type RefundResult,
} from '../../../contract/orders.js';
import { OrdersMessage } from '../../../contract/orders.messages.js';
import type { RegistrationForm } from '../../../contract/participants.js';
import { CURRENCY } from '../../../contract/payment-options.js';
import type { PaymentOrderRow, PaymentOrderStatus, RunningDinnerRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import { registrationStateOf } from '../../../domain/events/registration-state.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound, ValidationError } from '../../lib/errors.js';
import { Topic } from '../../lib/event-bus.js';
import { isUuid, newId, redactIds } from '../../lib/ids.js';
import { stripeOf, WEBHOOK_TOLERANCE_SECONDS } from '../../lib/stripe.js';
import { paymentPageUrl } from '../links/links.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { reserveMailTo } from '../mail/mail-limits.js';
import { enqueueMail } from '../mail/mail-queue.js';
import { type PaidNotRegisteredReason, paidNotRegisteredMail } from '../mail/system-mails.js';
import {
  checkRegistration,
  type PublicDinnerRow,
  publicDinnerForPayment,
  storeRegistration,
} from '../registration/registration.service.js';
import * as repo from './orders.repo.js';

// A paid registration is an order with a status. The participant is registered only when Stripe says the payment
// succeeded (the signed webhook), in the transaction that records the event: a repeated or concurrent event finds
// it and changes nothing, and a failure after a success never undoes the payment.

function stripeClient(deps: Deps): Stripe {
  const stripe = stripeOf(deps.config);
  if (!stripe) throw new AppError('payments_not_configured', OrdersMessage.notConfigured.id);
  return stripe;
}

/**
 * Checks the registration exactly like `register`, stores it as a pending order and opens a Stripe Checkout Session
 * for it (the order id is the idempotency key, so a retried request cannot open a second one).
 */
export async function createOrder(
  deps: Deps,
  publicDinnerId: string,
  form: RegistrationForm,
  requestLanguage: Language,
): Promise<OrderCreated> {
  const stripe = stripeClient(deps);
  const { dinner, summary } = await checkRegistration(deps, publicDinnerId, form);
  if (!summary.totalPrice) throw new AppError('no_registration_fee', OrdersMessage.noRegistrationFee.id);
  await reserveMailTo(deps, form.email);
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
  await writeTransaction(deps.db, (trx) =>
    repo.setCheckoutSession(trx, orderId, session.id, deps.clock.now().toISOString()),
  );
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
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: checkout.currency.toLowerCase(),
              unit_amount: checkout.amountCents,
              product_data: { name: checkout.name },
            },
          },
        ],
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

/** Whether every time the Stripe-Signature header names (`t=`, in seconds) is at most `latestSeconds`. */
const signedNoLaterThan = (signature: string, latestSeconds: number) => {
  const times = [...signature.matchAll(/(?:^|,)\s*t=([^,]*)/g)].map((match) => Number(match[1]));
  return times.length > 0 && times.every((t) => t <= latestSeconds);
};

/**
 * Verifies a webhook delivery on its raw body (signature, secret, at most 5 minutes old and at most 5 minutes
 * ahead: a signature dated later would stay replayable for that long) and answers the event. Stripe's clock signs,
 * so the real time is compared, not the app's clock.
 */
export function verifiedEvent(deps: Deps, rawBody: string, signature: string | undefined): Stripe.Event {
  const stripe = stripeOf(deps.config);
  const secret = deps.config.stripe?.webhookSecret;
  if (!stripe || !secret || !signature) throw new AppError('invalid_signature', OrdersMessage.invalidSignature.id);
  const receivedAtMs = Date.now();
  if (!signedNoLaterThan(signature, receivedAtMs / 1000 + WEBHOOK_TOLERANCE_SECONDS))
    throw new AppError('invalid_signature', OrdersMessage.invalidSignature.id);
  try {
    return stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      receivedAtMs,
    );
  } catch {
    throw new AppError('invalid_signature', OrdersMessage.invalidSignature.id);
  }
}

const PAYMENT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
]);

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
    const paymentIntent =
      typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    if (event.type === 'checkout.session.async_payment_failed') {
      await moveOrder(deps, trx, order.id, ['PENDING'], { status: 'FAILED', updated_at: now.toISOString() });
    } else if (event.type === 'checkout.session.async_payment_succeeded' || session.payment_status !== 'unpaid') {
      await registerPaidOrder(deps, trx, order, paymentIntent, now);
    }
  });
}

/**
 * Moves an order on from one of `from` (see repo.moveOrder) and, once that committed, tells its stream the new
 * status. Answers whether it moved.
 */
async function moveOrder(
  deps: Deps,
  trx: Trx,
  id: string,
  from: readonly PaymentOrderStatus[],
  changes: Parameters<typeof repo.moveOrder>[3],
): Promise<boolean> {
  const moved = await repo.moveOrder(trx, id, from, changes);
  if (moved) {
    const data: OrderStatusEvent = { orderId: id, status: changes.status };
    trx.afterCommit(() => deps.bus.publish(Topic.order(id), ORDER_STATUS_EVENT, data));
  }
  return moved;
}

/**
 * A paid order becomes a confirmed registration; when that is no longer possible (the deadline passed, the address
 * registered meanwhile, the event cancelled) it is kept as paid-not-registered for the organiser to refund, and the
 * payer is told why and that the fee comes back.
 */
async function registerPaidOrder(
  deps: Deps,
  trx: Trx,
  order: PaymentOrderRow,
  paymentIntent: string | null,
  now: Date,
): Promise<void> {
  if (order.status !== 'PENDING' && order.status !== 'FAILED') return;
  const event = await publicDinnerForPayment(deps, trx, order.running_dinner_id);
  const { participantId, reason } = event?.open
    ? await tryToRegister(deps, trx, event.dinner, order, now)
    : { participantId: null, reason: event ? closedReason(deps, event.dinner) : null };
  const at = now.toISOString();
  if (participantId) {
    await moveOrder(deps, trx, order.id, ['PENDING', 'FAILED'], {
      status: 'PAID',
      participant_id: participantId,
      payment_intent_id: paymentIntent,
      updated_at: at,
    });
    return;
  }
  if (
    !(await moveOrder(deps, trx, order.id, ['PENDING', 'FAILED'], {
      status: 'PAID_NOT_REGISTERED',
      payment_intent_id: paymentIntent,
      updated_at: at,
    }))
  )
    return;
  await recordActivity(deps, trx, order.running_dinner_id, ActivityType.paidNotRegistered, 'SYSTEM', now, {
    name: `${order.firstname_part} ${order.lastname}`,
  });
  if (event) await tellNotRegistered(deps, trx, order, event.dinner, reason);
}

/**
 * Registers the order's form as paid. A refusal (the address registered meanwhile; thrown before anything is
 * written) answers no participant and the reason to tell the payer; anything else is thrown on.
 */
async function tryToRegister(
  deps: Deps,
  trx: Trx,
  dinner: PublicDinnerRow,
  order: PaymentOrderRow,
  now: Date,
): Promise<{ participantId: string | null; reason: PaidNotRegisteredReason }> {
  const form = JSON.parse(order.registration) as RegistrationForm;
  try {
    return {
      participantId: await storeRegistration(deps, trx, dinner, form, order.language_code, now, { paid: true }),
      reason: null,
    };
  } catch (error) {
    if (error instanceof ValidationError)
      return {
        participantId: null,
        reason: error.issues.some((issue) => issue.field === 'email') ? 'EMAIL_TAKEN' : null,
      };
    if (error instanceof AppError) return { participantId: null, reason: null };
    throw error;
  }
}

/** Why an event no longer takes registrations, in the words of the mail. */
function closedReason(deps: Deps, dinner: PublicDinnerRow): PaidNotRegisteredReason {
  const state = registrationStateOf(dinner, deps.clock.today());
  return state === 'CANCELLED'
    ? 'CANCELLED'
    : state === 'DEACTIVATED'
      ? 'DEACTIVATED'
      : state === 'OPEN'
        ? null
        : 'CLOSED';
}

/** Queues the mail to the payer of an order kept as paid-not-registered, in the order's language. */
async function tellNotRegistered(
  deps: Deps,
  trx: Trx,
  order: PaymentOrderRow,
  dinner: PublicDinnerRow,
  reason: PaidNotRegisteredReason,
): Promise<void> {
  const mail = paidNotRegisteredMail({
    language: order.language_code,
    firstname: order.firstname_part,
    email: order.email,
    title: dinner.public_title,
    date: dinner.date,
    city: dinner.city,
    amountCents: order.amount_cents,
    currency: order.currency,
    reason,
    contactEmail: dinner.public_contact_email,
  });
  await enqueueMail(deps, trx, {
    runningDinnerId: order.running_dinner_id,
    participantId: null,
    recipientEmail: order.email,
    owed: true,
    ...mail,
  });
}

// ---- the organiser's payments ----

const paymentOrderOf = (row: PaymentOrderRow): PaymentOrder => ({
  id: row.id,
  email: row.email,
  firstnamePart: row.firstname_part,
  lastname: row.lastname,
  amountCents: row.amount_cents,
  currency: row.currency,
  status: row.status,
  participantId: row.participant_id,
  createdAt: row.created_at,
});

/** The event's orders, newest first, with what was paid, given back and is still to do. */
export async function paymentsOf(deps: Deps, dinner: RunningDinnerRow): Promise<PaymentsList> {
  const rows = await repo.listOrders(deps.db, dinner.id);
  const sum = (statuses: readonly PaymentOrderStatus[]) =>
    rows.filter((row) => statuses.includes(row.status)).reduce((cents, row) => cents + row.amount_cents, 0);
  const count = (status: PaymentOrderStatus) => rows.filter((row) => row.status === status).length;
  return {
    stripeConfigured: stripeOf(deps.config) !== null,
    orders: rows.map(paymentOrderOf),
    totals: {
      paidCents: sum(REFUNDABLE_STATUSES),
      refundedCents: sum(['REFUNDED']),
      pendingCount: count('PENDING'),
      paidNotRegisteredCount: count('PAID_NOT_REGISTERED'),
      currency: rows[0]?.currency ?? CURRENCY,
    },
  };
}

const NOT_REFUNDABLE: Partial<Record<PaymentOrderStatus, string>> = {
  PENDING: OrdersMessage.refundNotPaid.id,
  FAILED: OrdersMessage.refundPaymentFailed.id,
};

/** The event's order named by `orderId`: 404 for another event's or an unknown one. */
async function eventOrder(deps: Deps, dinner: RunningDinnerRow, orderId: string): Promise<PaymentOrderRow> {
  const order = isUuid(orderId) ? await repo.findOrder(deps.db, orderId) : undefined;
  if (order?.running_dinner_id !== dinner.id) throw notFound();
  return order;
}

/**
 * Gives a paid order's fee back through Stripe, then marks it REFUNDED. The refund's idempotency key is the order's,
 * so any number of calls (two clicks at once, a retry after a lost answer) make one refund at Stripe, and the status
 * guard makes one change here; an order refunded before answers `refunded: false` and changes nothing. Works on
 * cancelled and past events too: that is when paid-not-registered orders are given back.
 */
export async function refundOrder(deps: Deps, dinner: RunningDinnerRow, orderId: string): Promise<RefundResult> {
  const order = await eventOrder(deps, dinner, orderId);
  if (order.status === 'REFUNDED') return { order: paymentOrderOf(order), refunded: false };
  const notRefundable = NOT_REFUNDABLE[order.status];
  if (notRefundable) throw new AppError('order_not_refundable', notRefundable);
  const stripe = stripeClient(deps);
  if (!order.payment_intent_id) throw new AppError('order_not_refundable', OrdersMessage.refundNoPayment.id);
  await refundAtStripe(stripe, order.id, order.payment_intent_id);
  const now = deps.clock.now();
  const refunded = await writeTransaction(deps.db, async (trx) => {
    if (
      !(await moveOrder(deps, trx, order.id, REFUNDABLE_STATUSES, {
        status: 'REFUNDED',
        updated_at: now.toISOString(),
      }))
    )
      return false;
    await recordActivity(deps, trx, dinner.id, ActivityType.paymentRefunded, 'ORGANIZER', now, {
      name: `${order.firstname_part} ${order.lastname}`,
      amountCents: order.amount_cents,
      currency: order.currency,
    });
    return true;
  });
  return { order: paymentOrderOf((await repo.findOrder(deps.db, order.id))!), refunded };
}

/** The refund at Stripe; one already made (with this key, or by hand in the dashboard) counts as made. */
async function refundAtStripe(stripe: Stripe, orderId: string, paymentIntent: string): Promise<void> {
  try {
    await stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: `refund-${orderId}` });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return;
    console.error('stripe: no refund:', redactIds(String(error)));
    if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) {
      throw new AppError('refund_refused', OrdersMessage.refundRefused.id);
    }
    throw new AppError('payment_provider_unreachable', OrdersMessage.refundProviderUnreachable.id, undefined, 60);
  }
}

// ---- the payment page's live status ----

/** What a stream of an order needs: 404 like `orderState`; `ended` once it is no longer PENDING (its last event). */
export async function orderStreamOf(
  deps: Deps,
  publicDinnerId: string,
  orderId: string,
): Promise<{ ended: { type: string; data: OrderStatusEvent } | null }> {
  const state = await orderState(deps, publicDinnerId, orderId);
  return { ended: state.status === 'PENDING' ? null : { type: ORDER_STATUS_EVENT, data: state } };
}
