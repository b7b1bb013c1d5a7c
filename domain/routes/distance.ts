/** A position on the earth in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_METERS = 6_371_008.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** The straight-line (great-circle, haversine) distance in metres: the one distance of routes, cockpit and optimiser. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A usable position: both numbers, finite, and not the -1 that marks "not located". */
export function isLocated(position: { lat: number | null; lng: number | null } | null | undefined): position is LatLng {
  if (!position || position.lat === null || position.lng === null) return false;
  return Number.isFinite(position.lat) && Number.isFinite(position.lng) && position.lat !== -1 && position.lng !== -1;
}
