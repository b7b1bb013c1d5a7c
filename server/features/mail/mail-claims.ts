import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import { skipLocked } from '../../../db/dialect.js';
import type { Database, MessageTaskRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import type { MailFailureType } from '../../../domain/messages/mail-failure.js';
import { markUndeliverable } from './undeliverable-addresses.js';

// The sender's side of the queue: claiming due tasks under a lease, and moving each on (SENT, FAILED, QUEUED again).

const MAX_ATTEMPTS = 8;

/** The instance that claims mail and how long its claim holds before another instance may take the mail over. */
export interface MailClaim {
  instanceId: string;
  leaseMs: number;
  /** Other instances share the database: a task whose lease ran out is theirs to take (the only instance never does). */
  shared: boolean;
}

/**
 * Claims the due tasks in one statement: QUEUED ones that are due and, with several instances, SENDING ones whose
 * claim ran out (their instance died or hung while sending: such a mail may go out twice, with the same Message-ID;
 * the instance that lost the claim can no longer move the task). On PostgreSQL the rows another instance is claiming
 * at the same moment are skipped, so no two instances take the same task at once.
 */
export async function claimDueTasks(db: Db, now: Date, limit: number, claim: MailClaim): Promise<MessageTaskRow[]> {
  const at = now.toISOString();
  const due = skipLocked(
    db,
    db
      .selectFrom('message_task')
      .select('id')
      .where((eb) => {
        const queued = eb.and([eb('status', '=', 'QUEUED'), eb('next_attempt_at', '<=', at)]);
        return claim.shared
          ? eb.or([queued, eb.and([eb('status', '=', 'SENDING'), eb('lease_until', '<', at)])])
          : queued;
      })
      .orderBy('next_attempt_at')
      .limit(limit),
  );
  return db
    .updateTable('message_task')
    .set({
      status: 'SENDING',
      attempts: sql`attempts + 1`,
      claimed_by: claim.instanceId,
      lease_until: new Date(now.getTime() + claim.leaseMs).toISOString(),
    })
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** The task as this instance claimed it: another instance that took it over (the lease ran out) owns it now. */
const asClaimed =
  (task: Pick<MessageTaskRow, 'id' | 'claimed_by'>) => (eb: ExpressionBuilder<Database, 'message_task'>) =>
    eb.and([eb('id', '=', task.id), eb('status', '=', 'SENDING'), eb('claimed_by', '=', task.claimed_by)]);

/** Whether the task is still claimed: a task deleted (with its participant) since its claim is not handed over. */
export async function isStillSending(db: Db, task: MessageTaskRow): Promise<boolean> {
  const row = await db.selectFrom('message_task').select('id').where(asClaimed(task)).executeTakeFirst();
  return row !== undefined;
}

/** Answers whether the task moved: a task deleted or failed by a report meanwhile stays as it is. */
export async function markSent(db: Db, task: MessageTaskRow, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('message_task')
    .set({ status: 'SENT', sent_at: now.toISOString(), last_error: null })
    .where(asClaimed(task))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A failed delivery: the mail server's text, and the failure type when it refused the mail for good. */
export interface DeliveryFailure {
  error: string;
  permanentType: MailFailureType | null;
  /** The mail server was not reachable: says nothing about the mail, so it never counts towards giving up. */
  unreachable: boolean;
}

/**
 * Temporary failures go back to QUEUED with exponential backoff; permanent ones fail at once, and giving up
 * after too many tries is a bounce. Answers whether the task moved.
 */
export async function markFailedAttempt(
  db: Db,
  task: MessageTaskRow,
  failure: DeliveryFailure,
  now: Date,
  retryBaseMs: number,
): Promise<boolean> {
  const failureType =
    failure.permanentType ?? (task.attempts >= MAX_ATTEMPTS && !failure.unreachable ? 'BOUNCE' : null);
  const delay = Math.min(retryBaseMs * 2 ** (task.attempts - 1), 15 * 60_000);
  return writeTransaction(db, async (trx) => {
    const moved = await recordAttempt(trx, task, failure, failureType, new Date(now.getTime() + delay));
    // Only the mail server's own refusal marks the address: giving up after many temporary failures does not.
    if (moved && failure.permanentType && task.running_dinner_id !== null)
      await markUndeliverable(trx, task.running_dinner_id, task.recipient_email, failure.permanentType, now);
    return moved;
  });
}

async function recordAttempt(
  trx: Trx,
  task: MessageTaskRow,
  failure: DeliveryFailure,
  failureType: MailFailureType | null,
  nextAttemptAt: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('message_task')
    .set(
      failureType
        ? { status: 'FAILED', last_error: failure.error, failure_type: failureType }
        : {
            status: 'QUEUED',
            last_error: failure.error,
            next_attempt_at: nextAttemptAt.toISOString(),
          },
    )
    .where(asClaimed(task))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Tasks left in SENDING go back to the queue (at most those few are sent twice): at a stop the instance's own, at
 * the start of the only instance (SQLite) every one, since the process that claimed them is gone. Answers them.
 */
export async function requeueInFlight(
  db: Db,
  claimedBy?: string,
): Promise<Pick<MessageTaskRow, 'running_dinner_id' | 'message_job_id'>[]> {
  let query = db
    .updateTable('message_task')
    .set({ status: 'QUEUED', claimed_by: null, lease_until: null })
    .where('status', '=', 'SENDING');
  if (claimedBy !== undefined) query = query.where('claimed_by', '=', claimedBy);
  return query.returning(['running_dinner_id', 'message_job_id']).execute();
}

export async function nextDueTime(db: Db): Promise<Date | undefined> {
  const row = await db
    .selectFrom('message_task')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('status', '=', 'QUEUED')
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : undefined;
}
