import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type CityOptions, cityTeams } from '../domain/routes/city.js';
import type { LatLng } from '../domain/routes/distance.js';
import { legMeters, type RouteTeam, routeLengths, routeViolations } from '../domain/routes/routes.js';

// node --import tsx bench/optimum-enumeration.ts [--check-only]   (about half a minute; --check-only: the 9-team self-check)
//
// The proven optimum of 12-team dinners of 3 meals, computed once and stored in domain/routes/optimum-12.fixture.json
// for domain/routes/optimum.test.ts (which checks that optimiseRoutes finds it). Exact, by branch and bound:
//   - Work in "slots": slot s hosts meal floor(s / m) (m = n / 3); a split maps the slots to the teams. A guest
//     assignment of meal t seats the 2m slots of the other classes, 2 at each of the m hosts of meal t (2,520 for
//     m = 4, 90 for m = 3), and marks the pairs of slots that share a table as a bit mask.
//   - A plan is one assignment per meal whose masks are disjoint (meet-once). Every leg meal 0 → 1 depends only on
//     the assignments of meals 0 and 1, every leg 1 → 2 only on those of meals 1 and 2. So the search branches on
//     the middle meal's assignment A1; the A0 and A2 disjoint from A1 (precomputed once, independent of the split)
//     are priced (legs 0 → 1, legs 1 → 2) and sorted. A1 is pruned when its cheapest A0 plus its cheapest A2
//     cannot beat the best plan so far (a lower bound that ignores that A0 and A2 must be disjoint too); otherwise
//     the pairs (A0, A2) are scanned in increasing cost, each stopping as soon as the sum cannot beat the best, and
//     the first disjoint pair is the best for this A1. Nothing is left out but what the bounds prove no shorter.
//   - Meals free: every split of the teams into the 3 classes, up to reversing the meal order (a plan read
//     backwards has the same legs: 17,325 of 34,650 splits), is bounded by splitBound below (the bound of
//     lower-bound.ts) and solved as above in increasing bound order until the bound reaches the best total.
// What it finds (and the stored search counts show): with 12 teams every optimum equals its split's bound. That is no
// accident: the legs between two meals are every host pair but a perfect matching, and permuting the hosts of meals
// 0 and 2 (which keeps meet-once) turns any plan's two matchings into any other two, so the bound is always reached.
// The search does not assume it (nor is the argument known to carry over to more teams).
// Before the 12-team runs it checks itself against a plain enumeration of 9-team dinners (every triple of
// assignments, meet-once by counting, the total by routeLengths), as in optimum.test.ts, meals fixed and free; each
// optimal plan it returns is checked again by routeViolations (checkPlan) and measured by routeLengths. The six
// fixed-meal optima were also checked once, outside this script (5 minutes), against every one of the 3,691,008
// plans of optimum.test.ts's meetOnceStructures(3, 4).

const MEALS = 3;
const FIXTURE = new URL('../domain/routes/optimum-12.fixture.json', import.meta.url);
const checkOnly = process.argv.includes('--check-only');

/** The 12-team instances: the city of optimum.test.ts's 9-team runs, and the benchmark's default and uniform cities. */
const INSTANCES: { seed: number; options: CityOptions }[] = [
  { seed: 1, options: { neighbourhoods: 2, sideMeters: 4_000 } },
  { seed: 2, options: { neighbourhoods: 2, sideMeters: 4_000 } },
  { seed: 3, options: { neighbourhoods: 2, sideMeters: 4_000 } },
  { seed: 4, options: { neighbourhoods: 2, sideMeters: 4_000 } },
  { seed: 5, options: {} },
  { seed: 6, options: { neighbourhoods: 0 } },
];

/** Every guest assignment of one meal, in slots. */
interface MealAssignments {
  count: number;
  /** at[a * n + s] = the slot at whose place slot s eats this meal in assignment a (s itself when s hosts it). */
  at: Int32Array;
  /** masks[a * WORDS + w]: the pairs of slots sharing a table in assignment a. */
  masks: Int32Array;
}

const WORDS = 3;

/** The meet-once skeleton of n = 3m slots: the assignments of every meal and, per A1, the A0 and A2 disjoint from it. */
interface Skeleton {
  n: number;
  m: number;
  meal: MealAssignments[];
  /** Indices of the meal-0 (meal-2) assignments disjoint from A1 = a: compatible[0][a], compatible[2][a]. */
  compatible: Int32Array[][];
}

