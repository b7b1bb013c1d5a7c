import { createHash } from 'node:crypto';
import {
  MAX_RUNNING_OPTIMIZATIONS,
  type OptimizationPredictionResponse,
  type OptimizationPreview,
  type OptimizationRequest,
  type OptimizationState,
  type PreviewRoute,
} from '../../../contract/route-optimization.js';
import { OptimizationMessage } from '../../../contract/route-optimization.messages.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import {
  locatedCount,
  MIN_LOCATED_SHARE,
  positionOf,
  predictionOf,
  routesInputOf,
} from '../../../domain/routes/optimisation-plan.js';
import { defaultSeconds } from '../../../domain/routes/optimise.js';
import { legMeters, type RoutesInput, routeLengths, routeProblem } from '../../../domain/routes/routes.js';
import { newSeed } from '../../../domain/teams/rng.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { RouteRunPlace } from '../../lib/worker-pool.js';
import { assertWritable } from '../dinner/dinner-access.js';
import type { AfterNewTeams } from '../teams/after-new-teams.js';
import { loadPlan, type StoredPlan } from '../teams/team-plan.js';
import * as repo from './route-optimization.repo.js';
import { launch, leaseUntil } from './route-optimization.runner.js';
import {
  announce,
  assertFinished,
  fingerprintOf,
  OptimizationEvent,
  publishState,
  runOf,
  stateOf,
  teamsChanged,
} from './route-optimization.state.js';

// A run is a row with a status; its search runs in the routes pool (workers/routes.worker.ts) while the main thread
// answers requests, and its progress goes out on the bus (Topic.routeOptimization) as the worker reports it. The
// proposal is stored with the fingerprint of the plan it was made from: applying it is refused once the teams
// changed, and checkPlan checks it again before it replaces the routes.

/** A client may retry a refused start after this long. */
const RETRY_AFTER_SECONDS = 180;

function assertHasTeams(stored: StoredPlan): void {
  if (stored.plan.teams.length === 0) throw new AppError('no_teams', 'teams.noTeams');
}

function assertEnoughPositions(stored: StoredPlan): void {
  const { located, teams } = locatedCount(stored);
  if (located < MIN_LOCATED_SHARE * teams)
    throw new AppError('too_few_positions', OptimizationMessage.tooFewPositions.id, {
      located: String(located),
      teams: String(teams),
    });
}

/**
 * The lower bound of the input's plan, computed once however often it is asked (also while it is computed): the
 * bound depends on nothing but the input, whose fingerprint (teams, places, routes and positions) is the key.
 */
function lowerBoundOf(deps: Deps, dinner: RunningDinnerRow, input: RoutesInput): Promise<number> {
  const key = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  return deps.optimizationRuns.lowerBound(key, () => deps.workers.routesLowerBound(input, dinner.id));
}

/** How much shorter the routes could become with today's hosts: today's total against the lower bound. */
export async function predict(deps: Deps, dinner: RunningDinnerRow): Promise<OptimizationPredictionResponse> {
  const stored = await loadPlan(deps.db, dinner);
  assertHasTeams(stored);
  const input = routesInputOf(stored, { ignoreMealAssignments: false, minimumDistanceInMeters: 0 });
  const problem = routeProblem(input);
  const currentTotalMeters = routeLengths(problem.meals, problem.positions, problem.start).totalMeters;
  const [lowerBoundMeters, runningOptimizationIds, proposalOptimizationId] = await Promise.all([
    lowerBoundOf(deps, dinner, input),
    repo.runningIds(deps.db, dinner.id),
    repo.latestProposalId(deps.db, dinner.id, fingerprintOf(stored)),
  ]);
  const { located, teams } = locatedCount(stored);
  return {
    prediction: predictionOf(teams === 0 ? 0 : located / teams, currentTotalMeters, lowerBoundMeters),
    locatedTeams: located,
    teams,
    currentTotalMeters,
    lowerBoundMeters,
    expectedSeconds: budgetSecondsOf(deps, stored.plan.teams.length),
    runningOptimizationIds,
    proposalOptimizationId,
  };
}

/** How long a run of this many teams searches: the operator's setting, else its size's default. */
const budgetSecondsOf = (deps: Deps, teams: number) => deps.config.routeOptimizationSeconds ?? defaultSeconds(teams);

