import { createRng } from '../teams/rng.js';
import type { LatLng } from './distance.js';
import { hilbertOrder } from './hilbert.js';
import { anySplitLowerBound, splitLowerBound } from './lower-bound.js';
import {
  designRoutes,
  legMeters,
  type RouteProblem,
  type RoutesInput,
  routeLengths,
  routeProblem,
  routeViolations,
  type TeamRoute,
} from './routes.js';
import {
  anneal,
  type ClosePairs,
  type Neighbours,
  routesOfSchedule,
  type Schedule,
  scheduleCost,
  scheduleOfRoutes,
} from './search.js';

// optimiseRoutes: the shortest dinner routes the search finds in its budget, never longer than today's, always
// meet-once. What it keeps:
//   - every team hosts exactly once, at its own place; every host seats meals − 1 guest teams at its meal; every
//     team eats each meal at exactly one host; no two teams sit at one table twice (checked by checkPlan);
//   - the meal each team hosts, unless fixedMeals is false — and even then a team without a known position keeps
//     its meal (its legs count 0: nothing is known about them, so they neither help nor hurt the total);
//   - the total length is never above today's (given stops, or the meet-once design in input order), and with
//     keepLongestLeg (default) the longest single leg is never above today's longest: when the search finds nothing
//     better on both counts, today's routes come back unchanged.
// minimumDistanceInMeters (meals free only) is a penalty: each pair of same-meal hosts closer than the minimum D, d
// apart, costs CLOSE_PAIR_WEIGHT × (D + (D − d)) metres of route — even a small shortfall weighs more than a usual
// leg, so pairs stay apart wherever the split allows; the result reports how many such pairs remain. A team's pairs
// are its CLOSE_PAIR_LIMIT nearest others within D.
// The result is recomputed from scratch (haversine) and checked before it is returned: a broken invariant throws.

export interface OptimiseOptions {
  /** Wall-clock budget in seconds, everything included (default: defaultSeconds(n)). Ignored when iterations is given. */
  seconds?: number;
  /** A fixed number of search moves instead of a time budget: the same seed then gives the same routes. */
  iterations?: number;
  /** Seed of the search (default 1). */
  seed?: number;
  /** Called when the search starts, a few times a second while it runs, and once at the end. */
  onProgress?: (progress: RouteProgress) => void;
  /** Asked between batches of moves (about every millisecond): true stops the search and returns the best so far. */
  isCancelled?: () => boolean;
  /** The clock in milliseconds (default performance.now). */
  now?: () => number;
}

export interface RouteProgress {
  elapsedMs: number;
  /** The shortest total so far (never above startTotalMeters). */
  bestTotalMeters: number;
  startTotalMeters: number;
  /** A lower bound for every plan the run may return (RoutesResult.lowerBoundAnySplitMeters): constant during a run. */
  lowerBoundMeters: number;
}

export interface RoutesResult {
  /** Every team in input order: the meal it hosts and the ids of its hosts for meal 0, 1, … (its own id at its meal). */
  teams: TeamRoute[];
  totalRouteLengthMeters: number;
  longestLegMeters: number;
  /** A proven lower bound on the total of every meet-once plan with the result's host split (see lower-bound.ts). */
  lowerBoundMeters: number;
  /**
   * A lower bound for every plan this run could have returned: with meals fixed the same as lowerBoundMeters, with
   * meals free the weaker bound over all splits (anySplitLowerBound). The one progress reports.
   */
  lowerBoundAnySplitMeters: number;
  /** Today's total and longest leg (given stops, or the design in input order). */
  startTotalMeters: number;
  startLongestLegMeters: number;
  /** Wall-clock seconds of the whole call. */
  seconds: number;
  iterations: number;
  /** true when isCancelled stopped the search early (the result is still valid). */
  cancelled: boolean;
  /** Same-meal host pairs closer than minimumDistanceInMeters (both 0 when it is 0). */
  closeHostPairs: { start: number; result: number };
}

