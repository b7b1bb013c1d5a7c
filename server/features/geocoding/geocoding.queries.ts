import type { GeocodingProgress } from '../../../contract/geocoding.js';
import type { DbOrTrx } from '../../../db/transaction.js';

// The queries of geocoding that other features read too (repositories stay private to their feature).

/** How many of the event's participant addresses are located (by the geocoder or by hand), pending and unresolved. */
export async function geocodingProgress(db: DbOrTrx, runningDinnerId: string): Promise<GeocodingProgress> {
  const rows = await db
    .selectFrom('participant')
    .select((eb) => ['geocoding_status', eb.fn.countAll<number>().as('count')])
    .where('running_dinner_id', '=', runningDinnerId)
    .groupBy('geocoding_status')
    .execute();
  const count = (...statuses: string[]) =>
    rows.filter((r) => statuses.includes(r.geocoding_status)).reduce((sum, r) => sum + Number(r.count), 0);
  return {
    located: count('LOCATED', 'MANUAL'),
    total: count('PENDING', 'LOCATED', 'UNRESOLVED', 'MANUAL'),
    pending: count('PENDING'),
    unresolved: count('UNRESOLVED'),
  };
}
