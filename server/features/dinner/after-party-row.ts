import type { AfterPartyLocation } from '../../../contract/dinner.js';
import type { RunningDinnerRow, RunningDinnerUpdate } from '../../../db/schema.js';

// The after-party as columns of the dinner's row and back: `satisfies` keeps the column names honest. Its position
// (after_party_lat/lng) is not written from here: geocoding decides it (afterPartyGeocodingColumns), so a hand-set
// or located position survives an edit that leaves the address as it is.

export function afterPartyColumns(location: AfterPartyLocation | null | undefined) {
  return {
    after_party_title: location?.title ?? null,
    after_party_time: location?.time ?? null,
    after_party_street: location?.street ?? null,
    after_party_street_nr: location?.streetNr ?? null,
    after_party_zip: location?.zip ?? null,
    after_party_city_name: location?.cityName ?? null,
    after_party_address_name: location?.addressName ?? null,
    after_party_address_remarks: location?.addressRemarks ?? null,
  } satisfies RunningDinnerUpdate;
}

export type AfterPartyColumns = Pick<
  RunningDinnerRow,
  keyof ReturnType<typeof afterPartyColumns> | 'after_party_lat' | 'after_party_lng'
>;

/** The stored after-party, or null: its time is set exactly when there is one. */
export function afterPartyOf(row: AfterPartyColumns): AfterPartyLocation | null {
  if (row.after_party_time === null) return null;
  return {
    title: row.after_party_title ?? '',
    time: row.after_party_time,
    street: row.after_party_street ?? '',
    streetNr: row.after_party_street_nr ?? '',
    zip: row.after_party_zip ?? '',
    cityName: row.after_party_city_name ?? '',
    addressName: row.after_party_address_name ?? '',
    addressRemarks: row.after_party_address_remarks ?? '',
    geocodingResult:
      row.after_party_lat !== null && row.after_party_lng !== null
        ? { lat: row.after_party_lat, lng: row.after_party_lng }
        : null,
  };
}
