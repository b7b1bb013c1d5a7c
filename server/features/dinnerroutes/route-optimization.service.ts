import type { AfterNewTeams } from '../teams/after-new-teams.js';
import { createHash } from 'node:crypto';
import { writeTransaction, type Trx } from '../../../db/transaction.js';
import type { RouteOptimizationRow, RunningDinnerRow } from '../../../db/schema.js';
import type { LatLng } from '../../../domain/routes/distance.js';
import { defaultSeconds, type RoutesResult } from '../../../domain/routes/optimise.js';
import { legMeters, routeLengths, routeProblem, stopsOfVisits, visitsOfRoutes, type RoutesInput, type TeamRoute } from '../../../domain/routes/routes.js';
import type { PlannedTeam, TeamPlan } from '../../../domain/teams/plan.types.js';
import { newSeed } from '../../../domain/teams/rng.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { Topic } from '../../lib/event-bus.js';
import { newId, redactIds } from '../../lib/ids.js';
import type { RouteRunPlace } from '../../lib/worker-pool.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { publishDinnerEvent } from '../live/dinner-events.js';
import { DinnerEvent } from '../../../contract/dinner-events.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { findDinner } from '../dinner/dinner.queries.js';
import { loadPlan, savePlan, type StoredPlan } from '../teams/team-plan.js';
import { OptimizationMessage } from '../../../contract/route-optimization.messages.js';
import * as repo from './route-optimization.repo.js';
import {
  MAX_RUNNING_OPTIMIZATIONS,
  MIN_LOCATED_SHARE,
  type OptimizationPrediction,
  type OptimizationPredictionResponse,
  type OptimizationPreview,
  type OptimizationProgress,
  type OptimizationRequest,
  type OptimizationState,
  type PreviewRoute,
} from '../../../contract/route-optimization.js';

// A run is a row with a status; its search runs in the routes pool (workers/routes.worker.ts) while the main thread
// answers requests, and its progress goes out on the bus (Topic.routeOptimization) as the worker reports it. The
// proposal is stored with the fingerprint of the plan it was made from: applying it is refused once the teams
// changed, and checkPlan checks it again before it replaces the routes.

/** How often an instance looks for runs another instance left behind. */
const TAKEOVER_POLL_MS = 3_000;

/** A client may retry a refused start after this long. */
const RETRY_AFTER_SECONDS = 180;

const OptimizationEvent = { progress: 'progress', finished: 'finished', failed: 'failed', cancelled: 'cancelled', applied: 'applied' } as const;

/** Tells the dinner's stream that a run started or moved on, once the transaction commits. */
function announce(deps: Deps, trx: Trx, row: Pick<RouteOptimizationRow, 'id' | 'running_dinner_id' | 'automatic'>, status: RouteOptimizationRow['status']): void {
  publishDinnerEvent(deps, trx, row.running_dinner_id, DinnerEvent.optimization, { optimizationId: row.id, status, automatic: row.automatic === 1 });
}

/** What must not change between a run's start and its applying: the teams, their members, meals, hosts and routes. */
function fingerprintOf(stored: StoredPlan): string {
  const teams = stored.plan.teams.map((t, i) => [stored.teamIds[i], t.teamNumber, t.meal, t.hostId, t.status, [...t.memberIds].sort()]);
  const visits = stored.visits.map((v) => `${v.meal}:${v.hostTeamNumber}:${v.guestTeamNumber}`).sort();
  return createHash('sha256')
    .update(JSON.stringify([teams, visits]))
    .digest('hex');
}

const positionOf = (stored: StoredPlan, team: PlannedTeam): LatLng | null => (team.hostId === null ? null : (stored.positions.get(team.hostId) ?? null));

/** The stored plan as the optimiser's input: team ids are the team rows' ids, stops today's routes. */
function routesInputOf(stored: StoredPlan, request: Required<OptimizationRequest>): RoutesInput {
  const { meals } = stored.options;
  const idOf = new Map(stored.plan.teams.map((t, i) => [t.teamNumber, stored.teamIds[i]]));
  const stops = stopsOfVisits(stored.plan.teams, stored.visits, meals, (n) => idOf.get(n)!);
  return {
    meals,
    teams: stored.plan.teams.map((team, i) => ({ id: stored.teamIds[i], meal: team.meal, position: positionOf(stored, team), stops: stops.get(team.teamNumber)! })),
    fixedMeals: !request.ignoreMealAssignments,
    minimumDistanceInMeters: request.minimumDistanceInMeters,
  };
}

