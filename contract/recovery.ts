import * as v from 'valibot';
import { singleLineText } from '../domain/validation.js';
import { msgId } from '../domain/validation-messages.js';

// Isomorphic: asking for the links of one's running dinners again (`POST /rest/frontend/v1/recovery`).

/** Body of the request: the address whose links are mailed to it. */
export const linkRecoverySchema = v.strictObject({
  email: v.pipe(
    singleLineText(msgId('required')),
    v.nonEmpty(msgId('required')),
    v.maxLength(255, msgId('tooLong')),
    v.email(msgId('invalidEmail')),
    v.toLowerCase(),
  ),
});

/**
 * The one answer (202), whatever the address: whether it organises or takes part in anything, and whether its
 * hourly mail allowance is used up, is told only to the mailbox itself.
 */
export interface LinkRecoveryAnswer {
  requested: true;
}
