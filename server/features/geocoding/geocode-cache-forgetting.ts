import type { Trx } from '../../../db/transaction.js';
import { addressKey, type GeocodableAddress } from './geocoding.address.js';

/** The addresses of an event: its participants' and its after-party's. */
async function addressesOf(trx: Trx, filter: { of: string } | { besides: string; zips: string[]; cities: string[] }) {
  const rows: GeocodableAddress[] = [];
  for (const table of ['participant', 'after_party'] as const) {
    let query = trx.selectFrom(table).select(['street', 'street_nr as streetNr', 'zip', 'city_name as cityName']);
    if ('of' in filter) query = query.where('running_dinner_id', '=', filter.of);
    else
      query = query
        .where('running_dinner_id', '!=', filter.besides)
        .where((eb) => eb.or([eb('zip', 'in', filter.zips), eb('city_name', 'in', filter.cities)]));
    rows.push(...(await query.execute()));
  }
  return rows;
}

/**
 * Before an event is deleted: the geocoder's answers for its addresses leave the cache (shared across events and
 * keyed by the address), unless another event still has the same address. Other events' addresses are read by the
 * same zip code or city as stored; one written differently there only loses its cached answer, which the geocoder
 * gives again when asked.
 */
export async function forgetCachedAddressesOf(trx: Trx, runningDinnerId: string): Promise<void> {
  const own = await addressesOf(trx, { of: runningDinnerId });
  const keys = new Set(own.map(addressKey));
  if (keys.size === 0) return;
  const zips = [...new Set(own.map((a) => a.zip))];
  const cities = [...new Set(own.map((a) => a.cityName))];
  const others = await addressesOf(trx, { besides: runningDinnerId, zips, cities });
  for (const other of others) keys.delete(addressKey(other));
  const forgotten = [...keys];
  for (let i = 0; i < forgotten.length; i += 500)
    await trx
      .deleteFrom('geocode_cache')
      .where('query', 'in', forgotten.slice(i, i + 500))
      .execute();
}