function pairBit(n: number, a: number, b: number): number {
  const [i, j] = a < b ? [a, b] : [b, a];
  return i * n - (i * (i + 1)) / 2 + (j - i - 1);
}

function mealAssignments(n: number, m: number, t: number): MealAssignments {
  const guests = Array.from({ length: n }, (_, s) => s).filter((s) => Math.floor(s / m) !== t);
  const at: number[] = [];
  const masks: number[] = [];
  const current = Int32Array.from({ length: n }, (_, s) => s);
  const used = new Uint8Array(n);
  const mask = new Int32Array(WORDS);
  const mark = (a: number, b: number) => {
    const bit = pairBit(n, a, b);
    mask[bit >>> 5] ^= 1 << (bit & 31);
  };
  const fill = (x: number) => {
    if (x === m) {
      at.push(...current);
      masks.push(...mask);
      return;
    }
    const host = t * m + x;
    for (let i = 0; i < guests.length; i++) {
      const g = guests[i];
      if (used[g]) continue;
      for (let k = i + 1; k < guests.length; k++) {
        const h = guests[k];
        if (used[h]) continue;
        used[g] = used[h] = 1;
        current[g] = current[h] = host;
        mark(host, g);
        mark(host, h);
        mark(g, h);
        fill(x + 1);
        mark(host, g);
        mark(host, h);
        mark(g, h);
        current[g] = g;
        current[h] = h;
        used[g] = used[h] = 0;
      }
    }
  };
  fill(0);
  return { count: masks.length / WORDS, at: Int32Array.from(at), masks: Int32Array.from(masks) };
}

function disjoint(a: Int32Array, i: number, b: Int32Array, j: number): boolean {
  return (
    ((a[i * WORDS] & b[j * WORDS]) | (a[i * WORDS + 1] & b[j * WORDS + 1]) | (a[i * WORDS + 2] & b[j * WORDS + 2])) ===
    0
  );
}

function skeleton(m: number): Skeleton {
  const n = MEALS * m;
  if ((n * (n - 1)) / 2 > 32 * WORDS) throw new RangeError(`${n} slots need more than ${WORDS} mask words`);
  const meal = [0, 1, 2].map((t) => mealAssignments(n, m, t));
  const compatibleWith = (t: number) =>
    Array.from({ length: meal[1].count }, (_, a1) => {
      const list: number[] = [];
      for (let a = 0; a < meal[t].count; a++) if (disjoint(meal[t].masks, a, meal[1].masks, a1)) list.push(a);
      return Int32Array.from(list);
    });
  return { n, m, meal, compatible: [compatibleWith(0), [], compatibleWith(2)] };
}

/** The number of meet-once plans of the skeleton (disjoint triples): 504 for 9 slots. */
function countPlans(sk: Skeleton): number {
  let plans = 0;
  const [m0, , m2] = sk.meal;
  for (let a1 = 0; a1 < sk.meal[1].count; a1++) {
    for (const a0 of sk.compatible[0][a1])
      for (const a2 of sk.compatible[2][a1]) if (disjoint(m0.masks, a0, m2.masks, a2)) plans++;
  }
  return plans;
}

interface Solved {
  /** The shortest total found below the incumbent (Infinity: none). */
  meters: number;
  /** The plan's assignments (a0, a1, a2), or null. */
  plan: [number, number, number] | null;
  /** Middle-meal assignments whose pairs were scanned (not pruned by the bound). */
  nodes: number;
  /** Middle-meal assignments pruned by the bound. */
  pruned: number;
  /** Complete plans priced (pairs (A0, A2) looked at in the scans). */
  plansPriced: number;
}