/**
 * Starts a run (at most MAX_RUNNING_OPTIMIZATIONS per event at a time, else 429; 429 too when the instance's queue
 * of runs is full) and answers at once; the search goes on in the pool. An automatic run applies itself when it finishes.
 */
export async function startOptimization(
  deps: Deps,
  dinner: RunningDinnerRow,
  request: OptimizationRequest,
  automatic = false,
): Promise<OptimizationState> {
  assertWritable(deps, dinner);
  const settings = {
    ignoreMealAssignments: request.ignoreMealAssignments ?? false,
    minimumDistanceInMeters: request.minimumDistanceInMeters ?? 0,
  };
  const stored = await loadPlan(deps.db, dinner);
  assertHasTeams(stored);
  assertEnoughPositions(stored);
  const input = routesInputOf(stored, settings);
  let place: RouteRunPlace | undefined;
  const { row, joined } = await writeTransaction(deps.db, async (trx) => {
    const run = {
      id: newId(),
      running_dinner_id: dinner.id,
      ignore_meal_assignments: settings.ignoreMealAssignments ? 1 : 0,
      minimum_distance_meters: settings.minimumDistanceInMeters,
      automatic: automatic ? 1 : 0,
      seed: newSeed(),
      budget_seconds: budgetSecondsOf(deps, input.teams.length),
      plan_fingerprint: fingerprintOf(stored),
      started_at: deps.clock.now().toISOString(),
      claimed_by: deps.instance.id,
      lease_until: leaseUntil(deps),
    } as const;
    const same = await repo.findSameRunning(trx, run);
    if (same) return { row: same, joined: true };
    if ((await repo.runningIds(trx, dinner.id)).length >= MAX_RUNNING_OPTIMIZATIONS) {
      throw new AppError('too_many_optimizations', OptimizationMessage.tooMany.id, undefined, RETRY_AFTER_SECONDS);
    }
    // Taken before the row is stored: a full queue refuses the run (429) and nothing is written.
    place = deps.workers.routeRunPlace(dinner.id);
    await repo.insertRun(trx, run);
    announce(deps, trx, run, 'RUNNING');
    return { row: (await repo.findRun(trx, dinner.id, run.id))!, joined: false };
  }).catch((error: unknown) => {
    place?.leave();
    throw error;
  });
  if (!joined) launch(deps, dinner, row, input, place!);
  return stateOf(deps, row);
}

/** The state of a run; a finished one says whether the teams changed since it started. */
export async function optimizationState(deps: Deps, dinner: RunningDinnerRow, id: string): Promise<OptimizationState> {
  const row = await runOf(deps, dinner, id);
  return stateOf(
    deps,
    row,
    row.status === 'FINISHED' && fingerprintOf(await loadPlan(deps.db, dinner)) !== row.plan_fingerprint,
  );
}

const END_EVENT = { FINISHED: 'finished', APPLIED: 'applied', FAILED: 'failed', CANCELLED: 'cancelled' } as const;

/** After which event a run's stream has nothing more to say: an automatic run's goes on until it is applied. */
const lastEventsOf = (automatic: boolean): readonly string[] =>
  automatic
    ? [OptimizationEvent.applied, OptimizationEvent.failed, OptimizationEvent.cancelled]
    : [OptimizationEvent.finished, OptimizationEvent.failed, OptimizationEvent.cancelled];

/** A run's stream: what ends it, and its last event once it is over (null while it goes on) for a stream that missed it. */
export async function streamOf(
  deps: Deps,
  dinner: RunningDinnerRow,
  id: string,
): Promise<{ lastEvents: readonly string[]; ended: { type: string; data: OptimizationState } | null }> {
  const row = await runOf(deps, dinner, id);
  const lastEvents = lastEventsOf(row.automatic === 1);
  if (row.status === 'RUNNING' || (row.status === 'FINISHED' && row.automatic === 1))
    return { lastEvents, ended: null };
  return { lastEvents, ended: { type: END_EVENT[row.status], data: stateOf(deps, row) } };
}

