import type { OptimizationProgress } from '../../../contract/route-optimization.js';
import type { RouteOptimizationRow, RunningDinnerRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import { routesInputOf } from '../../../domain/routes/optimisation-plan.js';
import type { RoutesResult } from '../../../domain/routes/optimise.js';
import type { RoutesInput } from '../../../domain/routes/routes.js';
import type { Deps } from '../../deps.js';
import { Topic } from '../../lib/event-bus.js';
import { redactIds } from '../../lib/ids.js';
import type { RouteRunPlace } from '../../lib/worker-pool.js';
import { findDinner } from '../dinner/dinner.queries.js';
import { loadPlan } from '../teams/team-plan.js';
import { applyAutomatically } from './route-optimization.apply.js';
import * as repo from './route-optimization.repo.js';
import {
  announce,
  fail,
  fingerprintOf,
  OptimizationEvent,
  publishState,
  type StoredResult,
} from './route-optimization.state.js';

// The search of a run on this instance: launched in the routes pool with a lease renewed while it searches, its end
// recorded, stopped with the server, and taken over from an instance that died.

export const leaseUntil = (deps: Deps) =>
  new Date(deps.clock.now().getTime() + deps.config.claimLeaseSeconds * 1000).toISOString();

/** How often an instance looks for runs another instance left behind. */
const TAKEOVER_POLL_MS = 3_000;

/**
 * While the run is this instance's, its claim is renewed every third of a lease (with its latest figures, so another
 * instance can show them), also while it waits for a thread; answers how to stop renewing.
 */
function keepLease(deps: Deps, id: string): () => void {
  const timer = setInterval(
    () => {
      const progress = deps.optimizationRuns.progress(id);
      void repo
        .renewLease(deps.db, id, deps.instance.id, leaseUntil(deps), progress ? JSON.stringify(progress) : null)
        .catch((error) => console.error('route optimisation lease:', redactIds(String(error))));
    },
    (deps.config.claimLeaseSeconds * 1000) / 3,
  );
  timer.unref();
  return () => clearInterval(timer);
}

/** Searches the run's routes in its place's turn. */
export function launch(
  deps: Deps,
  dinner: RunningDinnerRow,
  row: RouteOptimizationRow,
  input: RoutesInput,
  place: RouteRunPlace,
): void {
  const topic = Topic.routeOptimization(row.id);
  const stopRenewing = keepLease(deps, row.id);
  const run = place.start({ input, seed: row.seed, seconds: row.budget_seconds }, ({ type: _, ...progress }) => {
    deps.optimizationRuns.setProgress(row.id, progress);
    deps.bus.publish(topic, OptimizationEvent.progress, progress);
  });
  deps.optimizationRuns.add(row.id, run);
  // A cancel may reach another instance: it is told on the run's stream, which every instance hears.
  const stopListening = deps.bus.subscribe(
    topic,
    (event) => event.type === OptimizationEvent.cancelled && run.cancel(),
  );
  const stopping = () => deps.optimizationRuns.stopping;
  run.outcome
    .then(
      // Cancelled before its turn: whoever cancelled it moved its row on.
      (outcome) =>
        stopping() || (!outcome.ok && outcome.code === 'cancelled')
          ? undefined
          : outcome.ok
            ? finish(deps, dinner, row, outcome.result)
            : fail(deps, row, 'error', outcome.message),
      (error: unknown) => (stopping() ? undefined : fail(deps, row, 'error', String(error))),
    )
    .catch((error: unknown) => console.error('route optimisation: could not record the end of a run:', error))
    .finally(() => {
      stopRenewing();
      stopListening();
      deps.optimizationRuns.delete(row.id);
    });
}

async function finish(
  deps: Deps,
  dinner: RunningDinnerRow,
  row: RouteOptimizationRow,
  result: RoutesResult,
): Promise<void> {
  const progress: OptimizationProgress = {
    elapsedMs: Math.round(result.seconds * 1000),
    bestTotalMeters: result.totalRouteLengthMeters,
    startTotalMeters: result.startTotalMeters,
    lowerBoundMeters: result.lowerBoundAnySplitMeters,
  };
  const stored: StoredResult = {
    teams: result.teams,
    lowerBoundMeters: result.lowerBoundMeters,
    totalMeters: result.totalRouteLengthMeters,
    startTotalMeters: result.startTotalMeters,
  };
  const moved = await writeTransaction(deps.db, async (trx) => {
    const done = await repo.moveRun(trx, row.id, ['RUNNING'], {
      status: 'FINISHED',
      finished_at: deps.clock.now().toISOString(),
      progress: JSON.stringify(progress),
      start_longest_leg_meters: result.startLongestLegMeters,
      longest_leg_meters: result.longestLegMeters,
      result: JSON.stringify(stored),
    });
    if (done) announce(deps, trx, row, 'FINISHED');
    return done;
  });
  if (!moved) return; // cancelled meanwhile
  deps.optimizationRuns.delete(row.id);
  await publishState(deps, dinner, row.id, OptimizationEvent.finished);
  if (row.automatic === 1) await applyAutomatically(deps, dinner, row.id);
}

/**
 * At stop: ends every search at once, so that closing the pool does not wait for them. Their rows stay RUNNING: the
 * next start of the only instance marks them interrupted; with several, another instance takes them over at once.
 */
export async function stopOptimizations(deps: Deps): Promise<void> {
  deps.optimizationRuns.stopping = true;
  const outcomes = deps.optimizationRuns.all().map((run) => {
    run.cancel();
    return run.outcome.catch(() => undefined);
  });
  await Promise.all(outcomes);
  if (deps.instance.shared) await repo.releaseRuns(deps.db, deps.instance.id, deps.clock.now().toISOString());
}

/** Searches a run again that an instance left behind: from its stored request and seed, on the plan it started from. */
async function takeOver(deps: Deps, row: RouteOptimizationRow): Promise<void> {
  const dinner = await findDinner(deps.db, row.running_dinner_id);
  if (!dinner) return;
  const stored = await loadPlan(deps.db, dinner);
  if (fingerprintOf(stored) !== row.plan_fingerprint)
    return fail(deps, row, 'teams_changed', 'the teams changed while no instance searched');
  console.log('route optimisation: took over a run another instance left');
  const input = routesInputOf(stored, {
    ignoreMealAssignments: row.ignore_meal_assignments === 1,
    minimumDistanceInMeters: row.minimum_distance_meters,
  });
  launch(deps, dinner, row, input, deps.workers.routeRunPlace(dinner.id, { admitted: true }));
}

/**
 * With several instances: looks for runs whose instance died (its claim ran out) every few seconds and searches them
 * again here. The only instance (SQLite) has none: it marks them interrupted at its start.
 */
export function startRunTakeovers(deps: Deps): { stop(): Promise<void> } {
  if (!deps.instance.shared) return { stop: async () => undefined };
  let stopped = false;
  let looking: Promise<void> = Promise.resolve();
  const look = async () => {
    while (!stopped) {
      const row = await repo.claimAbandonedRun(
        deps.db,
        deps.instance.id,
        deps.clock.now().toISOString(),
        leaseUntil(deps),
      );
      if (!row) return;
      await takeOver(deps, row);
    }
  };
  const timer = setInterval(() => {
    looking = look().catch((error) => console.error('route optimisation takeover:', redactIds(String(error))));
  }, TAKEOVER_POLL_MS);
  timer.unref();
  return {
    // Before the searches stop: a run taken over during the stop is stopped with them.
    async stop() {
      stopped = true;
      clearInterval(timer);
      await looking;
    },
  };
}

/** At start-up: runs a stopped server left RUNNING have lost their threads. */
export async function failInterruptedOptimizations(deps: Deps): Promise<void> {
  const failed = await writeTransaction(deps.db, (trx) =>
    repo.failInterruptedRuns(trx, deps.clock.now().toISOString()),
  );
  if (failed > 0) console.log(`${failed} route optimisation(s) were interrupted by the last stop`);
}
