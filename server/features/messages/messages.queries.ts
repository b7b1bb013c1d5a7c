import type { DbOrTrx } from '../../../db/transaction.js';

// The queries of messages that other features read too.

/** When the next team and route messages are scheduled to go out (null: none is). */
export async function scheduledMailTimes(db: DbOrTrx, runningDinnerId: string) {
  const rows = await db
    .selectFrom('message_job')
    .select(['message_type', (eb) => eb.fn.min('send_at').as('next')])
    .where('running_dinner_id', '=', runningDinnerId)
    .where('status', '=', 'SCHEDULED')
    .where('message_type', 'in', ['TEAM', 'DINNER_ROUTE'])
    .groupBy('message_type')
    .execute();
  const next = (type: string) => rows.find((r) => r.message_type === type)?.next ?? null;
  return { teams: next('TEAM'), routes: next('DINNER_ROUTE') };
}
