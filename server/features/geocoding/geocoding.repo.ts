import type { GeocodingReason, GeocodingStatus } from '../../../db/schema.js';
import type { DbOrTrx } from '../../../db/transaction.js';
import type { GeocodableAddress } from './geocoding.address.js';

export * from './geocoding.queries.js';

/** One address the loop has to locate: a participant's, or the after-party of a dinner (then `id` is the dinner's). */
export interface GeocodingItem {
  kind: 'participant' | 'afterParty';
  id: string;
  runningDinnerId: string;
  address: GeocodableAddress;
  /** The status the row had when it was read: a write-back only lands on a row that still has it (and the same address). */
  status: 'PENDING' | 'UNRESOLVED';
  attempts: number;
}

/** What the loop writes back for an item. */
export interface GeocodingOutcome {
  status: 'LOCATED' | 'UNRESOLVED';
  reason: GeocodingReason | null;
  lat: number | null;
  lng: number | null;
  attempts: number;
  nextAttemptAt: string | null;
}

/** The two kinds of address the loop locates: the table (same address and geocoding columns) and its row's key. */
const ADDRESS_TABLES = [
  { kind: 'participant', table: 'participant', key: 'id' },
  { kind: 'afterParty', table: 'after_party', key: 'running_dinner_id' },
] as const;
type AddressTable = (typeof ADDRESS_TABLES)[number];
const tableOf = (kind: GeocodingItem['kind']) => ADDRESS_TABLES.find((t) => t.kind === kind)!;

/** Rows whose address waits for the loop: pending ones, and those the geocoder was unreachable for, once due. */
function dueRows(db: DbOrTrx, { table, key }: AddressTable, at: string, limit: number) {
  return db
    .selectFrom(table)
    .select([
      `${key} as id`,
      'running_dinner_id',
      'street',
      'street_nr',
      'zip',
      'city_name',
      'geocoding_status',
      'geocoding_attempts',
    ])
    .where((eb) =>
      eb.or([
        eb('geocoding_status', '=', 'PENDING'),
        eb.and([
          eb('geocoding_status', '=', 'UNRESOLVED'),
          eb('geocoding_reason', '=', 'UNREACHABLE'),
          eb('geocoding_next_attempt_at', '<=', at),
        ]),
      ]),
    )
    .orderBy('geocoding_status')
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/** The rows the loop works on: pending ones, and unresolved ones whose geocoder was unreachable and whose next attempt is due. */
export async function listDueItems(db: DbOrTrx, now: Date, limit: number): Promise<GeocodingItem[]> {
  const at = now.toISOString();
  const items: GeocodingItem[] = [];
  for (const table of ADDRESS_TABLES) {
    const rows = await dueRows(db, table, at, Math.max(1, limit - items.length));
    for (const row of rows)
      items.push({
        kind: table.kind,
        id: row.id,
        runningDinnerId: row.running_dinner_id,
        address: { street: row.street, streetNr: row.street_nr, zip: row.zip, cityName: row.city_name },
        status: row.geocoding_status as GeocodingItem['status'],
        attempts: row.geocoding_attempts,
      });
  }
  return items;
}

/** When the first unreachable address is due again, if any. */
export async function nextRetryTime(db: DbOrTrx): Promise<Date | undefined> {
  const firsts = await Promise.all(
    ADDRESS_TABLES.map(({ table }) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.min('geocoding_next_attempt_at').as('next'))
        .where('geocoding_status', '=', 'UNRESOLVED')
        .where('geocoding_reason', '=', 'UNREACHABLE')
        .executeTakeFirst(),
    ),
  );
  const times = firsts
    .map((first) => first?.next)
    .filter((t): t is string => typeof t === 'string')
    .map((t) => new Date(t).getTime());
  return times.length > 0 ? new Date(Math.min(...times)) : undefined;
}

export interface CachedAnswer {
  found: boolean;
  lat: number | null;
  lng: number | null;
}

export async function findCached(db: DbOrTrx, keys: string[]): Promise<Map<string, CachedAnswer>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('geocode_cache').selectAll().where('query', 'in', keys).execute();
  return new Map(rows.map((r) => [r.query, { found: r.found === 1, lat: r.lat, lng: r.lng }]));
}

