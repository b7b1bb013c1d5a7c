import type { MailFailureType } from './mail-failure.js';

/** An RFC 3463 enhanced status code in the answer, such as 5.1.1. */
const enhancedCode = (answer: string, klass: number) => new RegExp(`\\b5\\.${klass}\\.\\d{1,3}\\b`).test(answer);

/**
 * Why a mail server refused a mail for good (a 5xx answer), read from its own text: the enhanced status code
 * when it gives one, else its words. Spam is named first: servers answer it with 5.7.x too.
 */
export function failureTypeOfRefusal(answer: string): MailFailureType {
  if (/spam/i.test(answer)) return 'SPAM';
  if (enhancedCode(answer, 1)) return 'INVALID_EMAIL';
  if (enhancedCode(answer, 7)) return 'BLOCKED';
  if (/(unknown|no such) (user|mailbox|recipient)|user unknown|does not exist/i.test(answer)) return 'INVALID_EMAIL';
  if (/policy|block|blacklist|denied/i.test(answer)) return 'BLOCKED';
  return 'BOUNCE';
}
