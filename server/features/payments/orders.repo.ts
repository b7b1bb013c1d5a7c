import type { PaymentOrderRow, PaymentOrderStatus } from '../../../db/schema.js';
import type { DbOrTrx, Trx } from '../../../db/transaction.js';

type NewOrder = Omit<PaymentOrderRow, 'checkout_session_id' | 'payment_intent_id' | 'participant_id' | 'updated_at'>;

export async function insertOrder(trx: Trx, order: NewOrder): Promise<void> {
  await trx
    .insertInto('payment_order')
    .values({
      ...order,
      checkout_session_id: null,
      payment_intent_id: null,
      participant_id: null,
      updated_at: order.created_at,
    })
    .execute();
}

export const findOrder = (db: DbOrTrx, id: string): Promise<PaymentOrderRow | undefined> =>
  db.selectFrom('payment_order').selectAll().where('id', '=', id).executeTakeFirst();

export async function setCheckoutSession(trx: Trx, id: string, sessionId: string, now: string): Promise<void> {
  await trx
    .updateTable('payment_order')
    .set({ checkout_session_id: sessionId, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Moves an order on from one of `from` only: answers false when it was elsewhere (a late or repeated event). */
export async function moveOrder(
  trx: Trx,
  id: string,
  from: readonly PaymentOrderStatus[],
  changes: Partial<Pick<PaymentOrderRow, 'payment_intent_id' | 'participant_id'>> & {
    status: PaymentOrderStatus;
    updated_at: string;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('payment_order')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a Stripe event as handled; false when it was handled before (its id is the key). */
export async function recordEvent(
  trx: Trx,
  event: { id: string; type: string },
  orderId: string | null,
  now: string,
): Promise<boolean> {
  const result = await trx
    .insertInto('stripe_event')
    .values({ id: event.id, type: event.type, order_id: orderId, received_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The event's orders, newest first. */
export const listOrders = (db: DbOrTrx, runningDinnerId: string): Promise<PaymentOrderRow[]> =>
  db
    .selectFrom('payment_order')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