export async function saveToCache(db: DbOrTrx, key: string, answer: CachedAnswer, now: Date): Promise<void> {
  await db
    .insertInto('geocode_cache')
    .values({
      query: key,
      found: answer.found ? 1 : 0,
      lat: answer.lat,
      lng: answer.lng,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('query').doNothing())
    .execute();
}

/**
 * Writes what the loop found for an item, only if the row still is as it was read (same status, same address):
 * an address changed or a position set by hand meanwhile wins. Answers whether the row moved.
 */
export async function writeOutcome(db: DbOrTrx, item: GeocodingItem, outcome: GeocodingOutcome): Promise<boolean> {
  const { table, key } = tableOf(item.kind);
  const { street, streetNr, zip, cityName } = item.address;
  const result = await db
    .updateTable(table)
    .set({
      geocoding_status: outcome.status,
      geocoding_reason: outcome.reason,
      lat: outcome.lat,
      lng: outcome.lng,
      geocoding_attempts: outcome.attempts,
      geocoding_next_attempt_at: outcome.nextAttemptAt,
    })
    .where(key, '=', item.id)
    .where('geocoding_status', '=', item.status)
    .where('street', '=', street)
    .where('street_nr', '=', streetNr)
    .where('zip', '=', zip)
    .where('city_name', '=', cityName)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The geocoder answered again: every address it could not be reached for is due at once instead of after its backoff. Answers their dinners. */
export async function makeUnreachableDue(db: DbOrTrx, now: Date): Promise<string[]> {
  const at = now.toISOString();
  const dinnerIds: string[] = [];
  for (const { table } of ADDRESS_TABLES) {
    const rows = await db
      .updateTable(table)
      .set({ geocoding_next_attempt_at: at })
      .where('geocoding_status', '=', 'UNRESOLVED')
      .where('geocoding_reason', '=', 'UNREACHABLE')
      .where('geocoding_next_attempt_at', '>', at)
      .returning('running_dinner_id')
      .execute();
    dinnerIds.push(...rows.map((r) => r.running_dinner_id));
  }
  return [...new Set(dinnerIds)];
}

/** The organiser's position for an address: kept until the address changes. False when there is no such row. */
async function setPosition(
  db: DbOrTrx,
  kind: GeocodingItem['kind'],
  runningDinnerId: string,
  id: string,
  position: { lat: number; lng: number },
  now: Date,
): Promise<boolean> {
  const { table, key } = tableOf(kind);
  const result = await db
    .updateTable(table)
    .set({
      ...position,
      geocoding_status: 'MANUAL',
      geocoding_reason: null,
      geocoding_attempts: 0,
      geocoding_next_attempt_at: null,
      updated_at: now.toISOString(),
    })
    .where('running_dinner_id', '=', runningDinnerId)
    .where(key, '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Places the participant; false when the dinner has no such participant. */
export const setParticipantPosition = (
  db: DbOrTrx,
  runningDinnerId: string,
  participantId: string,
  lat: number,
  lng: number,
  now: Date,
) => setPosition(db, 'participant', runningDinnerId, participantId, { lat, lng }, now);

/** Places the after-party; false when the dinner has none. */
export const setAfterPartyPosition = (db: DbOrTrx, runningDinnerId: string, lat: number, lng: number, now: Date) =>
  setPosition(db, 'afterParty', runningDinnerId, runningDinnerId, { lat, lng }, now);

/** Participants inserted with a valid position (the demo's) need no geocoder. */
export async function markGivenPositionsLocated(db: DbOrTrx, runningDinnerId: string): Promise<void> {
  await db
    .updateTable('participant')
    .set({ geocoding_status: 'LOCATED', geocoding_reason: null })
    .where('running_dinner_id', '=', runningDinnerId)
    .where('geocoding_status', '=', 'PENDING')
    .where('lat', 'is not', null)
    .where('lng', 'is not', null)
    .where('lat', '<>', -1)
    .where('lng', '<>', -1)
    .execute();
}

export function listUnresolvedParticipants(db: DbOrTrx, runningDinnerId: string) {
  return db
    .selectFrom('participant')
    .select(['id', 'firstname_part', 'lastname', 'street', 'street_nr', 'zip', 'city_name', 'geocoding_reason'])
    .where('running_dinner_id', '=', runningDinnerId)
    .where('geocoding_status', '=', 'UNRESOLVED')
    .orderBy('participant_number')
    .execute();
}

export async function afterPartyGeocoding(
  db: DbOrTrx,
  runningDinnerId: string,
): Promise<{ status: GeocodingStatus; reason: GeocodingReason | null } | null> {
  const row = await db
    .selectFrom('after_party')
    .select(['geocoding_status', 'geocoding_reason'])
    .where('running_dinner_id', '=', runningDinnerId)
    .executeTakeFirst();
  return row ? { status: row.geocoding_status, reason: row.geocoding_reason } : null;
}