/** The shortest plan of the split (teamOf[s] = the team in slot s) shorter than `incumbent`. dist[i * n + j] = leg i → j. */
function solveSplit(
  sk: Skeleton,
  teamOf: ArrayLike<number>,
  dist: Float64Array,
  incumbent = Number.POSITIVE_INFINITY,
): Solved {
  const { n, meal, compatible } = sk;
  const d = new Float64Array(n * n);
  for (let s = 0; s < n; s++) for (let u = 0; u < n; u++) d[s * n + u] = dist[teamOf[s] * n + teamOf[u]];
  const [m0, m1, m2] = meal;
  let best = incumbent;
  let plan: [number, number, number] | null = null;
  let nodes = 0;
  let pruned = 0;
  let plansPriced = 0;
  const price = (from: MealAssignments, a: number, to: MealAssignments, b: number) => {
    let total = 0;
    for (let s = 0; s < n; s++) total += d[from.at[a * n + s] * n + to.at[b * n + s]];
    return total;
  };
  const sorted = (list: Int32Array, cost: (a: number) => number) => {
    const costs = Float64Array.from(list, cost);
    const order = Array.from(list.keys()).sort((x, y) => costs[x] - costs[y]);
    return { index: Int32Array.from(order, (k) => list[k]), cost: Float64Array.from(order, (k) => costs[k]) };
  };
  for (let a1 = 0; a1 < m1.count; a1++) {
    const before = sorted(compatible[0][a1], (a0) => price(m0, a0, m1, a1));
    const after = sorted(compatible[2][a1], (a2) => price(m1, a1, m2, a2));
    if (before.cost.length === 0 || after.cost.length === 0 || before.cost[0] + after.cost[0] >= best) {
      pruned++;
      continue;
    }
    nodes++;
    for (let i = 0; i < before.cost.length && before.cost[i] + after.cost[0] < best; i++) {
      for (let k = 0; k < after.cost.length && before.cost[i] + after.cost[k] < best; k++) {
        plansPriced++;
        if (disjoint(m0.masks, before.index[i], m2.masks, after.index[k])) {
          best = before.cost[i] + after.cost[k];
          plan = [before.index[i], a1, after.index[k]];
          break;
        }
      }
    }
  }
  return { meters: plan ? best : Number.POSITIVE_INFINITY, plan, nodes, pruned, plansPriced };
}

/** routes[i * 3 + t] = the team at whose place team i eats meal t, for a plan of the skeleton and a split. */
function routesOf(sk: Skeleton, teamOf: ArrayLike<number>, plan: readonly number[]): Int32Array {
  const routes = new Int32Array(sk.n * MEALS);
  for (let s = 0; s < sk.n; s++)
    for (let t = 0; t < MEALS; t++) routes[teamOf[s] * MEALS + t] = teamOf[sk.meal[t].at[plan[t] * sk.n + s]];
  return routes;
}

function distances(positions: readonly LatLng[]): Float64Array {
  const n = positions.length;
  const dist = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) dist[i * n + j] = legMeters(positions[i], positions[j]);
  return dist;
}

/** The slots' teams of a split given as the meal of every team: class t's teams in increasing order. */
function teamOfSplit(meals: ArrayLike<number>): Int32Array {
  const order: number[] = [];
  for (let t = 0; t < MEALS; t++) for (let i = 0; i < meals.length; i++) if (meals[i] === t) order.push(i);
  return Int32Array.from(order);
}

/** Every split of n teams into 3 classes of m, as the meal of every team; with `oneDirection` only class 0 ∋ the lower of the two teams that start classes 0 and 2. */
function splits(n: number, m: number, oneDirection: boolean): Int32Array[] {
  const result: Int32Array[] = [];
  const meal = new Int32Array(n).fill(-1);
  const size = [0, 0, 0];
  const place = (i: number) => {
    if (i === n) {
      if (!oneDirection || meal.indexOf(0) < meal.indexOf(2)) result.push(meal.slice());
      return;
    }
    for (let t = 0; t < MEALS; t++) {
      if (size[t] === m) continue;
      meal[i] = t;
      size[t]++;
      place(i + 1);
      size[t]--;
    }
    meal[i] = -1;
  };
  place(0);
  return result;
}

interface Optimum {
  meters: number;
  /** splitBound of the optimum's split. */
  bound: number;
  meal: Int32Array;
  routes: Int32Array;
  splitsSolved: number;
  splitsPruned: number;
  nodes: number;
  pruned: number;
  plansPriced: number;
}

/**
 * A lower bound on every plan of a split (as splitLowerBound in lower-bound.ts, computed here without it): the legs
 * meal t → t + 1 form a simple 3-regular bipartite graph between the m hosts of meal t and those of t + 1 (two teams
 * sharing a leg sit at the same two tables). With m = 3 that is every pair; with m = 4 every pair but a perfect
 * matching, so the bound subtracts the longest perfect matching (tried over all 24). Only for m = 3 and 4.
 */
