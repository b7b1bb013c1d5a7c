import type { DbOrTrx } from '../../../db/transaction.js';

// The queries of the mail queue that other features read.

/** People who got a dinner-route mail of the dinner, or will (it is queued): a new plan makes their routes wrong. */
export async function dinnerRouteRecipients(db: DbOrTrx, runningDinnerId: string): Promise<number> {
  const row = await db
    .selectFrom('message_task')
    .innerJoin('message_job', 'message_job.id', 'message_task.message_job_id')
    .select((eb) => eb.fn.count<number>('message_task.recipient_email').distinct().as('count'))
    .where('message_job.running_dinner_id', '=', runningDinnerId)
    .where('message_job.message_type', '=', 'DINNER_ROUTE')
    .where('message_task.status', '!=', 'FAILED')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
