import * as v from 'valibot';
import { GeocodingMessage } from './geocoding.messages.js';

// Isomorphic: the wire schemas and types of geocoding, imported by the server and the client.

/** PENDING until the background loop asked the cache or the geocoder; MANUAL: set by the organiser, kept until the address changes. */
type GeocodingStatus = 'PENDING' | 'LOCATED' | 'UNRESOLVED' | 'MANUAL';

/**
 * Why an address stayed unresolved (texts: GeocodingMessage.reason…). UNREACHABLE is asked again later by itself;
 * the others wait for a new address or a position set by hand.
 */
type GeocodingReason = 'NOT_FOUND' | 'UNREACHABLE' | 'INCOMPLETE_ADDRESS';

/** -1 marks "not located" everywhere, so a hand-set position may not be -1 (see isLocated in domain/routes/distance.ts). */
const coordinate = (limit: number, message: string) =>
  v.pipe(
    v.number(message),
    v.finite(message),
    v.minValue(-limit, message),
    v.maxValue(limit, message),
    v.check((n) => n !== -1, message),
  );

/** A position set by hand: `{lat, lng}` in degrees (WGS84). */
export const positionSchema = v.strictObject({
  lat: coordinate(90, GeocodingMessage.latitude.id),
  lng: coordinate(180, GeocodingMessage.longitude.id),
});
export type Position = v.InferOutput<typeof positionSchema>;

// ---- what the server answers ----

/** The counts of an event's participant addresses; `located` includes the hand-set ones. */
export interface GeocodingProgress {
  located: number;
  total: number;
  pending: number;
  unresolved: number;
}

interface UnresolvedAddress {
  participantId: string;
  name: string;
  /** "Street Nr, Zip City" as entered. */
  address: string;
  reason: GeocodingReason;
}

/** GET /rest/dinnerrouteservice/v1/runningdinner/:adminId/geocoding */
export interface GeocodingOverview extends Omit<GeocodingProgress, 'unresolved'> {
  /** Participants whose address could not be located, in participant order. */
  unresolved: UnresolvedAddress[];
  /** Null without an after-party. */
  afterParty: { status: GeocodingStatus; reason: GeocodingReason | null } | null;
}

/** The answer of the hand-set position calls. */
export interface SetPositionResult {
  status: 'MANUAL';
  geocodingResult: Position;
}
