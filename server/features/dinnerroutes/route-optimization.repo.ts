import type { Db } from '../../../db/connection.js';
import { skipLocked } from '../../../db/dialect.js';
import type { RouteOptimizationRow } from '../../../db/schema.js';
import type { DbOrTrx, Trx } from '../../../db/transaction.js';

type Status = RouteOptimizationRow['status'];
type Insert = Omit<
  RouteOptimizationRow,
  'status' | 'failure' | 'progress' | 'start_longest_leg_meters' | 'longest_leg_meters' | 'result' | 'finished_at'
>;

export const findRun = (db: DbOrTrx, runningDinnerId: string, id: string): Promise<RouteOptimizationRow | undefined> =>
  db
    .selectFrom('route_optimization')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .where('id', '=', id)
    .executeTakeFirst();

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

/** The latest proposal a person asked for that waits to be applied or discarded, made from the plan `planFingerprint`. */
export async function latestProposalId(
  db: DbOrTrx,
  runningDinnerId: string,
  planFingerprint: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('route_optimization')
    .select('id')
    .where('running_dinner_id', '=', runningDinnerId)
    .where('status', '=', 'FINISHED')
    .where('automatic', '=', 0)
    .where('plan_fingerprint', '=', planFingerprint)
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Whether routes of this dinner were ever optimised and applied (new teams then get optimised too). */
export async function wasApplied(db: DbOrTrx, runningDinnerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('route_optimization')
    .select('id')
    .where('running_dinner_id', '=', runningDinnerId)
    .where('status', '=', 'APPLIED')
    .executeTakeFirst();
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
  const result = await trx
    .updateTable('route_optimization')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A run of the same request on the same plan that is still searching: a second start of it (another tab, another
 * instance behind the proxy) joins it instead of searching twice.
 */
export const findSameRunning = (
  trx: Trx,
  run: Pick<
    Insert,
    'running_dinner_id' | 'plan_fingerprint' | 'ignore_meal_assignments' | 'minimum_distance_meters' | 'automatic'
  >,
) =>
  trx
    .selectFrom('route_optimization')
    .selectAll()
    .where('running_dinner_id', '=', run.running_dinner_id)
    .where('status', '=', 'RUNNING')
    .where('plan_fingerprint', '=', run.plan_fingerprint)
    .where('ignore_meal_assignments', '=', run.ignore_meal_assignments)
    .where('minimum_distance_meters', '=', run.minimum_distance_meters)
    .where('automatic', '=', run.automatic)
    .executeTakeFirst();

/** The searching instance is alive: its claim holds for another lease; its latest figures are stored with it. */
export async function renewLease(
  db: Db,
  id: string,
  instanceId: string,
  leaseUntil: string,
  progress: string | null,
): Promise<void> {
  await db
    .updateTable('route_optimization')
    .set({ lease_until: leaseUntil, ...(progress === null ? {} : { progress }) })
    .where('id', '=', id)
    .where('claimed_by', '=', instanceId)
    .where('status', '=', 'RUNNING')
    .execute();
}

/** Takes over one run another instance stopped renewing the claim of (it died), in one statement. */
export async function claimAbandonedRun(
  db: Db,
  instanceId: string,
  now: string,
  leaseUntil: string,
): Promise<RouteOptimizationRow | undefined> {
  const abandoned = skipLocked(
    db,
    db
      .selectFrom('route_optimization')
      .select('id')
      .where('status', '=', 'RUNNING')
      .where('lease_until', '<', now)
      .where('claimed_by', '!=', instanceId)
      .limit(1),
  );
  return db
    .updateTable('route_optimization')
    .set({ claimed_by: instanceId, lease_until: leaseUntil })
    .where('id', 'in', abandoned)
    .returningAll()
    .executeTakeFirst();
}

/** At a stop: the instance's runs are free for another instance at once. */
export async function releaseRuns(db: Db, instanceId: string, now: string): Promise<void> {
  await db
    .updateTable('route_optimization')
    .set({ lease_until: now })
    .where('claimed_by', '=', instanceId)
    .where('status', '=', 'RUNNING')
    .execute();
}

/** Runs the server was stopped during: their threads are gone. */
export async function failInterruptedRuns(trx: Trx, now: string): Promise<number> {
  const result = await trx
    .updateTable('route_optimization')
    .set({ status: 'FAILED', failure: 'interrupted', finished_at: now })
    .where('status', '=', 'RUNNING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
