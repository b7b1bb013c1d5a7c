import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import { skipLocked } from '../../../db/dialect.js';
import type { Database, MessageTaskRow, RunningDinnerRow } from '../../../db/schema.js';
import type { DbOrTrx, Trx } from '../../../db/transaction.js';
import type { MailFailureType } from '../../../domain/messages/mail-failure.js';
import type { Deps } from '../../deps.js';
import { inBatches } from '../../lib/batches.js';
import type { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { countQueuedMails, type MailCause } from './mail-limits.js';
import { type SendingDinner, senderColumns } from './mail-sender-identity.js';
import { demoNoteText } from './system-mails/organiser-mails.js';

/** The right-hand side of every Message-ID: the host the links in the mails point to. */
export const messageIdDomain = (deps: Deps) => new URL(deps.config.publicUrl).hostname;

export interface OutgoingMail {
  runningDinnerId: string | null;
  participantId?: string | null;
  recipientEmail: string;
  subject: string;
  text: string;
  /** The message job the mail belongs to; null for the app's own mails (confirmations, invitations). */
  messageJobId?: string | null;
  /** An iCalendar file to attach (dinner-route mails). */
  calendar?: string | null;
  /** The mail asking the organiser to confirm their address: the only one a demo sends before that. */
  confirmsAddress?: boolean;
  /** Owed to someone who paid (their registration, the notice that it failed): counted, but never refused. */
  owed?: boolean;
  /** Whose action caused it (a visitor's unless said): the organiser's may use the whole daily allowance. */
  cause?: MailCause;
}

const MAX_ATTEMPTS = 8;

/** Rows per insert: well below both databases' limit of bound parameters. */
const INSERT_BATCH = 500;

/**
 * Writes the mails as QUEUED tasks inside the caller's transaction; the sender loop delivers them after commit. The
 * one place every mail passes: each goes as its event allows (a demo's only to its confirmed creator), and counts
 * against the event's daily allowance, or the transaction is refused with `refusal`. The Message-ID is fixed here, so
 * a retry after a crash is recognisable as the same mail. Answers the ids of the tasks (none for a mail a demo drops).
 */
export async function enqueueMails(
  deps: Deps,
  trx: Trx,
  outgoing: readonly OutgoingMail[],
  refusal?: (left: number) => AppError,
): Promise<string[]> {
  const now = deps.clock.now();
  const rows: MessageTaskRow[] = [];
  for (const runningDinnerId of new Set(outgoing.map((mail) => mail.runningDinnerId))) {
    const ofDinner = outgoing.filter((mail) => mail.runningDinnerId === runningDinnerId);
    const dinner = runningDinnerId === null ? undefined : await findMailingDinner(trx, runningDinnerId);
    const delivered = deliveredAsEventAllows(dinner, ofDinner);
    if (runningDinnerId !== null) await countQueuedMails(deps, trx, runningDinnerId, delivered, refusal);
    const sender = dinner ? senderColumns(dinner, deps.config.mailFrom) : { sender_name: null, reply_to: null };
    rows.push(...delivered.map((mail) => ({ ...newTaskRow(mail, now, messageIdDomain(deps)), ...sender })));
  }
  if (rows.length > 0) trx.afterCommit(() => deps.mailQueue.emit('queued'));
  await inBatches(rows, INSERT_BATCH, (batch) => trx.insertInto('message_task').values(batch).execute());
  return rows.map((row) => row.id);
}

/** One mail: its task id, or null when its event may not send it (a demo before its creator confirmed the address). */
export async function enqueueMail(deps: Deps, trx: Trx, outgoing: OutgoingMail): Promise<string | null> {
  const [id] = await enqueueMails(deps, trx, [outgoing]);
  return id ?? null;
}

function newTaskRow(mail: OutgoingMail, now: Date, idDomain: string): MessageTaskRow {
  const id = newId();
  return {
    id,
    running_dinner_id: mail.runningDinnerId,
    message_job_id: mail.messageJobId ?? null,
    participant_id: mail.participantId ?? null,
    recipient_email: mail.recipientEmail,
    subject: mail.subject.replace(/[\r\n]+/g, ' '),
    body_text: mail.text,
    status: 'QUEUED',
    attempts: 0,
    next_attempt_at: now.toISOString(),
    sent_at: null,
    last_error: null,
    message_id: `<${id}@${idDomain}>`,
    failure_type: null,
    resend_count: 0,
    calendar: mail.calendar ?? null,
    reply_to: null,
    sender_name: null,
    created_at: now.toISOString(),
    claimed_by: null,
    lease_until: null,
  };
}

/** What decides where an event's mail goes. */
export type MailingDinner = Pick<
  RunningDinnerRow,
  'running_dinner_type' | 'email' | 'language_code' | 'acknowledged_at'
>;

const findMailingDinner = (
  db: DbOrTrx,
  runningDinnerId: string,
): Promise<(MailingDinner & SendingDinner) | undefined> =>
  db
    .selectFrom('running_dinner')
    .select([
      'running_dinner_type',
      'email',
      'language_code',
      'acknowledged_at',
      'title',
      'public_title',
      'public_contact_email',
    ])
    .where('id', '=', runningDinnerId)
    .executeTakeFirst();

function deliveredAsEventAllows(dinner: MailingDinner | undefined, mails: OutgoingMail[]): OutgoingMail[] {
  if (dinner?.running_dinner_type !== 'DEMO') return mails;
  return mails
    .filter((mail) => mail.confirmsAddress || dinner.acknowledged_at !== null)
    .map((mail) => ({ ...mail, ...demoDelivery(dinner, mail) }));
}

/**
 * A demo's participants are made up or imported by whoever made it: its mails of every kind go to its creator only,
 * each naming whom it was meant for (the note is added once, also to a text that already carries it).
 */
export function demoDelivery(
  dinner: MailingDinner,
  mail: Pick<OutgoingMail, 'recipientEmail' | 'text'>,
): Pick<OutgoingMail, 'recipientEmail' | 'text'> {
  if (dinner.running_dinner_type !== 'DEMO' || mail.recipientEmail.toLowerCase() === dinner.email.toLowerCase())
    return mail;
  const note = demoNoteText(dinner.language_code, mail.recipientEmail);
  return {
    recipientEmail: dinner.email,
    text: `${note}\n\n${withoutDemoNote(dinner, mail.recipientEmail, mail.text)}`,
  };
}

/** The text as the organiser wrote it: without the demo note the app put before it for `recipientEmail`. */
export function withoutDemoNote(dinner: MailingDinner, recipientEmail: string, text: string): string {
  const note = `${demoNoteText(dinner.language_code, recipientEmail)}\n\n`;
  return dinner.running_dinner_type === 'DEMO' && text.startsWith(note) ? text.slice(note.length) : text;
}

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
  const result = await db
    .updateTable('message_task')
    .set(
      failureType
        ? { status: 'FAILED', last_error: failure.error, failure_type: failureType }
        : {
            status: 'QUEUED',
            last_error: failure.error,
            next_attempt_at: new Date(now.getTime() + delay).toISOString(),
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

/** A deleted participant gets no more mail, and their address and texts leave the mails already sent (and the outbox). */
export async function forgetParticipantMails(
  deps: Pick<Deps, 'mailQueue'>,
  trx: Trx,
  participantId: string,
): Promise<void> {
  trx.afterCommit(() => deps.mailQueue.emit('forgotten'));
  // A mail being sent may still go out, but it is never retried: its row is gone.
  await trx
    .deleteFrom('message_task')
    .where('participant_id', '=', participantId)
    .where('status', 'in', ['QUEUED', 'SENDING'])
    .execute();
  await trx
    .updateTable('message_task')
    .set({ recipient_email: '', subject: '', body_text: '' })
    .where('participant_id', '=', participantId)
    .execute();
}
