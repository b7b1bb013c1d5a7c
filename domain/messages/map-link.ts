// A link that opens an address in a map app: OpenStreetMap at the position when it is known, else its search.

const OSM = 'https://www.openstreetmap.org';
const ZOOM = 18;

/** The position rounded to what a map shows (about a metre), so links stay short. */
const degrees = (value: number) => String(Math.round(value * 1e5) / 1e5);

export function mapLink(position: { lat: number | null; lng: number | null } | null, address: string): string {
  if (position && position.lat !== null && position.lng !== null) {
    const lat = degrees(position.lat);
    const lng = degrees(position.lng);
    return `${OSM}/?mlat=${lat}&mlon=${lng}#map=${ZOOM}/${lat}/${lng}`;
  }
  return `${OSM}/search?query=${encodeURIComponent(address)}`;
}
