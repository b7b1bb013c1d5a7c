import Stripe from 'stripe';
import {
  type PaymentOrder,
  type PaymentsList,
  REFUNDABLE_STATUSES,
  type RefundResult,
} from '../../../contract/orders.js';
import { OrdersMessage } from '../../../contract/orders.messages.js';
import { CURRENCY } from '../../../contract/payment-options.js';
import type { PaymentOrderRow, PaymentOrderStatus, RunningDinnerRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid, redactIds } from '../../lib/ids.js';
import { stripeOf } from '../../lib/stripe.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { moveOrder } from './order-moves.js';
import * as repo from './orders.repo.js';
import { stripeClient } from './stripe-client.js';

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

/** The event's paid orders not given back yet: what a cancel with `refundPaid` refunds. */
export async function refundableOrderIds(deps: Deps, dinner: RunningDinnerRow): Promise<string[]> {
  const rows = await repo.listOrders(deps.db, dinner.id);
  return rows.filter((row) => (REFUNDABLE_STATUSES as readonly string[]).includes(row.status)).map((row) => row.id);
}

/**
 * Gives back every paid order of the event, one after the other (each its own refund at Stripe, then its own
 * transaction); one refused is counted and left for the payments page, where it can be tried again.
 */
export async function refundAllPaid(
  deps: Deps,
  dinner: RunningDinnerRow,
): Promise<{ refunded: number; failed: number }> {
  let refunded = 0;
  let failed = 0;
  for (const orderId of await refundableOrderIds(deps, dinner)) {
    try {
      if ((await refundOrder(deps, dinner, orderId)).refunded) refunded += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed += 1;
    }
  }
  return { refunded, failed };
}
