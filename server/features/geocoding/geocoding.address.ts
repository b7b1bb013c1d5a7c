/** The parts of an address the geocoder is asked with: a participant's or the after-party's. */
export interface GeocodableAddress {
  street: string;
  streetNr: string;
  zip: string;
  cityName: string;
}

const normalised = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** A street, and a zip code or a city: anything less would locate a whole town or nothing. */
export const isComplete = (a: GeocodableAddress) =>
  normalised(a.street) !== '' && (normalised(a.zip) !== '' || normalised(a.cityName) !== '');

/**
 * The cache key: the address as the geocoder is asked, without case, surplus spaces or Unicode variants.
 * "Habsburgerstraße  9, 79104 freiburg" is the same question as "habsburgerstraße 9, 79104 Freiburg".
 */
export const addressKey = (a: GeocodableAddress) =>
  [`${normalised(a.street)} ${normalised(a.streetNr)}`.trim(), normalised(a.zip), normalised(a.cityName)].join('|');

/** Whether two versions of an address would be asked differently: only then is a position found for one wrong for the other. */
export const addressChanged = (a: GeocodableAddress, b: GeocodableAddress) => addressKey(a) !== addressKey(b);

/** "Street Nr, Zip City", as the organiser's lists show it. */
export function addressLine(a: GeocodableAddress): string {
  const street = `${a.street} ${a.streetNr}`.trim();
  const city = `${a.zip} ${a.cityName}`.trim();
  return [street, city].filter((part) => part !== '').join(', ');
}