function splitBound(dist: Float64Array, n: number, teamOf: ArrayLike<number>, m: number): number {
  if (m !== 3 && m !== 4) throw new RangeError('splitBound knows 3 or 4 hosts a meal');
  let bound = 0;
  for (let t = 0; t + 1 < MEALS; t++) {
    const leg = (x: number, y: number) => dist[teamOf[t * m + x] * n + teamOf[(t + 1) * m + y]];
    for (let x = 0; x < m; x++) for (let y = 0; y < m; y++) bound += leg(x, y);
    if (m === 4) {
      let longest = 0;
      for (const p of permutations(m))
        longest = Math.max(
          longest,
          p.reduce((sum, y, x) => sum + leg(x, y), 0),
        );
      bound -= longest;
    }
  }
  return bound;
}

function permutations(m: number): number[][] {
  if (m === 0) return [[]];
  return permutations(m - 1).flatMap((p) =>
    Array.from({ length: m }, (_, k) => [...p.slice(0, k), m - 1, ...p.slice(k)]),
  );
}

/** The proven optimum with the given meals, or over every split when `meals` is null. */
function optimum(sk: Skeleton, positions: readonly LatLng[], meals: ArrayLike<number> | null): Optimum {
  const dist = distances(positions);
  const candidates = meals ? [Int32Array.from(meals)] : splits(sk.n, sk.m, true);
  const bounded = candidates
    .map((meal) => ({ meal, bound: splitBound(dist, sk.n, teamOfSplit(meal), sk.m) }))
    .sort((a, b) => a.bound - b.bound);
  let best: { meters: number; bound: number; meal: Int32Array; routes: Int32Array } | null = null;
  let splitsSolved = 0;
  let nodes = 0;
  let pruned = 0;
  let plansPriced = 0;
  for (const { meal, bound } of bounded) {
    // A little slack: the bound and the totals add the same legs in another order.
    if (best && bound >= best.meters * (1 + 1e-12)) break;
    splitsSolved++;
    const teamOf = teamOfSplit(meal);
    const solved = solveSplit(sk, teamOf, dist, best?.meters);
    nodes += solved.nodes;
    pruned += solved.pruned;
    plansPriced += solved.plansPriced;
    if (solved.plan) best = { meters: solved.meters, bound, meal, routes: routesOf(sk, teamOf, solved.plan) };
  }
  if (!best) throw new Error('no meet-once plan found');
  const violations = routeViolations(MEALS, best.meal, best.routes);
  if (violations.length > 0) throw new Error(`the optimal plan is invalid: ${violations.join('; ')}`);
  const measured = routeLengths(MEALS, positions, best.routes).totalMeters;
  if (Math.abs(measured - best.meters) > 1e-6)
    throw new Error(`the plan measures ${measured} m, the search said ${best.meters} m`);
  return {
    ...best,
    meters: measured,
    splitsSolved,
    splitsPruned: bounded.length - splitsSolved,
    nodes,
    pruned,
    plansPriced,
  };
}

/** The plain enumeration of optimum.test.ts for 9 teams: every triple of assignments, meet-once by counting. */
function plainOptimum(
  sk: Skeleton,
  positions: readonly LatLng[],
  meals: ArrayLike<number> | null,
): { meters: number; schedules: number } {
  const { n } = sk;
  const structures: number[][] = [];
  const meet = new Uint8Array(n * n);
  const seat = (t: number, a: number, delta: number) => {
    const at = sk.meal[t].at;
    for (let s = 0; s < n; s++)
      for (let u = 0; u < n; u++) if (s !== u && at[a * n + s] === at[a * n + u]) meet[s * n + u] += delta;
  };
  for (let a0 = 0; a0 < sk.meal[0].count; a0++) {
    seat(0, a0, 1);
    for (let a1 = 0; a1 < sk.meal[1].count; a1++) {
      seat(1, a1, 1);
      for (let a2 = 0; a2 < sk.meal[2].count; a2++) {
        seat(2, a2, 1);
        if (meet.every((c) => c <= 1)) structures.push([a0, a1, a2]);
        seat(2, a2, -1);
      }
      seat(1, a1, -1);
    }
    seat(0, a0, -1);
  }
  const candidates = meals ? [Int32Array.from(meals)] : splits(n, sk.m, false);
  let best = Number.POSITIVE_INFINITY;
  for (const meal of candidates) {
    const teamOf = teamOfSplit(meal);
    for (const plan of structures)
      best = Math.min(best, routeLengths(MEALS, positions, routesOf(sk, teamOf, plan)).totalMeters);
  }
  return { meters: best, schedules: structures.length * candidates.length };
}

const positionsOf = (teams: readonly RouteTeam[]) => teams.map((t) => t.position as LatLng);
const seconds = (since: number) => (performance.now() - since) / 1000;

