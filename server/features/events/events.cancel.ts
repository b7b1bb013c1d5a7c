import type { CancelDraft, CancelInput, CancelResult, CancelText } from '../../../contract/cancel.js';
import type { RunningDinner } from '../../../contract/dinner.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { stripeOf } from '../../lib/stripe.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import {
  cancelRecipientCount,
  defaultCancelText,
  previewCancelMail,
  queueCancelMails,
} from '../messages/cancel-mails.js';
import { refundAllPaid, refundableOrderIds } from '../payments/organiser-payments.service.js';
import * as repo from './events.repo.js';
import { reloadRunningDinner } from './events.service.js';

// Cancelling an event: read-only at once, deleted with all its data two days later; with a word to everyone registered.

const CANCELLED_DINNER_KEPT_DAYS = 2;

/** Messages go out only once the organiser confirmed the address (see `assertMessagingUnlocked`). */
const messagingLocked = (row: RunningDinnerRow) => row.acknowledged_at === null;

/** The event as it is under the write lock: a cancel that raced another is refused, not done twice. */
async function writableRow(deps: Deps, trx: Trx, id: string): Promise<RunningDinnerRow> {
  const row = (await repo.findById(trx, id))!;
  assertWritable(deps, row);
  return row;
}

/** Marks the event cancelled in `trx`, with the organiser's words if any. */
async function markCancelled(deps: Deps, trx: Trx, id: string, text: CancelText | null): Promise<void> {
  const now = deps.clock.now();
  await repo.updateRunningDinner(trx, id, {
    cancelled_at: now.toISOString(),
    delete_after: new Date(now.getTime() + CANCELLED_DINNER_KEPT_DAYS * 24 * 3600_000).toISOString(),
    cancel_subject: text?.subject ?? null,
    cancel_message: text?.message ?? null,
    updated_at: now.toISOString(),
  });
  await recordActivity(deps, trx, id, ActivityType.dinnerCancelled, 'ORGANIZER', now);
}

/** Read-only at once; the scheduled clean-up deletes it with all its data two days later. Nobody is mailed. */
export async function cancelRunningDinner(deps: Deps, row: RunningDinnerRow): Promise<RunningDinner> {
  assertWritable(deps, row);
  await writeTransaction(deps.db, async (trx) => {
    await writableRow(deps, trx, row.id);
    await markCancelled(deps, trx, row.id, null);
  });
  return reloadRunningDinner(deps, row.id);
}

/** What the cancel dialog starts from: the default text in the event's language and what cancelling would do. */
export async function cancelDraft(deps: Deps, row: RunningDinnerRow): Promise<CancelDraft> {
  const [recipients, paid] = await Promise.all([cancelRecipientCount(deps.db, row), refundableOrderIds(deps, row)]);
  return {
    ...defaultCancelText(row),
    recipients,
    messagingLocked: messagingLocked(row),
    paidRegistrations: paid.length,
    refundsPossible: stripeOf(deps.config) !== null,
  };
}

export const previewCancel = (deps: Deps, row: RunningDinnerRow, text: CancelText) =>
  previewCancelMail(deps, row, text);

/**
 * Cancels the event and, in the same transaction, queues the organiser's message to everyone registered (where
 * messaging is unlocked): a refusal of the mails (the day's allowance, the job's size) leaves the event as it was.
 * The message is kept for the personal pages. Paid registrations are refunded after the commit, one by one.
 */
export async function cancelWithMessage(deps: Deps, row: RunningDinnerRow, input: CancelInput): Promise<CancelResult> {
  assertWritable(deps, row);
  const text = { subject: input.subject, message: input.message };
  const { mailsQueued, locked } = await writeTransaction(deps.db, async (trx) => {
    const fresh = await writableRow(deps, trx, row.id);
    const locked = messagingLocked(fresh);
    // Composed before the event is marked: the mails are of the event as it was.
    const mailsQueued = locked ? 0 : await queueCancelMails(deps, trx, fresh, text);
    await markCancelled(deps, trx, row.id, text);
    return { mailsQueued, locked };
  });
  const refunds = input.refundPaid ? await refundAllPaid(deps, row) : null;
  return { runningDinner: await reloadRunningDinner(deps, row.id), mailsQueued, messagingLocked: locked, refunds };
}
