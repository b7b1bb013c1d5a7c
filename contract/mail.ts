import * as v from 'valibot';
import { MAIL_FAILURE_TYPES } from '../domain/messages/mail-failure.js';
import { msgId } from '../domain/validation-messages.js';

// Isomorphic: what the mail kernel says on the wire (server and client).

/** Bounce and complaint reports of the mail provider, matched by Message-ID. */
export const mailEventSchema = v.strictObject(
  {
    messageId: v.pipe(v.string(msgId('required')), v.nonEmpty(msgId('required')), v.maxLength(998, msgId('tooLong'))),
    type: v.picklist(MAIL_FAILURE_TYPES, msgId('invalidValue')),
    description: v.optional(v.pipe(v.string(msgId('invalidValue')), v.maxLength(2048, msgId('tooLong'))), ''),
  },
  msgId('unknownField'),
);

/** Whether the mail server failed every attempt lately: the pages say mails wait in the queue. */
export interface MailServerStatus {
  outage: boolean;
  /** When the failing began (ISO), null without an outage. */
  since: string | null;
}
