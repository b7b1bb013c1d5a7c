import { type Trx, writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { redactIds } from '../../lib/ids.js';
import { wakeLoop } from '../../lib/wake-loop.js';
import { addressKey, isComplete } from './geocoding.address.js';
import type { CachedAnswer, GeocodingItem, GeocodingOutcome } from './geocoding.repo.js';
import * as repo from './geocoding.repo.js';
import { publishGeocodingProgress } from './geocoding.service.js';
import { type GeocoderAnswer, type NominatimOptions, searchAddress } from './nominatim.js';

/** Locates pending addresses in the background; addresses left PENDING by a commit (see geocodingQueued) are asked at once. */
export interface GeocodingLoop {
  start(): void;
  stop(): Promise<void>;
  /** Looks for pending addresses now (another instance stored some); nothing while the loop is stopped. */
  wake(): void;
}

interface LoopOptions {
  /** How long one request may take before the geocoder counts as unreachable. */
  timeoutMs: number;
  /** First pause before an address the geocoder could not be reached for is asked again; doubles each round, at most an hour. */
  retryBaseMs: number;
  /** Sleep when nothing is due and nothing woke the loop (rows written by other paths are found then). */
  pollMs: number;
}

/** Rows read per round: cache hits and incomplete addresses of a round are written in one transaction. */
const BATCH = 50;
const MAX_RETRY_MS = 60 * 60_000;

const outcomeOf = (answer: CachedAnswer): GeocodingOutcome =>
  answer.found && answer.lat !== null && answer.lng !== null
    ? { status: 'LOCATED', reason: null, lat: answer.lat, lng: answer.lng, attempts: 0, nextAttemptAt: null }
    : { status: 'UNRESOLVED', reason: 'NOT_FOUND', lat: null, lng: null, attempts: 0, nextAttemptAt: null };

const INCOMPLETE: GeocodingOutcome = {
  status: 'UNRESOLVED',
  reason: 'INCOMPLETE_ADDRESS',
  lat: null,
  lng: null,
  attempts: 0,
  nextAttemptAt: null,
};

/**
 * The background loop that geocodes addresses, one request at a time and no faster than the configured rate. The
 * row is the truth: an address stays PENDING until its answer is written, so a stop or a crash loses nothing and a
 * restart simply asks again (nothing is marked "in flight"; there is one loop per database). Each round answers
 * from the cache and writes what needs no request first, then asks the geocoder for one address without holding a
 * transaction, and writes the answer (cache row and address rows) in one transaction afterwards. Progress goes to
 * each touched dinner's stream after the commit.
 *
 * An unreachable geocoder (refused connection, timeout, any error status such as 429 or 503, an answer that is no
 * list of places) leaves the round's addresses UNRESOLVED with reason UNREACHABLE, asked again after 1 min, 2, 4 …
 * at most an hour apart; the first definitive answer afterwards makes all of them due at once. NOT_FOUND and INCOMPLETE_ADDRESS wait for a new address or a position set by hand.
 */
export function createGeocodingLoop(deps: Deps, options: LoopOptions): GeocodingLoop {
  const { db, clock, config } = deps;
  const geocoder: NominatimOptions | null = config.geocoderUrl
    ? {
        baseUrl: config.geocoderUrl,
        userAgent: `running-dinner (+${config.publicUrl})`,
        requestsPerSecond: config.geocoderRequestsPerSecond,
        timeoutMs: options.timeoutMs,
      }
    : null;
  const loop = wakeLoop({
    pass: work,
    pollMs: options.pollMs,
    now: () => clock.now(),
    onError: (error) => {
      console.error('geocoding:', redactIds(String(error)));
      loop.sleep(options.pollMs);
    },
  });
  const stopped = () => loop.isStopped();
  let abort = new AbortController();

  /** Writes outcomes only where the row is still as it was read, then tells each touched dinner's stream. */
  async function write(
    outcomes: [GeocodingItem, GeocodingOutcome][],
    more?: (trx: Trx) => Promise<string[]>,
  ): Promise<void> {
    await writeTransaction(db, async (trx) => {
      const dinners = new Set<string>();
      for (const [item, outcome] of outcomes)
        if (await repo.writeOutcome(trx, item, outcome)) dinners.add(item.runningDinnerId);
      for (const dinnerId of (await more?.(trx)) ?? []) dinners.add(dinnerId);
      for (const dinnerId of dinners) await publishGeocodingProgress(deps, trx, dinnerId);
    });
  }

  /** Writes the answer for `asked` and for every other item of the round with the same address. */
  async function record(asked: GeocodingItem, others: GeocodingItem[], answer: GeocoderAnswer): Promise<void> {
    const key = addressKey(asked.address);
    const sameAddress = [asked, ...others.filter((o) => o !== asked && addressKey(o.address) === key)];
    if (answer.kind === 'unreachable') {
      console.warn(`geocoder ${config.geocoderUrl} not reachable: ${redactIds(answer.error)}`);
      // The others of the round would fail alike: they wait for the same retry instead of a request each.
      const now = clock.now().getTime();
      await write(
        [asked, ...others.filter((o) => o !== asked)].map((item) => {
          const attempts = item.attempts + 1;
          const pause = Math.min(options.retryBaseMs * 2 ** (attempts - 1), MAX_RETRY_MS);
          return [
            item,
            {
              status: 'UNRESOLVED',
              reason: 'UNREACHABLE',
              lat: null,
              lng: null,
              attempts,
              nextAttemptAt: new Date(now + pause).toISOString(),
            },
          ];
        }),
      );
      return;
    }
    const cached: CachedAnswer =
      answer.kind === 'found'
        ? { found: true, lat: answer.lat, lng: answer.lng }
        : { found: false, lat: null, lng: null };
    await write(
      sameAddress.map((item) => [item, outcomeOf(cached)]),
      async (trx) => {
        await repo.saveToCache(trx, key, cached, clock.now());
        return repo.makeUnreachableDue(trx, clock.now());
      },
    );
  }

  /** One round: answers what needs no request, then asks for one address. False when nothing was due. */
  async function round(): Promise<boolean> {
    const items = await repo.listDueItems(db, clock.now(), BATCH);
    if (items.length === 0) return false;
    const cache = await repo.findCached(db, [
      ...new Set(items.filter((i) => isComplete(i.address)).map((i) => addressKey(i.address))),
    ]);
    const answered: [GeocodingItem, GeocodingOutcome][] = [];
    const toAsk: GeocodingItem[] = [];
    for (const item of items) {
      const cached = isComplete(item.address) ? cache.get(addressKey(item.address)) : undefined;
      if (!isComplete(item.address)) answered.push([item, INCOMPLETE]);
      else if (cached) answered.push([item, outcomeOf(cached)]);
      else toAsk.push(item);
    }
    if (answered.length > 0) await write(answered);
    if (toAsk.length === 0 || stopped() || !geocoder) return answered.length > 0;
    const [asked] = toAsk;
    const answer = await searchAddress(geocoder, asked.address, abort.signal);
    // After a stop the database may be closing: the address stays PENDING for the next start.
    if (stopped()) return false;
    await record(asked, toAsk, answer);
    return true;
  }

  async function work(): Promise<void> {
    while (!stopped() && (await round()));
    if (!stopped()) loop.sleepUntil(await repo.nextRetryTime(db));
  }

  return {
    wake: () => loop.wake(),
    start() {
      abort = new AbortController();
      deps.geocodingQueue.on('queued', loop.wake);
      loop.start();
    },
    async stop() {
      deps.geocodingQueue.off('queued', loop.wake);
      const ended = loop.stop();
      // A request in flight (or waiting for its turn) is dropped; its address stays PENDING.
      abort.abort(new Error('the server stops'));
      await ended;
    },
  };
}