/** Totals closer than this are the same length (sums in another order differ in the last bits). */
const SAME_LENGTH_METERS = 0.01;
/** Legs longer than today's longest cost this many times their excess on top (keepLongestLeg). */
const LONG_LEG_WEIGHT = 10;
const CLOSE_PAIR_WEIGHT = 10;
const CLOSE_PAIR_LIMIT = 32;
/** Nearest neighbours per team (of each class when meals are fixed, of all teams when free). */
const NEIGHBOURS_PER_CLASS = 10;
const NEIGHBOURS_FREE = 24;
/** Temperatures as fractions of the seed's mean leg. */
const START_TEMPERATURE = 0.5;
const END_TEMPERATURE = 0.004;

/** The default budget: about 4 s for 300 teams and 16 s for 1,200 (ISSUE 12: at most 5 and 20). */
export function defaultSeconds(teams: number): number {
  return Math.min(16, Math.max(0.5, teams / 75));
}

export function optimiseRoutes(input: RoutesInput, options: OptimiseOptions = {}): RoutesResult {
  const now = options.now ?? (() => performance.now());
  const startedAt = now();
  const problem = routeProblem(input);
  const { meals, n, positions } = problem;
  const start = routeLengths(meals, positions, problem.start);
  const cap = problem.keepLongestLeg ? start.longestLegMeters : Number.POSITIVE_INFINITY;
  const cost = legCosts(positions, cap);
  const locked = Uint8Array.from(positions, (p) => (p ? 0 : 1));
  const classes = Array.from(problem.meal);
  const neighbours = nearestTeams(cost, positions, problem.fixedMeals ? classes : null, meals);
  const closePairs =
    !problem.fixedMeals && problem.minimumDistanceInMeters > 0
      ? closeTeamPairs(positions, problem.minimumDistanceInMeters)
      : undefined;

  const hilbert = hilbertSeed(problem);
  const seed = scheduleOfRoutes(meals, hilbert.meal, hilbert.routes);
  const today = scheduleOfRoutes(meals, problem.meal, problem.start);
  const seedCost = scheduleCost(seed, cost, closePairs);
  const schedule = scheduleCost(today, cost, closePairs) < seedCost ? today : seed;

  const hostsOf = (meal: Int32Array) =>
    Array.from({ length: meals }, (_, t) => Array.from(meal.keys()).filter((i) => meal[i] === t));
  // The bound shown while the search runs holds for every plan it may return: with meals fixed the split's bound,
  // with meals free the (weaker) bound for any split. The result carries the bound of its own split as well.
  const pureLeg = (i: number, j: number) =>
    cost[i * n + j] <= cap ? cost[i * n + j] : legMeters(positions[i], positions[j]);
  const startSplit = routesOfSchedule(schedule);
  let bound = problem.fixedMeals ? splitLowerBound(meals, positions, hostsOf(startSplit.meal)) : undefined;
  const anySplitBound = bound?.meters ?? anySplitLowerBound(meals, n, pureLeg);

  const startTotalMeters = start.totalMeters;
  const progress = (bestTotalMeters: number) =>
    options.onProgress?.({
      elapsedMs: now() - startedAt,
      bestTotalMeters: Math.min(bestTotalMeters, startTotalMeters),
      startTotalMeters,
      lowerBoundMeters: anySplitBound,
    });
  const pureTotal = (s: Schedule) => {
    const { routes } = routesOfSchedule(s);
    return routeLengths(meals, positions, routes).totalMeters;
  };
  progress(pureTotal(schedule));

  const seconds = options.seconds ?? defaultSeconds(n);
  // Keep time for the final bound (meals free: about 0.2 s for 1,200 teams) and the checks.
  const reserveMs = 10 + n / 10 + (problem.fixedMeals ? 0 : n / 5);
  const meanLeg = pureTotal(seed) / Math.max(1, n * (meals - 1));
  const outcome = anneal(schedule, {
    cost,
    fixedMeals: problem.fixedMeals,
    locked,
    neighbours,
    closePairs,
    rng: createRng(options.seed ?? 1),
    t0: Math.max(1e-6, START_TEMPERATURE * meanLeg),
    t1: Math.max(1e-9, END_TEMPERATURE * meanLeg),
    iterations: options.iterations,
    durationMs: Math.max(0, seconds * 1000 - (now() - startedAt) - reserveMs),
    now,
    isCancelled: options.isCancelled,
    onTick: (best) => progress(pureTotal(best)),
  });

  // Recompute from scratch; today's routes stay unless the result is shorter (by more than rounding), or as short with
  // fewer hosts of a meal too close together, and its longest leg is no longer: other routes of the same length would
  // only disturb the teams.
  let { meal, routes } = routesOfSchedule(outcome.best);
  let lengths = routeLengths(meals, positions, routes);
  const minimum = problem.minimumDistanceInMeters;
  const isShorter = lengths.totalMeters < startTotalMeters - SAME_LENGTH_METERS;
  const spreadsHosts =
    lengths.totalMeters <= startTotalMeters &&
    countClosePairs(positions, meal, minimum) < countClosePairs(positions, problem.meal, minimum);
  const isKept = (isShorter || spreadsHosts) && lengths.longestLegMeters <= cap;
  if (!isKept) {
    meal = problem.meal;
    routes = problem.start;
    lengths = start;
  }
  verifyResult(problem, meal, routes, lengths.totalMeters, startTotalMeters);
  if (!bound || !sameSplit(meal, startSplit.meal)) bound = splitLowerBound(meals, positions, hostsOf(meal));
  if (Math.max(bound.meters, anySplitBound) > lengths.totalMeters + 1e-6 * Math.max(1, lengths.totalMeters)) {
    throw new Error(
      `a lower bound (${bound.meters}, ${anySplitBound}) exceeds the routes' length ${lengths.totalMeters}`,
    );
  }
  const teams = problem.ids.map((id, i) => ({
    id,
    meal: meal[i],
    stops: Array.from({ length: meals }, (_, t) => problem.ids[routes[i * meals + t]]),
  }));
  progress(lengths.totalMeters);
  return {
    teams,
    totalRouteLengthMeters: lengths.totalMeters,
    longestLegMeters: lengths.longestLegMeters,
    lowerBoundMeters: Math.min(bound.meters, lengths.totalMeters),
    lowerBoundAnySplitMeters: Math.min(anySplitBound, lengths.totalMeters),
    startTotalMeters,
    startLongestLegMeters: start.longestLegMeters,
    seconds: (now() - startedAt) / 1000,
    iterations: outcome.iterations,
    cancelled: outcome.cancelled,
    closeHostPairs: {
      start: countClosePairs(positions, problem.meal, problem.minimumDistanceInMeters),
      result: countClosePairs(positions, meal, problem.minimumDistanceInMeters),
    },
  };
}

