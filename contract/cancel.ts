import * as v from 'valibot';
import { multiLineText, singleLineText } from '../domain/validation.js';
import { msgId } from '../domain/validation-messages.js';
import type { RunningDinner } from './dinner.js';
import { MESSAGE_MAX, SUBJECT_MAX } from './messages.js';

// Isomorphic: cancelling an event with a word to everyone registered (server and client).

const text = {
  subject: v.pipe(
    singleLineText(msgId('required')),
    v.nonEmpty(msgId('required')),
    v.maxLength(SUBJECT_MAX, msgId('tooLong')),
  ),
  message: v.pipe(
    multiLineText(msgId('required')),
    v.nonEmpty(msgId('required')),
    v.maxLength(MESSAGE_MAX, msgId('tooLong')),
  ),
};

/** The preview of the cancel mail: the organiser's subject and message ({firstname} and {lastname} filled per reader). */
export const cancelTextSchema = v.object(text);
export type CancelText = v.InferOutput<typeof cancelTextSchema>;

/** PUT …/runningdinner/{adminId}/cancel: the mail to everyone registered, and whether paid registrations are refunded. */
export const cancelSchema = v.object({ ...text, refundPaid: v.optional(v.boolean(msgId('invalidValue')), false) });
export type CancelInput = v.InferOutput<typeof cancelSchema>;

/** What the cancel dialog starts from: a default text in the event's language and what the cancel would do. */
export interface CancelDraft extends CancelText {
  /** How many addresses the mail goes to: confirmed participants, in a team or on the waiting list. */
  recipients: number;
  /** The organiser has not confirmed the address yet: the event is cancelled without mails. */
  messagingLocked: boolean;
  /** Paid registrations (not refunded yet) and whether the server can refund them. */
  paidRegistrations: number;
  refundsPossible: boolean;
}

/** The mail as its first recipient reads it, with the footer in their language. */
export interface CancelPreview {
  recipientEmail: string | null;
  subject: string;
  message: string;
}

export interface CancelResult {
  runningDinner: RunningDinner;
  /** How many cancel mails were queued (0 where messaging is locked). */
  mailsQueued: number;
  messagingLocked: boolean;
  /** The refunds made, and those that failed (to be given back from the payments page); null without `refundPaid`. */
  refunds: { refunded: number; failed: number } | null;
}
