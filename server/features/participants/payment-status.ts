import type { OrderStatus } from '../../../contract/orders.js';
import type { DbOrTrx } from '../../../db/transaction.js';

// Reads the payment tables for the participant list. It lives here, below payments/, because payments registers
// through registration/, which builds on participants/: the other way round the features would import in a circle.

/**
 * The status of the order that registered each participant of the event (participant id → status), or null when
 * the event takes no fee and no order registered anyone: then nobody pays, and there is nothing to show.
 */
export async function paymentStatusByParticipant(
  db: DbOrTrx,
  runningDinnerId: string,
): Promise<Map<string, OrderStatus> | null> {
  const rows = await db
    .selectFrom('payment_order')
    .select(['participant_id', 'status'])
    .where('running_dinner_id', '=', runningDinnerId)
    .where('participant_id', 'is not', null)
    .execute();
  const hasFee =
    (await db
      .selectFrom('payment_option')
      .select('running_dinner_id')
      .where('running_dinner_id', '=', runningDinnerId)
      .executeTakeFirst()) !== undefined;
  if (!hasFee && rows.length === 0) return null;
  return new Map(rows.map((row) => [row.participant_id as string, row.status]));
}
