import type { DbOrTrx, Trx } from '../../../db/transaction.js';
import type { RouteOptimizationRow } from '../../../db/schema.js';

type Status = RouteOptimizationRow['status'];
type Insert = Omit<RouteOptimizationRow, 'status' | 'failure' | 'progress' | 'start_longest_leg_meters' | 'longest_leg_meters' | 'result' | 'finished_at'>;

export const findRun = (db: DbOrTrx, runningDinnerId: string, id: string): Promise<RouteOptimizationRow | undefined> =>
  db.selectFrom('route_optimization').selectAll().where('running_dinner_id', '=', runningDinnerId).where('id', '=', id).executeTakeFirst();

export async function runningIds(db: DbOrTrx, runningDinnerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('route_optimization')
    .select('id')
    .where('running_dinner_id', '=', runningDinnerId)
    .where('status', '=', 'RUNNING')
    .orderBy('started_at')
    .execute();
  return rows.map((r) => r.id);
}

/** Whether routes of this dinner were ever optimised and applied (new teams then get optimised too). */
export async function wasApplied(db: DbOrTrx, runningDinnerId: string): Promise<boolean> {
  const row = await db.selectFrom('route_optimization').select('id').where('running_dinner_id', '=', runningDinnerId).where('status', '=', 'APPLIED').executeTakeFirst();
  return row !== undefined;
}

export async function insertRun(trx: Trx, run: Insert): Promise<void> {
  await trx
    .insertInto('route_optimization')
    .values({ ...run, status: 'RUNNING' })
    .execute();
}

/** Moves a run on from `from` only: answers false when it had moved on already (cancelled meanwhile). */
export async function moveRun(
  trx: Trx,
  id: string,
  from: readonly Status[],
  changes: Partial<Omit<RouteOptimizationRow, 'id' | 'running_dinner_id' | 'started_at'>> & { status: Status },
): Promise<boolean> {
  const result = await trx.updateTable('route_optimization').set(changes).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Runs the server was stopped during: their threads are gone. */
export async function failInterruptedRuns(trx: Trx, now: string): Promise<number> {
  const result = await trx.updateTable('route_optimization').set({ status: 'FAILED', failure: 'interrupted', finished_at: now }).where('status', '=', 'RUNNING').executeTakeFirst();
  return Number(result.numUpdatedRows);
}
