import type { NewRunningDinner, RunningDinnerRow, RunningDinnerUpdate } from '../../../db/schema.js';
import type { DbOrTrx } from '../../../db/transaction.js';
import { newId } from '../../lib/ids.js';

import { listMeals } from '../dinner/dinner.queries.js';

export * from '../dinner/dinner.queries.js';

export function findById(db: DbOrTrx, id: string): Promise<RunningDinnerRow | undefined> {
  return db.selectFrom('running_dinner').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByCreationKey(db: DbOrTrx, creationKey: string): Promise<RunningDinnerRow | undefined> {
  return db.selectFrom('running_dinner').selectAll().where('creation_key', '=', creationKey).executeTakeFirst();
}

export async function insertRunningDinner(db: DbOrTrx, row: NewRunningDinner): Promise<void> {
  await db.insertInto('running_dinner').values(row).execute();
}

export async function updateRunningDinner(db: DbOrTrx, id: string, changes: RunningDinnerUpdate): Promise<void> {
  await db.updateTable('running_dinner').set(changes).where('id', '=', id).execute();
}

/**
 * Replaces the meals position by position: a kept position keeps its row (and id), because teams refer to
 * meals; surplus positions are removed, new ones inserted.
 */
export async function replaceMeals(
  db: DbOrTrx,
  runningDinnerId: string,
  meals: { label: string; time: string }[],
): Promise<void> {
  const existing = await listMeals(db, runningDinnerId);
  await db
    .deleteFrom('meal')
    .where('running_dinner_id', '=', runningDinnerId)
    .where('position', '>=', meals.length)
    .execute();
  for (const [position, meal] of meals.entries()) {
    const row = existing.find((m) => m.position === position);
    if (row)
      await db.updateTable('meal').set({ label: meal.label, time: meal.time }).where('id', '=', row.id).execute();
    else
      await db
        .insertInto('meal')
        .values({ id: newId(), running_dinner_id: runningDinnerId, position, label: meal.label, time: meal.time })
        .execute();
  }
}

/** Everyone registered or added, and those of them who confirmed. */
export async function countParticipants(
  db: DbOrTrx,
  runningDinnerId: string,
): Promise<{ all: number; confirmed: number }> {
  const row = await db
    .selectFrom('participant')
    .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.count<number>('activated_at').as('confirmed')])
    .where('running_dinner_id', '=', runningDinnerId)
    .executeTakeFirstOrThrow();
  return { all: Number(row.all), confirmed: Number(row.confirmed) };
}
