import type { GeocodableAddress } from './geocoding.address.js';

/** What one question to the geocoder came to. Only `found` and `not_found` are answers worth caching. */
export type GeocoderAnswer =
  | { kind: 'found'; lat: number; lng: number }
  | { kind: 'not_found' }
  | { kind: 'unreachable'; error: string };

export interface NominatimOptions {
  baseUrl: string;
  /** Names the instance, as the usage policy asks: `running-dinner (+https://dinner.example.org)`. */
  userAgent: string;
  requestsPerSecond: number;
  timeoutMs: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', aborted, { once: true });
  });

/**
 * When the next request to a geocoder may start, per base URL and for the whole process: every server started in
 * this process (tests start several, a restart starts a new one) waits its turn behind the others. A slot is
 * reserved before the wait, so two callers never take the same one; a request that is aborted keeps its slot.
 */
const nextSlotAt = new Map<string, number>();

async function waitForSlot(baseUrl: string, requestsPerSecond: number, signal: AbortSignal): Promise<void> {
  const interval = 1000 / requestsPerSecond;
  const now = performance.now();
  const slot = Math.max(now, nextSlotAt.get(baseUrl) ?? now);
  nextSlotAt.set(baseUrl, slot + interval);
  if (slot > now) await sleep(slot - now, signal);
  // A busy machine wakes us late: the next request keeps its distance from when this one really starts.
  const started = performance.now();
  if (started > slot) nextSlotAt.set(baseUrl, Math.max(nextSlotAt.get(baseUrl) ?? started, started + interval));
}

/** Nominatim's structured search: the street with its number, the zip code and the city each in their own parameter. */
function searchUrl(baseUrl: string, address: GeocodableAddress): string {
  const params = new URLSearchParams({
    format: 'jsonv2',
    limit: '1',
    street: `${address.streetNr} ${address.street}`.trim(),
  });
  if (address.zip.trim() !== '') params.set('postalcode', address.zip.trim());
  if (address.cityName.trim() !== '') params.set('city', address.cityName.trim());
  return `${baseUrl}/search?${params}`;
}

const coordinate = (value: unknown, limit: number) => {
  const n =
    typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined;
};

/** Nominatim answers a JSON array of places, best first, with lat and lon as strings; an empty array: nothing found. */
function answerOf(body: unknown): GeocoderAnswer {
  if (!Array.isArray(body)) return { kind: 'unreachable', error: 'the answer is not a JSON array of places' };
  if (body.length === 0) return { kind: 'not_found' };
  const place = body[0] as { lat?: unknown; lon?: unknown };
  const lat = coordinate(place?.lat, 90);
  const lng = coordinate(place?.lon, 180);
  if (lat === undefined || lng === undefined)
    return { kind: 'unreachable', error: 'the first place has no valid lat and lon' };
  return { kind: 'found', lat, lng };
}

/**
 * Asks the geocoder for one address, at most `requestsPerSecond` over the process, within `timeoutMs`. Never
 * throws for the geocoder's sake: a refused connection, a timeout, an error status (429 and 5xx included) or an
 * answer that is no list of places is `unreachable`. Only `signal` (the server stopping) makes it throw.
 */
export async function searchAddress(
  options: NominatimOptions,
  address: GeocodableAddress,
  signal: AbortSignal,
): Promise<GeocoderAnswer> {
  await waitForSlot(options.baseUrl, options.requestsPerSecond, signal);
  let response: Response;
  try {
    response = await fetch(searchUrl(options.baseUrl, address), {
      headers: { 'User-Agent': options.userAgent, Accept: 'application/json' },
      signal: AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]),
      redirect: 'follow',
    });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      kind: 'unreachable',
      error: timedOut
        ? `no answer within ${options.timeoutMs} ms`
        : String((error as Error & { cause?: Error }).cause?.message ?? error),
    };
  }
  try {
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: 'unreachable', error: `HTTP ${response.status}` };
    }
    return answerOf(await response.json());
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    return { kind: 'unreachable', error: `unreadable answer: ${(error as Error).message}` };
  }
}
