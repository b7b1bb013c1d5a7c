import type { MessageType } from '../../../contract/messages.js';
import type { MessageJobRow, MessageTaskRow } from '../../../db/schema.js';
import type { DbOrTrx, Trx } from '../../../db/transaction.js';

export interface TaskCounts {
  total: number;
  queued: number;
  sending: number;
  sent: number;
  failed: number;
}

export function findJob(db: DbOrTrx, runningDinnerId: string, jobId: string): Promise<MessageJobRow | undefined> {
  return db
    .selectFrom('message_job')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .where('id', '=', jobId)
    .executeTakeFirst();
}

export function findJobById(db: DbOrTrx, jobId: string): Promise<MessageJobRow | undefined> {
  return db.selectFrom('message_job').selectAll().where('id', '=', jobId).executeTakeFirst();
}

export function findJobByKey(db: DbOrTrx, idempotencyKey: string): Promise<MessageJobRow | undefined> {
  return db.selectFrom('message_job').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/** Whom each task of a job goes to. */
export function listTaskRecipients(db: DbOrTrx, jobId: string) {
  return db.selectFrom('message_task').select(['id', 'participant_id']).where('message_job_id', '=', jobId).execute();
}

/** Newest first. */
export function listJobs(db: DbOrTrx, runningDinnerId: string, messageType: MessageType): Promise<MessageJobRow[]> {
  return db
    .selectFrom('message_job')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .where('message_type', '=', messageType)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function listUnfinishedJobs(db: DbOrTrx): Promise<MessageJobRow[]> {
  return db
    .selectFrom('message_job')
    .selectAll()
    .where('status', 'not in', ['SENDING_FINISHED', 'SCHEDULED'])
    .execute();
}

export async function insertJob(trx: Trx, row: MessageJobRow): Promise<void> {
  await trx.insertInto('message_job').values(row).execute();
}

export async function updateJob(
  trx: Trx,
  jobId: string,
  changes: Partial<Pick<MessageJobRow, 'status' | 'sending_failed' | 'finished_at'>>,
): Promise<void> {
  await trx.updateTable('message_job').set(changes).where('id', '=', jobId).execute();
}

/** How many of each job's tasks are in each state, for the given jobs. */
export async function taskCountsOf(db: DbOrTrx, jobIds: readonly string[]): Promise<Map<string, TaskCounts>> {
  const counts = new Map<string, TaskCounts>(
    jobIds.map((id) => [id, { total: 0, queued: 0, sending: 0, sent: 0, failed: 0 }]),
  );
  if (jobIds.length === 0) return counts;
  const rows = await db
    .selectFrom('message_task')
    .select((eb) => ['message_job_id', 'status', eb.fn.countAll<number>().as('count')])
    .where('message_job_id', 'in', jobIds)
    .groupBy(['message_job_id', 'status'])
    .execute();
  for (const row of rows) {
    const entry = counts.get(row.message_job_id as string);
    if (!entry) continue;
    const count = Number(row.count);
    entry.total += count;
    if (row.status === 'QUEUED') entry.queued += count;
    if (row.status === 'SENDING') entry.sending += count;
    if (row.status === 'SENT') entry.sent += count;
    if (row.status === 'FAILED') entry.failed += count;
  }
  return counts;
}

export function listTasks(db: DbOrTrx, jobId: string): Promise<MessageTaskRow[]> {
  return db
    .selectFrom('message_task')
    .selectAll()
    .where('message_job_id', '=', jobId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A task of one of the dinner's jobs. */
export function findJobTask(db: DbOrTrx, runningDinnerId: string, taskId: string): Promise<MessageTaskRow | undefined> {
  return db
    .selectFrom('message_task')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .where('id', '=', taskId)
    .where('message_job_id', 'is not', null)
    .executeTakeFirst();
}

export async function requeueTask(
  trx: Trx,
  taskId: string,
  changes: Pick<MessageTaskRow, 'recipient_email' | 'body_text' | 'message_id' | 'next_attempt_at'>,
): Promise<void> {
  await trx
    .updateTable('message_task')
    .set((eb) => ({
      ...changes,
      status: 'QUEUED',
      attempts: 0,
      failure_type: null,
      last_error: null,
      sent_at: null,
      resend_count: eb('resend_count', '+', 1),
    }))
    .where('id', '=', taskId)
    .execute();
}
