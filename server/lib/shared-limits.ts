import type { Db } from '../../db/connection.js';
import { asBookkeeping, type Trx, writeTransaction } from '../../db/transaction.js';
/**
 * A per-address allowance: at most `limit` requests within a sliding window. Counted in the database, so that every
 * instance sees the requests all of them took and a restart forgets none.
 */
export interface RateLimit {
  /** Records one request for every key, or none when any key is at its limit; answers the seconds to wait then, else 0. */
  take(keys: readonly string[], now: number, within?: Trx): Promise<number>;
  retryAfterSeconds(key: string, now: number): Promise<number>;
  record(key: string, now: number): Promise<void>;
}

/** Longest window of any limit: older hits count for none. */
const LONGEST_WINDOW_MS = 3600_000;

/** The allowance counted in `rate_limit_hit`. A take runs in a write transaction (or the caller's): two instances never both take the last one. */
export function databaseLimit(db: Db, name: string, limit: number, windowMs: number): RateLimit {
  async function waitFor(trx: Db | Trx, keys: readonly string[], now: number): Promise<number> {
    if (keys.length === 0) return 0;
    const rows = await trx
      .selectFrom('rate_limit_hit')
      .select((eb) => ['subject', eb.fn.countAll<number>().as('hits'), eb.fn.min('at_ms').as('oldest')])
      .where('limit_name', '=', name)
      .where('subject', 'in', [...keys])
      .where('at_ms', '>', now - windowMs)
      .groupBy('subject')
      .execute();
    const waits = rows
      .filter((r) => Number(r.hits) >= limit)
      .map((r) => Math.max(1, Math.ceil((Number(r.oldest) + windowMs - now) / 1000)));
    return Math.max(0, ...waits);
  }
  const record = async (trx: Db | Trx, keys: readonly string[], now: number) => {
    await trx
      .insertInto('rate_limit_hit')
      .values([...new Set(keys)].map((subject) => ({ limit_name: name, subject, at_ms: now })))
      .execute();
  };
  return {
    take(keys, now, within) {
      const take = async (trx: Trx) => {
        const wait = await waitFor(trx, keys, now);
        if (wait === 0) await record(trx, keys, now);
        return wait;
      };
      return within ? take(within) : asBookkeeping(() => writeTransaction(db, take));
    },
    retryAfterSeconds: (key, now) => waitFor(db, [key], now),
    record: (key, now) => record(db, [key], now),
  };
}

export async function pruneRateLimitHits(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('rate_limit_hit')
    .where('at_ms', '<', now.getTime() - LONGEST_WINDOW_MS)
    .execute();
}
