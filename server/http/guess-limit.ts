import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Clock } from '../lib/clock.js';
import { AppError, ErrorMessage } from '../lib/errors.js';
import type { RateLimit } from '../lib/shared-limits.js';
import { clientAddress } from './client-address.js';

/**
 * Secret links are unguessable only if guessing is slow: an address whose requests ended in 404 `limit`
 * times within a minute gets 429 until the oldest of those is a minute old. Other addresses are unaffected.
 */
export function guessLimit(misses: RateLimit, clock: Clock, trustProxy: boolean) {
  return createMiddleware(async (c, next) => {
    const address = clientAddress(c, trustProxy);
    const wait = await misses.retryAfterSeconds(address, clock.now().getTime());
    if (wait > 0) throw new AppError('too_many_guesses', ErrorMessage.tooManyGuesses.id, undefined, wait);
    await next();
    if (c.res.status === 404) await countGuess(c, misses, clock, trustProxy);
  });
}

/** Counts a wrong secret that is not a link (a webhook's token) against the caller's address like a 404. */
export const countGuess = (c: Context, misses: RateLimit, clock: Clock, trustProxy: boolean) =>
  misses.record(clientAddress(c, trustProxy), clock.now().getTime());
