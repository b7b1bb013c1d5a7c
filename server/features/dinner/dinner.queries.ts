import type { MealRow, RunningDinnerRow } from '../../../db/schema.js';
import type { DbOrTrx } from '../../../db/transaction.js';

// The queries of a dinner every feature reads (its meals, the row as stored now).

export function listMeals(db: DbOrTrx, runningDinnerId: string): Promise<MealRow[]> {
  return db
    .selectFrom('meal')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .orderBy('position')
    .execute();
}

/** A dinner as stored now (a long task re-reads it before it changes anything). */
export function findDinner(db: DbOrTrx, runningDinnerId: string): Promise<RunningDinnerRow | undefined> {
  return db.selectFrom('running_dinner').selectAll().where('id', '=', runningDinnerId).executeTakeFirst();
}

/** The dinner of an administration link (the admin scope of every organiser route). */
export function findByAdminId(db: DbOrTrx, adminId: string): Promise<RunningDinnerRow | undefined> {
  return db.selectFrom('running_dinner').selectAll().where('admin_id', '=', adminId).executeTakeFirst();
}