function locatedCount(stored: StoredPlan): { located: number; teams: number } {
  const active = stored.plan.teams.filter((t) => t.status !== 'CANCELLED');
  return { located: active.filter((t) => positionOf(stored, t) !== null).length, teams: active.length };
}

function assertHasTeams(stored: StoredPlan): void {
  if (stored.plan.teams.length === 0) throw new AppError('no_teams', 'teams.noTeams');
}

function assertEnoughPositions(stored: StoredPlan): void {
  const { located, teams } = locatedCount(stored);
  if (located < MIN_LOCATED_SHARE * teams) throw new AppError('too_few_positions', OptimizationMessage.tooFewPositions.id, { located: String(located), teams: String(teams) });
}

const predictionOf = (locatedShare: number, currentMeters: number, boundMeters: number): OptimizationPrediction => {
  if (locatedShare < MIN_LOCATED_SHARE) return 'NONE';
  const gain = currentMeters > 0 ? (currentMeters - boundMeters) / currentMeters : 0;
  return gain >= 0.3 ? 'HIGH' : gain >= 0.1 ? 'MEDIUM' : 'LOW';
};

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
  const [lowerBoundMeters, runningOptimizationIds] = await Promise.all([lowerBoundOf(deps, dinner, input), repo.runningIds(deps.db, dinner.id)]);
  const { located, teams } = locatedCount(stored);
  return {
    prediction: predictionOf(teams === 0 ? 0 : located / teams, currentTotalMeters, lowerBoundMeters),
    locatedTeams: located,
    teams,
    currentTotalMeters,
    lowerBoundMeters,
    expectedSeconds: defaultSeconds(stored.plan.teams.length),
    runningOptimizationIds,
  };
}

// ---- a run ----

interface StoredResult {
  teams: TeamRoute[];
  lowerBoundMeters: number;
  totalMeters: number;
  startTotalMeters: number;
}

function stateOf(deps: Deps, row: RouteOptimizationRow, outdated = false): OptimizationState {
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
    progress: (row.status === 'RUNNING' ? deps.optimizationRuns.progress(row.id) : null) ?? (row.progress === null ? null : (JSON.parse(row.progress) as OptimizationProgress)),
    startLongestLegMeters: row.start_longest_leg_meters,
    longestLegMeters: row.longest_leg_meters,
    outdated,
  };
}

async function runOf(deps: Deps, dinner: RunningDinnerRow, id: string): Promise<RouteOptimizationRow> {
  const row = await repo.findRun(deps.db, dinner.id, id);
  if (!row) throw notFound();
  return row;
}

/**
 * Starts a run (at most MAX_RUNNING_OPTIMIZATIONS per event at a time, else 429; 429 too when the instance's queue
 * of runs is full) and answers at once; the search goes on in the pool. An automatic run applies itself when it finishes.
 */
