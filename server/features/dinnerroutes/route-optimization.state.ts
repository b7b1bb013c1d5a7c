import { createHash } from 'node:crypto';
import { DinnerEvent } from '../../../contract/dinner-events.js';
import type { OptimizationProgress, OptimizationState } from '../../../contract/route-optimization.js';
import { OptimizationMessage } from '../../../contract/route-optimization.messages.js';
import type { RouteOptimizationRow, RunningDinnerRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import { planIdentity, type RoutedPlan } from '../../../domain/routes/optimisation-plan.js';
import type { TeamRoute } from '../../../domain/routes/routes.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { Topic } from '../../lib/event-bus.js';
import { publishDinnerEvent } from '../live/dinner-events.js';
import * as repo from './route-optimization.repo.js';

// A run as its row and its stream tell it: its state, how it is announced, and how it ends failed.

export const OptimizationEvent = {
  progress: 'progress',
  finished: 'finished',
  failed: 'failed',
  cancelled: 'cancelled',
  applied: 'applied',
} as const;

/** What must not change between a run's start and its applying, as the digest stored with the run. */
export const fingerprintOf = (routed: RoutedPlan): string =>
  createHash('sha256').update(planIdentity(routed)).digest('hex');

export interface StoredResult {
  teams: TeamRoute[];
  lowerBoundMeters: number;
  totalMeters: number;
  startTotalMeters: number;
}

/** Tells the dinner's stream that a run started or moved on, once the transaction commits. */
export function announce(
  deps: Deps,
  trx: Trx,
  row: Pick<RouteOptimizationRow, 'id' | 'running_dinner_id' | 'automatic'>,
  status: RouteOptimizationRow['status'],
): void {
  publishDinnerEvent(deps, trx, row.running_dinner_id, DinnerEvent.optimization, {
    optimizationId: row.id,
    status,
    automatic: row.automatic === 1,
  });
}

export function stateOf(deps: Deps, row: RouteOptimizationRow, outdated = false): OptimizationState {
  return {
    optimizationId: row.id,
    status: row.status,
    failure: row.failure,
    ignoreMealAssignments: row.ignore_meal_assignments === 1,
    minimumDistanceInMeters: row.minimum_distance_meters,
    automatic: row.automatic === 1,
    budgetSeconds: row.budget_seconds,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    progress:
      (row.status === 'RUNNING' ? deps.optimizationRuns.progress(row.id) : null) ??
      (row.progress === null ? null : (JSON.parse(row.progress) as OptimizationProgress)),
    startLongestLegMeters: row.start_longest_leg_meters,
    longestLegMeters: row.longest_leg_meters,
    outdated,
  };
}

export async function runOf(deps: Deps, dinner: RunningDinnerRow, id: string): Promise<RouteOptimizationRow> {
  const row = await repo.findRun(deps.db, dinner.id, id);
  if (!row) throw notFound();
  return row;
}

export async function publishState(
  deps: Deps,
  dinner: RunningDinnerRow,
  id: string,
  event: string,
): Promise<OptimizationState> {
  const state = stateOf(deps, await runOf(deps, dinner, id));
  deps.bus.publish(Topic.routeOptimization(id), event, state);
  return state;
}

export async function fail(
  deps: Deps,
  row: RouteOptimizationRow,
  failure: 'error' | 'teams_changed',
  reason: string,
): Promise<void> {
  console.error(`route optimisation failed: ${reason}`);
  const moved = await writeTransaction(deps.db, (trx) =>
    repo.moveRun(trx, row.id, ['RUNNING', 'FINISHED'], {
      status: 'FAILED',
      failure,
      finished_at: deps.clock.now().toISOString(),
    }),
  );
  if (moved)
    deps.bus.publish(
      Topic.routeOptimization(row.id),
      OptimizationEvent.failed,
      stateOf(deps, (await repo.findRun(deps.db, row.running_dinner_id, row.id))!),
    );
}

export function assertFinished(row: RouteOptimizationRow): StoredResult {
  if (row.status !== 'FINISHED' || row.result === null)
    throw new AppError('optimization_not_finished', OptimizationMessage.notFinished.id, { status: row.status });
  return JSON.parse(row.result) as StoredResult;
}

export const teamsChanged = () => new AppError('teams_changed', OptimizationMessage.teamsChanged.id);