/** Throws when the result breaks any promise (see the top of this file). */
function verifyResult(
  problem: RouteProblem,
  meal: Int32Array,
  routes: Int32Array,
  total: number,
  startTotal: number,
): void {
  const violations = routeViolations(problem.meals, meal, routes);
  for (let i = 0; i < problem.n; i++) {
    if ((problem.fixedMeals || !problem.positions[i]) && meal[i] !== problem.meal[i])
      violations.push(`team ${problem.ids[i]} changed the meal it hosts`);
  }
  if (!(total <= startTotal)) violations.push(`the routes grew from ${startTotal} to ${total} m`);
  if (violations.length > 0)
    throw new Error(`the optimised routes break ${violations.length} rules: ${violations.slice(0, 3).join('; ')}`);
}

function sameSplit(a: Int32Array, b: Int32Array): boolean {
  return a.every((t, i) => t === b[i]);
}

/** Leg costs between every two teams: metres (0 when a position is unknown), plus the penalty above the cap. */
function legCosts(positions: readonly (LatLng | null)[], cap: number): Float64Array {
  const n = positions.length;
  const cost = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = legMeters(positions[i], positions[j]);
      const c = d > cap ? d + LONG_LEG_WEIGHT * (d - cap) : d;
      cost[i * n + j] = c;
      cost[j * n + i] = c;
    }
  }
  return cost;
}

