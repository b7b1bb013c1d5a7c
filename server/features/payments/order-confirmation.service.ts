import type Stripe from 'stripe';
import type { RegistrationForm } from '../../../contract/participants.js';
import type { PaymentOrderRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import { registrationStateOf } from '../../../domain/events/registration-state.js';
import type { Deps } from '../../deps.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import { isUuid, redactIds } from '../../lib/ids.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { enqueueMail } from '../mail/mail-queue.js';
import { type PaidNotRegisteredReason, paidNotRegisteredMail } from '../mail/system-mails/paid-not-registered-mail.js';
import { type PublicDinnerRow, publicDinnerForPayment } from '../registration/public-dinners.service.js';
import { storeRegistration } from '../registration/registration.service.js';
import { moveOrder } from './order-moves.js';
import * as repo from './orders.repo.js';

// A paid registration is an order with a status. The participant is registered only when Stripe says the payment
// succeeded (the signed webhook), in the transaction that records the event: a repeated or concurrent event finds
// it and changes nothing, and a failure after a success never undoes the payment.

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
    language: order.language_code,
    ...mail,
  });
}
