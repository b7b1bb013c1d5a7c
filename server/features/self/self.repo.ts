import type { Transaction } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { Database, RunningDinnerRow } from '../../../db/schema.js';

type DbOrTrx = Db | Transaction<Database>;

export function findBySelfAdminId(db: DbOrTrx, selfAdminId: string): Promise<RunningDinnerRow | undefined> {
  return db.selectFrom('running_dinner').selectAll().where('self_admin_id', '=', selfAdminId).executeTakeFirst();
}
