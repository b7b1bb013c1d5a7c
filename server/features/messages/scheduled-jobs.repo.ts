import type { MessageJobRow } from '../../../db/schema.js';
import type { DbOrTrx, Trx } from '../../../db/transaction.js';

// The scheduled message jobs: found when due, started once (the first to move the row wins), moved or cancelled
// while they wait.

export function listDueScheduledJobs(db: DbOrTrx, now: Date): Promise<MessageJobRow[]> {
  return db
    .selectFrom('message_job')
    .selectAll()
    .where('status', '=', 'SCHEDULED')
    .where('send_at', '<=', now.toISOString())
    .orderBy('send_at')
    .execute();
}

export async function nextScheduledTime(db: DbOrTrx): Promise<Date | undefined> {
  const row = await db
    .selectFrom('message_job')
    .select((eb) => eb.fn.min('send_at').as('next'))
    .where('status', '=', 'SCHEDULED')
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : undefined;
}

/** Moves a waiting job on to `changes`; false when it is not waiting any more (started elsewhere, or cancelled). */
export async function moveScheduledJob(
  trx: Trx,
  jobId: string,
  changes: Partial<Pick<MessageJobRow, 'status' | 'sending_failed' | 'finished_at' | 'send_at'>>,
): Promise<boolean> {
  const result = await trx
    .updateTable('message_job')
    .set(changes)
    .where('id', '=', jobId)
    .where('status', '=', 'SCHEDULED')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes a job that has not started; false when it started meanwhile. */
export async function deleteScheduledJob(trx: Trx, runningDinnerId: string, jobId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('message_job')
    .where('id', '=', jobId)
    .where('running_dinner_id', '=', runningDinnerId)
    .where('status', '=', 'SCHEDULED')
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
