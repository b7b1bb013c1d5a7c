import type { RunningDinnerRow } from '../../../db/schema.js';
import type { DbOrTrx } from '../../../db/transaction.js';

export function findBySelfAdminId(db: DbOrTrx, selfAdminId: string): Promise<RunningDinnerRow | undefined> {
  return db.selectFrom('running_dinner').selectAll().where('self_admin_id', '=', selfAdminId).executeTakeFirst();
}
