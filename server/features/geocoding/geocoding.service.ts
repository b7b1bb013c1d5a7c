import type { Updateable } from 'kysely';
import { DinnerEvent } from '../../../contract/dinner-events.js';
import type { GeocodingOverview, Position, SetPositionResult } from '../../../contract/geocoding.js';
import { GeocodingMessage } from '../../../contract/geocoding.messages.js';
import type { ParticipantRow, ParticipantTable, RunningDinnerRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import { fullName } from '../../../domain/participants/names.js';
import { isLocated } from '../../../domain/routes/distance.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { publishDinnerEvent } from '../live/dinner-events.js';
import { addressChanged, addressLine, type GeocodableAddress } from './geocoding.address.js';
import * as repo from './geocoding.repo.js';

/** Tells the dinner's live stream, once `trx` committed, how many of its addresses are located: call it after the writes. */
export async function publishGeocodingProgress(
  deps: Pick<Deps, 'bus'>,
  trx: Trx,
  runningDinnerId: string,
): Promise<void> {
  publishDinnerEvent(
    deps,
    trx,
    runningDinnerId,
    DinnerEvent.geocoding,
    await repo.geocodingProgress(trx, runningDinnerId),
  );
}

/**
 * Addresses were left PENDING in `trx`: the loop is woken after the commit. The stream hears of the counts once the
 * loop wrote what it found; the change itself is told by the caller's own event (registration, activity) if any.
 */
export function geocodingQueued(deps: Pick<Deps, 'geocodingQueue'>, trx: Trx): void {
  trx.afterCommit(() => deps.geocodingQueue.emit('queued'));
}

/** Participants inserted with their position (the demo's) count as located: the geocoder is never asked for them. */
export const markGivenPositionsLocated = (trx: Trx, runningDinnerId: string) =>
  repo.markGivenPositionsLocated(trx, runningDinnerId);

type GeocodingColumns = Pick<
  Updateable<ParticipantTable>,
  'lat' | 'lng' | 'geocoding_status' | 'geocoding_reason' | 'geocoding_attempts' | 'geocoding_next_attempt_at'
>;

type StoredPosition = { lat: number | null; lng: number | null };

/** The organiser sent a position that is not the stored one: an echo of what a form loaded changes nothing. */
const handSetPosition = (
  stored: StoredPosition | null,
  given: Position | { lat: number; lng: number } | null | undefined,
): Position | null => {
  if (!given || !isLocated(given)) return null;
  return stored && stored.lat === given.lat && stored.lng === given.lng ? null : { lat: given.lat, lng: given.lng };
};

const pending = { status: 'PENDING', reason: null, lat: null, lng: null, attempts: 0, nextAttemptAt: null } as const;
const manual = (p: Position) =>
  ({ status: 'MANUAL', reason: null, lat: p.lat, lng: p.lng, attempts: 0, nextAttemptAt: null }) as const;

/**
 * What becomes of an address's position when it is stored as `next`: a position set by hand with it is kept as
 * MANUAL; a new or changed address is geocoded again (PENDING, the old position dropped); otherwise nothing
 * changes (undefined), so a hand-set position survives edits of other fields.
 */
function geocodingOf(
  stored: (GeocodableAddress & StoredPosition) | null,
  next: GeocodableAddress,
  given: Position | { lat: number; lng: number } | null | undefined,
) {
  const hand = handSetPosition(stored, given);
  if (hand) return manual(hand);
  if (!stored || addressChanged(stored, next)) return pending;
  return undefined;
}

/** An address as stored: a participant's or an after-party's row (both have these columns). */
type StoredAddress = Pick<ParticipantRow, 'street' | 'street_nr' | 'zip' | 'city_name' | 'lat' | 'lng'>;

const addressOfRow = (row: StoredAddress) => ({
  street: row.street,
  streetNr: row.street_nr,
  zip: row.zip,
  cityName: row.city_name,
  lat: row.lat,
  lng: row.lng,
});

/**
 * The geocoding columns of an address (a participant's or the after-party's) stored as `next` (`stored`: the row
 * before, null for a new one) and perhaps a position the organiser sent along. Undefined: leave them as they are.
 */
export function addressGeocodingColumns(
  stored: StoredAddress | null,
  next: GeocodableAddress,
  geocodingResult?: Position | StoredPosition | null,
): GeocodingColumns | undefined {
  const given =
    geocodingResult && geocodingResult.lat !== null && geocodingResult.lng !== null
      ? { lat: geocodingResult.lat, lng: geocodingResult.lng }
      : null;
  const outcome = geocodingOf(stored && addressOfRow(stored), next, given);
  if (!outcome) return undefined;
  return {
    lat: outcome.lat,
    lng: outcome.lng,
    geocoding_status: outcome.status,
    geocoding_reason: outcome.reason,
    geocoding_attempts: outcome.attempts,
    geocoding_next_attempt_at: outcome.nextAttemptAt,
  };
}

/** PUT …/participant/:participantId/geocode — the organiser places the participant by hand (dragged marker). */
export async function setParticipantPosition(
  deps: Deps,
  dinner: RunningDinnerRow,
  participantId: string,
  position: Position,
): Promise<SetPositionResult & { participantId: string }> {
  assertWritable(deps, dinner);
  if (!isUuid(participantId)) throw notFound();
  const placed = await writeTransaction(deps.db, async (trx) => {
    if (
      !(await repo.setParticipantPosition(trx, dinner.id, participantId, position.lat, position.lng, deps.clock.now()))
    )
      return false;
    await publishGeocodingProgress(deps, trx, dinner.id);
    return true;
  });
  if (!placed) throw notFound();
  return { participantId, status: 'MANUAL', geocodingResult: { lat: position.lat, lng: position.lng } };
}

/** PUT …/afterpartylocation/geocode — the organiser places the after-party by hand; 409 without an after-party. */
export async function setAfterPartyPosition(
  deps: Deps,
  dinner: RunningDinnerRow,
  position: Position,
): Promise<SetPositionResult> {
  assertWritable(deps, dinner);
  const placed = await writeTransaction(deps.db, async (trx) => {
    if (!(await repo.setAfterPartyPosition(trx, dinner.id, position.lat, position.lng, deps.clock.now()))) return false;
    await publishGeocodingProgress(deps, trx, dinner.id);
    return true;
  });
  if (!placed) throw new AppError('no_after_party', GeocodingMessage.noAfterParty.id);
  return { status: 'MANUAL', geocodingResult: { lat: position.lat, lng: position.lng } };
}

/** GET …/geocoding — how far geocoding got, and which addresses could not be located and why. */
export async function geocodingOverview(deps: Deps, dinner: RunningDinnerRow): Promise<GeocodingOverview> {
  const [progress, unresolved, afterParty] = await Promise.all([
    repo.geocodingProgress(deps.db, dinner.id),
    repo.listUnresolvedParticipants(deps.db, dinner.id),
    repo.afterPartyGeocoding(deps.db, dinner.id),
  ]);
  return {
    located: progress.located,
    total: progress.total,
    pending: progress.pending,
    unresolved: unresolved.map((p) => ({
      participantId: p.id,
      name: fullName({ firstnamePart: p.firstname_part, lastname: p.lastname }),
      address: addressLine({ street: p.street, streetNr: p.street_nr, zip: p.zip, cityName: p.city_name }),
      reason: p.geocoding_reason ?? 'NOT_FOUND',
    })),
    afterParty,
  };
}
