import type { Transaction } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';

type DbOrTrx = Db | Transaction<Database>;

/** Newest first; the participant number orders registrations of the same instant. */
export function listRegistrations(db: DbOrTrx, runningDinnerId: string, offset: number, limit: number) {
  return db
    .selectFrom('participant')
    .select(['id', 'firstname_part', 'lastname', 'email', 'created_at', 'activated_at'])
    .where('running_dinner_id', '=', runningDinnerId)
    .orderBy('created_at', 'desc')
    .orderBy('participant_number', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}