export async function startOptimization(deps: Deps, dinner: RunningDinnerRow, request: OptimizationRequest, automatic = false): Promise<OptimizationState> {
  assertWritable(deps, dinner);
  const settings = { ignoreMealAssignments: request.ignoreMealAssignments ?? false, minimumDistanceInMeters: request.minimumDistanceInMeters ?? 0 };
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
      budget_seconds: defaultSeconds(input.teams.length),
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

const leaseUntil = (deps: Deps) => new Date(deps.clock.now().getTime() + deps.config.claimLeaseSeconds * 1000).toISOString();

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
function launch(deps: Deps, dinner: RunningDinnerRow, row: RouteOptimizationRow, input: RoutesInput, place: RouteRunPlace): void {
  const topic = Topic.routeOptimization(row.id);
  const stopRenewing = keepLease(deps, row.id);
  const run = place.start({ input, seed: row.seed, seconds: row.budget_seconds }, ({ type: _, ...progress }) => {
    deps.optimizationRuns.setProgress(row.id, progress);
    deps.bus.publish(topic, OptimizationEvent.progress, progress);
  });
  deps.optimizationRuns.add(row.id, run);
  // A cancel may reach another instance: it is told on the run's stream, which every instance hears.
  const stopListening = deps.bus.subscribe(topic, (event) => event.type === OptimizationEvent.cancelled && run.cancel());
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

async function finish(deps: Deps, dinner: RunningDinnerRow, row: RouteOptimizationRow, result: RoutesResult): Promise<void> {
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

async function fail(deps: Deps, row: RouteOptimizationRow, failure: 'error' | 'teams_changed', reason: string): Promise<void> {
  console.error(`route optimisation failed: ${reason}`);
  const moved = await writeTransaction(deps.db, (trx) =>
    repo.moveRun(trx, row.id, ['RUNNING', 'FINISHED'], { status: 'FAILED', failure, finished_at: deps.clock.now().toISOString() }),
  );
  if (moved) deps.bus.publish(Topic.routeOptimization(row.id), OptimizationEvent.failed, stateOf(deps, (await repo.findRun(deps.db, row.running_dinner_id, row.id))!));
}

async function publishState(deps: Deps, dinner: RunningDinnerRow, id: string, event: string): Promise<OptimizationState> {
  const state = stateOf(deps, await runOf(deps, dinner, id));
  deps.bus.publish(Topic.routeOptimization(id), event, state);
  return state;
}

async function applyAutomatically(deps: Deps, dinner: RunningDinnerRow, id: string): Promise<void> {
  const current = await findDinner(deps.db, dinner.id);
  if (!current) return; // deleted with its runs
  try {
    await applyOptimization(deps, current, id);
  } catch (error) {
    // Refused (the teams changed, the dinner was cancelled meanwhile): the run ends failed, its stream with it.
    if (!(error instanceof AppError)) throw error;
    await fail(deps, await runOf(deps, dinner, id), error.code === 'teams_changed' ? 'teams_changed' : 'error', `an automatic run could not be applied: ${error.code}`);
  }
}

/** The state of a run; a finished one says whether the teams changed since it started. */
export async function optimizationState(deps: Deps, dinner: RunningDinnerRow, id: string): Promise<OptimizationState> {
  const row = await runOf(deps, dinner, id);
  return stateOf(deps, row, row.status === 'FINISHED' && fingerprintOf(await loadPlan(deps.db, dinner)) !== row.plan_fingerprint);
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
  if (row.status === 'RUNNING' || (row.status === 'FINISHED' && row.automatic === 1)) return { lastEvents, ended: null };
  return { lastEvents, ended: { type: END_EVENT[row.status], data: stateOf(deps, row) } };
}

function assertFinished(row: RouteOptimizationRow): StoredResult {
  if (row.status !== 'FINISHED' || row.result === null) throw new AppError('optimization_not_finished', OptimizationMessage.notFinished.id, { status: row.status });
  return JSON.parse(row.result) as StoredResult;
}

const teamsChanged = () => new AppError('teams_changed', OptimizationMessage.teamsChanged.id);

/** The proposal beside today's routes, per team and in sum; nothing is saved. */
export async function optimizationPreview(deps: Deps, dinner: RunningDinnerRow, id: string): Promise<OptimizationPreview> {
  const row = await runOf(deps, dinner, id);
  const result = assertFinished(row);
  const stored = await loadPlan(deps.db, dinner);
  if (fingerprintOf(stored) !== row.plan_fingerprint) throw teamsChanged();
  const before = routesInputOf(stored, { ignoreMealAssignments: false, minimumDistanceInMeters: 0 }).teams;
  const indexOf = new Map(stored.teamIds.map((teamId, i) => [teamId, i]));
  const teamOf = (teamId: string) => stored.plan.teams[indexOf.get(teamId)!];
  const position = (teamId: string) => positionOf(stored, teamOf(teamId));
  const mealId = (meal: number) => stored.meals[meal].id;
  const legs = (stops: readonly string[]) => stops.slice(1).map((stop, t) => legMeters(position(stops[t]), position(stop)));
  const stopsOf = (stops: readonly string[]) => stops.map((teamId, meal) => ({ mealId: mealId(meal), teamId, teamNumber: teamOf(teamId).teamNumber }));
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
  const longestLeg = (routes: readonly { stops?: readonly string[] }[]) => Math.max(0, ...routes.flatMap((route) => legs(route.stops!)));
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

/**
 * The plan with the proposal's meals and routes. The places (meal, position) are renumbered per meal, keeping the
 * order of today's places, so that later team operations carry the routes over place by place.
 */
function optimisedPlan(stored: StoredPlan, result: StoredResult): { plan: TeamPlan; visits: ReturnType<typeof visitsOfRoutes> } {
  const mealOf = new Map(result.teams.map((route) => [route.id, route.meal]));
  const teams = stored.plan.teams.map((team, i) => ({ ...team, meal: mealOf.get(stored.teamIds[i])! }));
  const before = stored.plan.teams;
  for (let meal = 0; meal < stored.options.meals; meal++) {
    const holders = teams
      .map((team, i) => ({ team, newcomer: before[i].meal === meal ? 0 : 1, position: before[i].position }))
      .filter(({ team }) => team.meal === meal)
      .sort((a, b) => a.newcomer - b.newcomer || a.position - b.position);
    holders.forEach(({ team }, position) => {
      team.position = position;
    });
  }
  const numberOf = new Map(stored.teamIds.map((teamId, i) => [teamId, teams[i].teamNumber]));
  return { plan: { ...stored.plan, teams }, visits: visitsOfRoutes(result.teams, (teamId) => numberOf.get(teamId)!) };
}

/** Replaces the routes with the proposal, after checking that the teams did not change and that the plan holds. */
export async function applyOptimization(deps: Deps, dinner: RunningDinnerRow, id: string): Promise<OptimizationState> {
  assertWritable(deps, dinner);
  const now = deps.clock.now();
  await writeTransaction(deps.db, async (trx: Trx) => {
    const row = await repo.findRun(trx, dinner.id, id);
    if (!row) throw notFound();
    const result = assertFinished(row);
    const stored = await loadPlan(trx, dinner);
    if (fingerprintOf(stored) !== row.plan_fingerprint) throw teamsChanged();
    const { plan, visits } = optimisedPlan(stored, result);
    await savePlan(trx, stored, plan, now.toISOString(), visits);
    await repo.moveRun(trx, id, ['FINISHED'], { status: 'APPLIED' });
    announce(deps, trx, row, 'APPLIED');
    await recordActivity(deps, trx, dinner.id, ActivityType.routesOptimized, row.automatic === 1 ? 'SYSTEM' : 'ORGANIZER', now, {
      totalMetersBefore: Math.round(result.startTotalMeters),
      totalMetersAfter: Math.round(result.totalMeters),
    });
  });
  return publishState(deps, dinner, id, OptimizationEvent.applied);
}

/** Stops a running run (its result is discarded) or discards a waiting proposal. */
export async function cancelOptimization(deps: Deps, dinner: RunningDinnerRow, id: string): Promise<OptimizationState> {
  const row = await runOf(deps, dinner, id);
  const moved = await writeTransaction(deps.db, (trx) =>
    repo.moveRun(trx, id, ['RUNNING', 'FINISHED'], { status: 'CANCELLED', finished_at: row.finished_at ?? deps.clock.now().toISOString() }),
  );
  if (!moved) throw new AppError('optimization_over', OptimizationMessage.over.id, { status: (await runOf(deps, dinner, id)).status });
  deps.optimizationRuns.run(id)?.cancel();
  return publishState(deps, dinner, id, OptimizationEvent.cancelled);
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
  if (fingerprintOf(stored) !== row.plan_fingerprint) return fail(deps, row, 'teams_changed', 'the teams changed while no instance searched');
  console.log('route optimisation: took over a run another instance left');
  const input = routesInputOf(stored, { ignoreMealAssignments: row.ignore_meal_assignments === 1, minimumDistanceInMeters: row.minimum_distance_meters });
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
      const row = await repo.claimAbandonedRun(deps.db, deps.instance.id, deps.clock.now().toISOString(), leaseUntil(deps));
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
  const failed = await writeTransaction(deps.db, (trx) => repo.failInterruptedRuns(trx, deps.clock.now().toISOString()));
  if (failed > 0) console.log(`${failed} route optimisation(s) were interrupted by the last stop`);
}

/**
 * After new teams: with the short-distances option (or, for teams added from the waiting list, when the routes were
 * optimised before) a run starts that applies itself, when positions allow one and no two runs are going. Answers
 * the run's id for the answer (none when no run started).
 */
export const optimiseNewTeams: AfterNewTeams = async (deps, dinner, how) => {
  const wanted = dinner.consider_shortest_paths === 1 || (how === 'added' && (await repo.wasApplied(deps.db, dinner.id)));
  if (!wanted) return {};
  try {
    return { routeOptimizationId: (await startOptimization(deps, dinner, {}, true)).optimizationId };
  } catch (error) {
    if (error instanceof AppError && ['too_few_positions', 'too_many_optimizations', 'no_teams'].includes(error.code)) return {};
    throw error;
  }
};
