import type { Deps } from '../../deps.js';
import { ErrorMessage, tooManyRequests } from '../../lib/errors.js';

const normalizedAddress = (email: string) => email.trim().toLowerCase();

/** The seconds until `email` may be mailed again because of an anonymous request; 0 when it may now. */
function reserve(deps: Deps, email: string): number {
  return deps.limits.mailsPerRecipient.take([normalizedAddress(email)], deps.clock.now().getTime());
}

/**
 * Counts a mail that a request nobody vouches for makes the app send (a created event, a registration, an
 * invitation) against its recipient's hourly allowance, or refuses with 429 before anything is stored: nobody
 * can use the app to flood an address.
 */
export function reserveMailTo(deps: Deps, email: string): void {
  const wait = reserve(deps, email);
  if (wait > 0) throw tooManyRequests('too_many_mails_to_recipient', ErrorMessage.tooManyMailsToRecipient, wait, { email: normalizedAddress(email) });
}

/** For a mail that goes with another action (an invitation on confirmation): whether it may be sent now. */
export const mayMail = (deps: Deps, email: string): boolean => reserve(deps, email) === 0;