/** The k nearest located teams of every located team: of each class (classes given) or of all teams. */
function nearestTeams(
  cost: Float64Array,
  positions: readonly unknown[],
  classes: number[] | null,
  meals: number,
): Neighbours {
  const n = positions.length;
  const byClass = classes !== null;
  const k = byClass ? NEIGHBOURS_PER_CLASS : NEIGHBOURS_FREE;
  const groups = byClass ? meals : 1;
  const lists = new Int32Array(groups * n * k);
  const counts = new Int32Array(groups * n);
  const located = Array.from(positions.keys()).filter((i) => positions[i]);
  const keys = new Float64Array(k);
  for (const a of located) {
    for (let c = 0; c < groups; c++) {
      const list = c * n + a;
      let count = 0;
      for (const b of located) {
        if (b === a || (byClass && classes[b] !== c)) continue;
        const d = cost[a * n + b];
        if (count === k && d >= keys[k - 1]) continue;
        let r = count < k ? count++ : k - 1;
        while (r > 0 && keys[r - 1] > d) {
          keys[r] = keys[r - 1];
          lists[list * k + r] = lists[list * k + r - 1];
          r--;
        }
        keys[r] = d;
        lists[list * k + r] = b;
      }
      counts[list] = count;
    }
  }
  return { k, byClass, lists, counts };
}

function closeTeamPairs(positions: readonly (LatLng | null)[], minimum: number): ClosePairs {
  const n = positions.length;
  const start = new Int32Array(n + 1);
  const team: number[] = [];
  const penalty: number[] = [];
  for (let a = 0; a < n; a++) {
    start[a] = team.length;
    const near: [number, number][] = [];
    for (let b = 0; b < n; b++) {
      if (b === a || !positions[a] || !positions[b]) continue;
      const d = legMeters(positions[a], positions[b]);
      if (d < minimum) near.push([b, d]);
    }
    near.sort((x, y) => x[1] - y[1]);
    for (const [b, d] of near.slice(0, CLOSE_PAIR_LIMIT)) {
      team.push(b);
      penalty.push(2 * minimum - d);
    }
  }
  start[n] = team.length;
  return { weight: CLOSE_PAIR_WEIGHT, start, team: Int32Array.from(team), penalty: Float64Array.from(penalty) };
}

function countClosePairs(positions: readonly (LatLng | null)[], meal: Int32Array, minimum: number): number {
  if (!(minimum > 0)) return 0;
  let pairs = 0;
  for (let a = 0; a < positions.length; a++) {
    for (let b = a + 1; b < positions.length; b++) {
      if (meal[a] === meal[b] && positions[a] && positions[b] && legMeters(positions[a], positions[b]) < minimum)
        pairs++;
    }
  }
  return pairs;
}

/**
 * The seed of ALGORITHMS.md: teams in Hilbert-curve order dealt into the places of the cyclic design, so tables
 * start local. Meals fixed: each class in curve order. Meals free: dealt round-robin into the classes (a team
 * without a position keeps its class and takes one of the last places).
 */
function hilbertSeed(problem: RouteProblem): { meal: Int32Array; routes: Int32Array } {
  const { meals, n, positions } = problem;
  const m = n / meals;
  const order = hilbertOrder(positions);
  const placement: number[][] = Array.from({ length: meals }, () => []);
  if (problem.fixedMeals) {
    for (const i of order) placement[problem.meal[i]].push(i);
  } else {
    const room = Array.from(
      { length: meals },
      (_, t) => m - Array.from(problem.meal).filter((c, i) => c === t && !positions[i]).length,
    );
    let next = 0;
    for (const i of order) {
      while (placement[next].length >= room[next]) next = (next + 1) % meals;
      placement[next].push(i);
      next = (next + 1) % meals;
    }
  }
  for (let i = 0; i < n; i++) if (!positions[i]) placement[problem.meal[i]].push(i);
  const meal = new Int32Array(n);
  placement.forEach((teams, t) => {
    for (const i of teams) meal[i] = t;
  });
  return { meal, routes: designRoutes(meals, placement) };
}
