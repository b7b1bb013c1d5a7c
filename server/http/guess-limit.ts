import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import type { Clock } from '../lib/clock.js';
import { AppError, ErrorMessage } from './errors.js';

const WINDOW_MS = 60_000;

/**
 * Secret links are unguessable only if guessing is slow: an address whose requests ended in 404 `limit`
 * times within a minute gets 429 until the oldest of those is a minute old. Other addresses are unaffected.
 */
export function guessLimit(limit: number, clock: Clock) {
  const misses = new Map<string, number[]>();
  const recentMisses = (address: string, now: number) => {
    const recent = (misses.get(address) ?? []).filter((at) => now - at < WINDOW_MS);
    if (recent.length > 0) misses.set(address, recent);
    else misses.delete(address);
    return recent;
  };
  return createMiddleware(async (c, next) => {
    const address = getConnInfo(c).remote.address ?? 'unknown';
    const now = clock.now().getTime();
    const recent = recentMisses(address, now);
    if (recent.length >= limit) {
      c.header('Retry-After', String(Math.ceil((recent[0] + WINDOW_MS - now) / 1000)));
      throw new AppError(429, 'too_many_guesses', ErrorMessage.tooManyGuesses.id);
    }
    await next();
    if (c.res.status === 404) misses.set(address, [...recent, now]);
  });
}
