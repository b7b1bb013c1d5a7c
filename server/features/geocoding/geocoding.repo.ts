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

/** The rows the loop works on: pending ones, and unresolved ones whose geocoder was unreachable and whose next attempt is due. */
export async function listDueItems(db: DbOrTrx, now: Date, limit: number): Promise<GeocodingItem[]> {
  const at = now.toISOString();
  const participants = await db
    .selectFrom('participant')
    .select([
      'id',
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
  const afterParties = await db
    .selectFrom('running_dinner')
    .select([
      'id',
      'after_party_street',
      'after_party_street_nr',
      'after_party_zip',
      'after_party_city_name',
      'after_party_geocoding_status',
      'after_party_geocoding_attempts',
    ])
    .where('after_party_time', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('after_party_geocoding_status', '=', 'PENDING'),
        eb.and([
          eb('after_party_geocoding_status', '=', 'UNRESOLVED'),
          eb('after_party_geocoding_reason', '=', 'UNREACHABLE'),
          eb('after_party_geocoding_next_attempt_at', '<=', at),
        ]),
      ]),
    )
    .limit(Math.max(1, limit - participants.length))
    .execute();
  return [
    ...participants.map(
      (p): GeocodingItem => ({
        kind: 'participant',
        id: p.id,
        runningDinnerId: p.running_dinner_id,
        address: { street: p.street, streetNr: p.street_nr, zip: p.zip, cityName: p.city_name },
        status: p.geocoding_status as GeocodingItem['status'],
        attempts: p.geocoding_attempts,
      }),
    ),
    ...afterParties.map(
      (d): GeocodingItem => ({
        kind: 'afterParty',
        id: d.id,
        runningDinnerId: d.id,
        address: {
          street: d.after_party_street ?? '',
          streetNr: d.after_party_street_nr ?? '',
          zip: d.after_party_zip ?? '',
          cityName: d.after_party_city_name ?? '',
        },
        status: d.after_party_geocoding_status as GeocodingItem['status'],
        attempts: d.after_party_geocoding_attempts,
      }),
    ),
  ];
}

/** When the first unreachable address is due again, if any. */
export async function nextRetryTime(db: DbOrTrx): Promise<Date | undefined> {
  const [participant, afterParty] = await Promise.all([
    db
      .selectFrom('participant')
      .select((eb) => eb.fn.min('geocoding_next_attempt_at').as('next'))
      .where('geocoding_status', '=', 'UNRESOLVED')
      .where('geocoding_reason', '=', 'UNREACHABLE')
      .executeTakeFirst(),
    db
      .selectFrom('running_dinner')
      .select((eb) => eb.fn.min('after_party_geocoding_next_attempt_at').as('next'))
      .where('after_party_geocoding_status', '=', 'UNRESOLVED')
      .where('after_party_geocoding_reason', '=', 'UNREACHABLE')
      .executeTakeFirst(),
  ]);
  const times = [participant?.next, afterParty?.next]
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
  const { street, streetNr, zip, cityName } = item.address;
  if (item.kind === 'participant') {
    const result = await db
      .updateTable('participant')
      .set({
        geocoding_status: outcome.status,
        geocoding_reason: outcome.reason,
        lat: outcome.lat,
        lng: outcome.lng,
        geocoding_attempts: outcome.attempts,
        geocoding_next_attempt_at: outcome.nextAttemptAt,
      })
      .where('id', '=', item.id)
      .where('geocoding_status', '=', item.status)
      .where('street', '=', street)
      .where('street_nr', '=', streetNr)
      .where('zip', '=', zip)
      .where('city_name', '=', cityName)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
  const result = await db
    .updateTable('running_dinner')
    .set({
      after_party_geocoding_status: outcome.status,
      after_party_geocoding_reason: outcome.reason,
      after_party_lat: outcome.lat,
      after_party_lng: outcome.lng,
      after_party_geocoding_attempts: outcome.attempts,
      after_party_geocoding_next_attempt_at: outcome.nextAttemptAt,
    })
    .where('id', '=', item.id)
    .where('after_party_geocoding_status', '=', item.status)
    .where((eb) => eb.fn.coalesce('after_party_street', eb.val('')), '=', street)
    .where((eb) => eb.fn.coalesce('after_party_street_nr', eb.val('')), '=', streetNr)
    .where((eb) => eb.fn.coalesce('after_party_zip', eb.val('')), '=', zip)
    .where((eb) => eb.fn.coalesce('after_party_city_name', eb.val('')), '=', cityName)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The geocoder answered again: every address it could not be reached for is due at once instead of after its backoff. Answers their dinners. */
export async function makeUnreachableDue(db: DbOrTrx, now: Date): Promise<string[]> {
  const at = now.toISOString();
  const participants = await db
    .updateTable('participant')
    .set({ geocoding_next_attempt_at: at })
    .where('geocoding_status', '=', 'UNRESOLVED')
    .where('geocoding_reason', '=', 'UNREACHABLE')
    .where('geocoding_next_attempt_at', '>', at)
    .returning('running_dinner_id')
    .execute();
  await db
    .updateTable('running_dinner')
    .set({ after_party_geocoding_next_attempt_at: at })
    .where('after_party_geocoding_status', '=', 'UNRESOLVED')
    .where('after_party_geocoding_reason', '=', 'UNREACHABLE')
    .where('after_party_geocoding_next_attempt_at', '>', at)
    .execute();
  return [...new Set(participants.map((p) => p.running_dinner_id))];
}

/** The organiser's position for a participant: kept until the address changes. */
/** Places the participant; false when the dinner has no such participant. */
export async function setParticipantPosition(
  db: DbOrTrx,
  runningDinnerId: string,
  participantId: string,
  lat: number,
  lng: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('participant')
    .set({
      lat,
      lng,
      geocoding_status: 'MANUAL',
      geocoding_reason: null,
      geocoding_attempts: 0,
      geocoding_next_attempt_at: null,
      updated_at: now.toISOString(),
    })
    .where('running_dinner_id', '=', runningDinnerId)
    .where('id', '=', participantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setAfterPartyPosition(
  db: DbOrTrx,
  runningDinnerId: string,
  lat: number,
  lng: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('running_dinner')
    .set({
      after_party_lat: lat,
      after_party_lng: lng,
      after_party_geocoding_status: 'MANUAL',
      after_party_geocoding_reason: null,
      after_party_geocoding_attempts: 0,
      after_party_geocoding_next_attempt_at: null,
      updated_at: now.toISOString(),
    })
    .where('id', '=', runningDinnerId)
    .execute();
}

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
    .selectFrom('running_dinner')
    .select(['after_party_time', 'after_party_geocoding_status', 'after_party_geocoding_reason'])
    .where('id', '=', runningDinnerId)
    .executeTakeFirst();
  if (!row || row.after_party_time === null) return null;
  return { status: row.after_party_geocoding_status ?? 'PENDING', reason: row.after_party_geocoding_reason };
}
