import type { Language } from '../../../contract/dinner.js';
import type { MessageTaskRow, RunningDinnerRow } from '../../../db/schema.js';
import type { DbOrTrx, Trx } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { inBatches } from '../../lib/batches.js';
import type { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { countQueuedMails, type MailCause } from './mail-limits.js';
import { type SendingDinner, senderColumns } from './mail-sender-identity.js';
import { demoNoteText } from './system-mails/organiser-mails.js';
import { isUndeliverable, undeliverableAmong } from './undeliverable-addresses.js';

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
  /** The language it is written in; the event's unless said. */
  language?: Language;
}

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
    const { sendable, suppressed } = await withoutUndeliverable(trx, runningDinnerId, delivered);
    if (runningDinnerId !== null) await countQueuedMails(deps, trx, runningDinnerId, sendable, refusal);
    const sender = dinner ? senderColumns(dinner) : { event_title: null, reply_to: null };
    const row = (mail: OutgoingMail) => ({
      ...newTaskRow(mail, now, messageIdDomain(deps)),
      ...sender,
      language: mail.language ?? dinner?.language_code ?? null,
    });
    rows.push(...sendable.map(row), ...suppressed.map((mail) => ({ ...row(mail), ...SUPPRESSED })));
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

/** A job's mail to an address that failed for good before in the event: written down, never sent, not counted. */
const SUPPRESSED = { status: 'FAILED', failure_type: 'SUPPRESSED' } as const;

async function withoutUndeliverable(
  trx: Trx,
  runningDinnerId: string | null,
  mails: OutgoingMail[],
): Promise<{ sendable: OutgoingMail[]; suppressed: OutgoingMail[] }> {
  const ofJobs = mails.filter((mail) => mail.messageJobId);
  if (runningDinnerId === null || ofJobs.length === 0) return { sendable: mails, suppressed: [] };
  const marks = await undeliverableAmong(
    trx,
    runningDinnerId,
    ofJobs.map((mail) => mail.recipientEmail),
  );
  const suppressedMail = (mail: OutgoingMail) =>
    Boolean(mail.messageJobId) && isUndeliverable(marks, mail.recipientEmail);
  return { sendable: mails.filter((mail) => !suppressedMail(mail)), suppressed: mails.filter(suppressedMail) };
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
    event_title: null,
    language: null,
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
