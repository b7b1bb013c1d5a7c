import type { Transaction } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import type { LocalDate } from '../../lib/local-dates.js';

type DbOrTrx = Db | Transaction<Database>;

/**
 * PUBLIC dinners that take registrations today: not deactivated, not cancelled, neither the end of registration
 * nor the dinner passed. Demos never: their participants are made up. Only public columns are read, so nothing
 * secret can slip into the answer.
 */
export function listOpenPublicDinners(db: DbOrTrx, today: LocalDate) {
  return db
    .selectFrom('running_dinner')
    .select([
      'id',
      'public_dinner_id',
      'public_title',
      'public_description',
      'city',
      'zip',
      'date',
      'end_of_registration_date',
      'public_contact_name',
      'public_contact_email',
      'after_party_title',
      'after_party_time',
      'after_party_street',
      'after_party_street_nr',
      'after_party_zip',
      'after_party_city_name',
      'after_party_address_name',
      'after_party_address_remarks',
      'after_party_lat',
      'after_party_lng',
    ])
    .where('running_dinner_type', '=', 'STANDARD')
    .where('registration_type', '=', 'PUBLIC')
    .where('registration_deactivated', '=', 0)
    .where('cancelled_at', 'is', null)
    .where('date', '>=', today)
    .where('end_of_registration_date', '>=', today)
    .orderBy('date')
    .orderBy('created_at')
    .execute();
}

export function listMealsOf(db: DbOrTrx, runningDinnerIds: string[]) {
  if (runningDinnerIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('meal').select(['running_dinner_id', 'label', 'time']).where('running_dinner_id', 'in', runningDinnerIds).orderBy('position').execute();
}
