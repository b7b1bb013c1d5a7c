import type { Insertable } from 'kysely';
import {
  type AfterPartyLocation,
  type AfterPartyLocationInput,
  DEFAULT_AFTER_PARTY_TITLES,
  type Language,
} from '../../../contract/dinner.js';
import type { AfterPartyRow, AfterPartyTable } from '../../../db/schema.js';
import type { DbOrTrx } from '../../../db/transaction.js';

// A dinner's after-party as stored (its own row, see the migration 0012) and as the wire shows it. Its position is
// not written from here: geocoding decides it (addressGeocodingColumns), so a hand-set or located position survives
// an edit that leaves the address as it is.

export function findAfterParty(db: DbOrTrx, runningDinnerId: string): Promise<AfterPartyRow | undefined> {
  return db.selectFrom('after_party').selectAll().where('running_dinner_id', '=', runningDinnerId).executeTakeFirst();
}

export function listAfterPartiesOf(db: DbOrTrx, runningDinnerIds: string[]): Promise<AfterPartyRow[]> {
  if (runningDinnerIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('after_party').selectAll().where('running_dinner_id', 'in', runningDinnerIds).execute();
}

/** The after-party's address columns for `location`; without a title it gets the default of the event's language. */
export function afterPartyColumns(location: AfterPartyLocationInput, language: Language) {
  return {
    title: location.title ?? DEFAULT_AFTER_PARTY_TITLES[language],
    time: location.time,
    street: location.street,
    street_nr: location.streetNr,
    zip: location.zip,
    city_name: location.cityName,
    address_name: location.addressName,
    address_remarks: location.addressRemarks,
  } satisfies Partial<Insertable<AfterPartyTable>>;
}

/** Stores the after-party of a dinner (`row`: its columns with those of geocoding), or removes it for null. */
export async function saveAfterParty(
  db: DbOrTrx,
  runningDinnerId: string,
  row: Omit<Insertable<AfterPartyTable>, 'running_dinner_id'> | null,
): Promise<void> {
  if (row === null) {
    await db.deleteFrom('after_party').where('running_dinner_id', '=', runningDinnerId).execute();
    return;
  }
  await db
    .insertInto('after_party')
    .values({ ...row, running_dinner_id: runningDinnerId })
    .onConflict((oc) => oc.column('running_dinner_id').doUpdateSet(row))
    .execute();
}

/** Moves the after-party's time with the dinner's date. */
export async function setAfterPartyTime(db: DbOrTrx, runningDinnerId: string, time: string, now: Date): Promise<void> {
  await db
    .updateTable('after_party')
    .set({ time, updated_at: now.toISOString() })
    .where('running_dinner_id', '=', runningDinnerId)
    .execute();
}

/** The stored after-party as the wire shows it, or null when the dinner has none. */
export function afterPartyOf(row: AfterPartyRow | undefined): AfterPartyLocation | null {
  if (!row) return null;
  return {
    title: row.title,
    time: row.time,
    street: row.street,
    streetNr: row.street_nr,
    zip: row.zip,
    cityName: row.city_name,
    addressName: row.address_name,
    addressRemarks: row.address_remarks,
    geocodingResult: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
  };
}