// 1. Self-check on 9 teams (the cities of optimum.test.ts) against the plain enumeration.
{
  const started = performance.now();
  const sk = skeleton(3);
  const plans = countPlans(sk);
  if (plans !== 504) throw new Error(`${plans} meet-once plans of 9 slots, not 504`);
  for (let seed = 1; seed <= 6; seed++) {
    const teams = cityTeams(9, MEALS, seed, { neighbourhoods: 2, sideMeters: 4_000 });
    const positions = positionsOf(teams);
    const meals = teams.map((t) => t.meal);
    for (const [label, given] of [
      ['fixed', meals],
      ['free', null],
    ] as const) {
      const plain = plainOptimum(sk, positions, given);
      const found = optimum(sk, positions, given);
      if (Math.abs(plain.meters - found.meters) > 1e-6)
        throw new Error(
          `9 teams, city ${seed}, meals ${label}: ${found.meters} m, the plain enumeration ${plain.meters} m`,
        );
      console.log(
        `9 teams, city ${seed}, meals ${label}: ${found.meters.toFixed(3)} m = plain enumeration of ${plain.schedules} schedules`,
      );
    }
  }
  console.log(`self-check passed in ${seconds(started).toFixed(1)} s`);
}
if (checkOnly) process.exit(0);

// 2. The 12-team instances.
const started = performance.now();
const sk = skeleton(4);
const plansPerSplit = countPlans(sk);
console.log(
  `12 slots: ${sk.meal[1].count} assignments a meal, ${plansPerSplit} meet-once plans per split (skeleton and count in ${seconds(started).toFixed(1)} s)`,
);

const instances = INSTANCES.map(({ seed, options }) => {
  const teams = cityTeams(12, MEALS, seed, options);
  const positions = positionsOf(teams);
  const solve = (meals: ArrayLike<number> | null) => {
    const t0 = performance.now();
    const result = optimum(sk, positions, meals);
    const took = seconds(t0);
    return {
      optimumMeters: result.meters,
      boundMeters: result.bound,
      stops: teams.map((_, i) => Array.from({ length: MEALS }, (_, t) => teams[result.routes[i * MEALS + t]].id)),
      meals: Array.from(result.meal),
      search: {
        splitsSolved: result.splitsSolved,
        splitsPrunedByBound: result.splitsPruned,
        middleMealNodes: result.nodes,
        middleMealNodesPruned: result.pruned,
        plansPriced: result.plansPriced,
        seconds: Number(took.toFixed(2)),
      },
    };
  };
  const fixed = solve(teams.map((t) => t.meal));
  console.log(
    `12 teams, city ${seed} ${JSON.stringify(options)}, meals fixed: ${fixed.optimumMeters.toFixed(3)} m in ${fixed.search.seconds} s`,
    fixed.search,
  );
  const any = solve(null);
  console.log(
    `12 teams, city ${seed} ${JSON.stringify(options)}, meals free: ${any.optimumMeters.toFixed(3)} m in ${any.search.seconds} s`,
    any.search,
  );
  return {
    seed,
    options,
    teams: teams.map((t) => ({ id: t.id, meal: t.meal, position: t.position })),
    fixedMeals: {
      optimumMeters: fixed.optimumMeters,
      boundMeters: fixed.boundMeters,
      stops: fixed.stops,
      search: fixed.search,
    },
    freeMeals: {
      optimumMeters: any.optimumMeters,
      boundMeters: any.boundMeters,
      meals: any.meals,
      stops: any.stops,
      search: any.search,
    },
  };
});

const fixture = {
  about:
    'The proven optimum (total route length, haversine metres) of 12-team dinners of 3 meals, by exhaustive branch and bound over every meet-once plan: written by bench/optimum-enumeration.ts, read by optimum.test.ts.',
  meals: MEALS,
  meetOncePlansPerSplit: plansPerSplit,
  instances,
};
writeFileSync(FIXTURE, `${JSON.stringify(fixture, null, 2)}\n`);
// In the repository's format (short arrays on one line), so a run changes the file only where numbers change.
execFileSync(
  fileURLToPath(new URL('../node_modules/.bin/biome', import.meta.url)),
  ['format', '--write', fileURLToPath(FIXTURE)],
  { stdio: 'ignore' },
);
console.log(`wrote ${FIXTURE.pathname} in ${seconds(started).toFixed(1)} s`);
