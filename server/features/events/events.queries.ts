import type { DbOrTrx } from '../../../db/transaction.js';
import type { MealRow } from '../../../db/schema.js';

// The queries of events that other features read too (repositories stay private to their feature).

export function listMeals(db: DbOrTrx, runningDinnerId: string): Promise<MealRow[]> {
  return db.selectFrom('meal').selectAll().where('running_dinner_id', '=', runningDinnerId).orderBy('position').execute();
}
