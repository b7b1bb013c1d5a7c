import { createMiddleware } from 'hono/factory';
import type { Clock } from '../lib/clock.js';
import { SlidingWindow } from '../lib/sliding-window.js';
import { clientAddress } from './client-address.js';
import { AppError, ErrorMessage } from '../lib/errors.js';

/**
 * Secret links are unguessable only if guessing is slow: an address whose requests ended in 404 `limit`
 * times within a minute gets 429 until the oldest of those is a minute old. Other addresses are unaffected.
 */
export function guessLimit(limit: number, clock: Clock, trustProxy: boolean) {
  const misses = new SlidingWindow(limit, 60_000);
  return createMiddleware(async (c, next) => {
    const address = clientAddress(c, trustProxy);
    const wait = misses.retryAfterSeconds(address, clock.now().getTime());
    if (wait > 0) throw new AppError('too_many_guesses', ErrorMessage.tooManyGuesses.id, undefined, wait);
    await next();
    if (c.res.status === 404) misses.record(address, clock.now().getTime());
  });
}
