import type { Trx } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { ErrorMessage, tooManyRequests } from '../../lib/errors.js';

const normalizedAddress = (email: string) => email.trim().toLowerCase();

/** The seconds until `email` may be mailed again because of an anonymous request; 0 when it may now. */
function reserve(deps: Deps, email: string, within?: Trx): Promise<number> {
  return deps.limits.mailsPerRecipient.take([normalizedAddress(email)], deps.clock.now().getTime(), within);
}

/**
 * Counts a mail that a request nobody vouches for makes the app send (a created event, a registration, an
 * invitation) against its recipient's hourly allowance, or refuses with 429 before anything is stored: nobody
 * can use the app to flood an address. Within the caller's transaction, a refusal undoes what it wrote, and with
 * several instances the count is written with it (one transaction instead of two).
 */
export async function reserveMailTo(deps: Deps, email: string, within?: Trx): Promise<void> {
  const wait = await reserve(deps, email, within);
  if (wait > 0) throw tooManyRequests('too_many_mails_to_recipient', ErrorMessage.tooManyMailsToRecipient, wait, { email: normalizedAddress(email) });
}

/** For a mail that goes with another action (an invitation on confirmation): whether it may be sent now. */
export const mayMail = async (deps: Deps, email: string, within: Trx): Promise<boolean> => (await reserve(deps, email, within)) === 0;