/** The proposal beside today's routes, per team and in sum; nothing is saved. */
export async function optimizationPreview(
  deps: Deps,
  dinner: RunningDinnerRow,
  id: string,
): Promise<OptimizationPreview> {
  const row = await runOf(deps, dinner, id);
  const result = assertFinished(row);
  const stored = await loadPlan(deps.db, dinner);
  if (fingerprintOf(stored) !== row.plan_fingerprint) throw teamsChanged();
  const before = routesInputOf(stored, { ignoreMealAssignments: false, minimumDistanceInMeters: 0 }).teams;
  const indexOf = new Map(stored.teamIds.map((teamId, i) => [teamId, i]));
  const teamOf = (teamId: string) => stored.plan.teams[indexOf.get(teamId)!];
  const position = (teamId: string) => positionOf(stored, teamOf(teamId));
  const mealId = (meal: number) => stored.meals[meal].id;
  const legs = (stops: readonly string[]) =>
    stops.slice(1).map((stop, t) => legMeters(position(stops[t]), position(stop)));
  const stopsOf = (stops: readonly string[]) =>
    stops.map((teamId, meal) => ({ mealId: mealId(meal), teamId, teamNumber: teamOf(teamId).teamNumber }));
  const after = new Map(result.teams.map((route) => [route.id, route]));
  const routes = before.map((team): PreviewRoute => {
    const proposal = after.get(team.id)!;
    const [stopsBefore, stopsAfter] = [team.stops!, proposal.stops];
    return {
      teamId: team.id,
      teamNumber: teamOf(team.id).teamNumber,
      mealIdBefore: mealId(team.meal),
      mealIdAfter: mealId(proposal.meal),
      stopsBefore: stopsOf(stopsBefore),
      stopsAfter: stopsOf(stopsAfter),
      metersBefore: legs(stopsBefore).reduce((a, b) => a + b, 0),
      metersAfter: legs(stopsAfter).reduce((a, b) => a + b, 0),
      changed: stopsBefore.join() !== stopsAfter.join() || team.meal !== proposal.meal,
    };
  });
  const longestLeg = (routes: readonly { stops?: readonly string[] }[]) =>
    Math.max(0, ...routes.flatMap((route) => legs(route.stops!)));
  return {
    state: stateOf(deps, row),
    routes: routes.sort((a, b) => a.teamNumber - b.teamNumber),
    totalMetersBefore: routes.reduce((sum, r) => sum + r.metersBefore, 0),
    totalMetersAfter: routes.reduce((sum, r) => sum + r.metersAfter, 0),
    longestLegMetersBefore: longestLeg(before),
    longestLegMetersAfter: longestLeg(result.teams),
    lowerBoundMeters: result.lowerBoundMeters,
    changedRoutes: routes.filter((r) => r.changed).length,
  };
}

/** Stops a running run (its result is discarded) or discards a waiting proposal, for every browser that shows it. */
export async function cancelOptimization(deps: Deps, dinner: RunningDinnerRow, id: string): Promise<OptimizationState> {
  const row = await runOf(deps, dinner, id);
  const moved = await writeTransaction(deps.db, async (trx) => {
    const done = await repo.moveRun(trx, id, ['RUNNING', 'FINISHED'], {
      status: 'CANCELLED',
      finished_at: row.finished_at ?? deps.clock.now().toISOString(),
    });
    if (done) announce(deps, trx, row, 'CANCELLED');
    return done;
  });
  if (!moved)
    throw new AppError('optimization_over', OptimizationMessage.over.id, {
      status: (await runOf(deps, dinner, id)).status,
    });
  deps.optimizationRuns.run(id)?.cancel();
  return publishState(deps, dinner, id, OptimizationEvent.cancelled);
}

/**
 * After new teams: with the short-distances option (or, for teams added from the waiting list, when the routes were
 * optimised before) a run starts that applies itself, when positions allow one and no two runs are going. Answers
 * the run's id for the answer (none when no run started).
 */
export const optimiseNewTeams: AfterNewTeams = async (deps, dinner, how) => {
  const wanted =
    dinner.consider_shortest_paths === 1 || (how === 'added' && (await repo.wasApplied(deps.db, dinner.id)));
  if (!wanted) return {};
  try {
    return { routeOptimizationId: (await startOptimization(deps, dinner, {}, true)).optimizationId };
  } catch (error) {
    if (error instanceof AppError && ['too_few_positions', 'too_many_optimizations', 'no_teams'].includes(error.code))
      return {};
    throw error;
  }
};
