import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../teams/rng.js';
import { cityTeams } from './city.js';
import { distanceMeters, type LatLng } from './distance.js';
import { optimiseRoutes, type RouteProgress, type RoutesResult } from './optimise.js';
import {
  designRoutes,
  type RoutesInput,
  RoutesInputError,
  type RouteTeam,
  routeProblem,
  stopsOfVisits,
  visitsOfRoutes,
} from './routes.js';

// Every promise of optimiseRoutes, checked here by code of its own (not the optimiser's checks).

const located = (p: RouteTeam['position']): p is LatLng => !!p && p.lat !== -1 && p.lng !== -1;

/** Total and longest leg of routes given by ids. */
function lengthOf(teams: readonly RouteTeam[], routes: readonly { id: string; stops: readonly string[] }[]) {
  const position = new Map(teams.map((t) => [t.id, t.position]));
  let total = 0;
  let longest = 0;
  for (const route of routes) {
    for (let t = 0; t + 1 < route.stops.length; t++) {
      const [a, b] = [position.get(route.stops[t]), position.get(route.stops[t + 1])];
      const leg = located(a) && located(b) ? distanceMeters(a, b) : 0;
      total += leg;
      longest = Math.max(longest, leg);
    }
  }
  return { total, longest };
}

/** Every broken rule of a result, in words. */
function brokenRules(input: RoutesInput, result: RoutesResult): string[] {
  const broken: string[] = [];
  const meals = input.meals;
  const ids = input.teams.map((t) => t.id);
  if (result.teams.map((t) => t.id).join() !== ids.join()) broken.push('not every team once, in input order');
  const mealOf = new Map(result.teams.map((t) => [t.id, t.meal]));
  const hostsPerMeal = new Array<number>(meals).fill(0);
  const tables = new Map<string, string[]>();
  for (const team of result.teams) {
    hostsPerMeal[team.meal]++;
    if (team.stops.length !== meals) broken.push(`${team.id}: ${team.stops.length} stops`);
    if (team.stops[team.meal] !== team.id) broken.push(`${team.id} is not at home at its meal`);
    team.stops.forEach((host, t) => {
      if (mealOf.get(host) !== t) broken.push(`${team.id} eats meal ${t} at ${host}, which does not host it`);
      tables.set(host, [...(tables.get(host) ?? []), team.id]);
    });
  }
  if (hostsPerMeal.some((count) => count !== ids.length / meals)) broken.push(`hosts per meal ${hostsPerMeal}`);
  const met = new Set<string>();
  for (const [host, table] of tables) {
    if (table.length !== meals) broken.push(`table of ${host} seats ${table.length} teams`);
    for (const a of table) {
      for (const b of table) {
        if (a >= b) continue;
        if (met.has(`${a}|${b}`)) broken.push(`${a} and ${b} meet twice`);
        met.add(`${a}|${b}`);
      }
    }
  }
  for (const team of input.teams) {
    const keeps = input.fixedMeals !== false || !located(team.position);
    if (keeps && mealOf.get(team.id) !== team.meal) broken.push(`${team.id} changed its meal`);
  }
  return broken;
}

/** A random dinner: a city, some teams without a position, maybe today's routes as stops. */
const dinner = fc
  .record({
    meals: fc.constantFrom(2, 3),
    m: fc.integer({ min: 3, max: 100 }),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
    fixedMeals: fc.boolean(),
    unlocatedShare: fc.constantFrom(0, 0, 0.1, 0.4),
    withStops: fc.boolean(),
    minimumDistanceInMeters: fc.constantFrom(0, 0, 150),
  })
  .filter(({ meals, m }) => m >= meals)
  .map(({ meals, m, seed, fixedMeals, unlocatedShare, withStops, minimumDistanceInMeters }): RoutesInput => {
    const rng = createRng(seed);
    let teams: RouteTeam[] = cityTeams(meals * m, meals, seed, { neighbourhoods: 1 + rng.int(8) }).map((t) =>
      rng.next() < unlocatedShare ? { ...t, position: rng.next() < 0.5 ? null : { lat: -1, lng: -1 } } : t,
    );
    if (withStops) {
      // Today: the design with the teams of each class in a shuffled order.
      const placement = Array.from({ length: meals }, (_, t) =>
        rng.shuffle(teams.flatMap((team, i) => (team.meal === t ? [i] : []))),
      );
      const routes = designRoutes(meals, placement);
      teams = teams.map((team, i) => ({
        ...team,
        stops: Array.from({ length: meals }, (_, t) => teams[routes[i * meals + t]].id),
      }));
    }
    return { meals, teams: rng.shuffle(teams), fixedMeals, minimumDistanceInMeters };
  });

describe('optimiseRoutes', () => {
  it('keeps meet-once, one host per meal per team, the meals (unless free) and every team; never longer than the input; bound ≤ result (9 to 300 teams, 2 and 3 meals)', () => {
    fc.assert(
      fc.property(dinner, fc.integer({ min: 0, max: 1000 }), (input, seed) => {
        const result = optimiseRoutes(input, { iterations: 30_000, seed });
        expect(brokenRules(input, result)).toEqual([]);
        const before = input.teams[0].stops
          ? lengthOf(input.teams, input.teams as readonly { id: string; stops: readonly string[] }[])
          : undefined;
        const after = lengthOf(input.teams, result.teams);
        expect(after.total).toBeCloseTo(result.totalRouteLengthMeters, 3);
        expect(after.longest).toBeCloseTo(result.longestLegMeters, 3);
        if (before) {
          expect(result.startTotalMeters).toBeCloseTo(before.total, 3);
          expect(result.startLongestLegMeters).toBeCloseTo(before.longest, 3);
        }
        expect(result.totalRouteLengthMeters).toBeLessThanOrEqual(result.startTotalMeters + 1e-6);
        expect(result.longestLegMeters).toBeLessThanOrEqual(result.startLongestLegMeters + 1e-6);
        expect(result.lowerBoundMeters).toBeLessThanOrEqual(result.totalRouteLengthMeters + 1e-6);
        expect(result.lowerBoundMeters).toBeGreaterThanOrEqual(0);
        expect(result.lowerBoundAnySplitMeters).toBeLessThanOrEqual(result.totalRouteLengthMeters + 1e-6);
        if (input.fixedMeals !== false) expect(result.lowerBoundAnySplitMeters).toBe(result.lowerBoundMeters);
      }),
      { numRuns: 60 },
    );
  });

  it('starts from the design in input order when no stops are given, and shortens a city by far', () => {
    const teams = cityTeams(90, 3, 11);
    const placement = [0, 1, 2].map((t) => teams.flatMap((team, i) => (team.meal === t ? [i] : [])));
    const routes = designRoutes(3, placement);
    const today = teams.map((team, i) => ({ id: team.id, stops: [0, 1, 2].map((t) => teams[routes[i * 3 + t]].id) }));
    const result = optimiseRoutes({ meals: 3, teams }, { iterations: 300_000, seed: 3 });
    expect(result.startTotalMeters).toBeCloseTo(lengthOf(teams, today).total, 3);
    expect(result.totalRouteLengthMeters).toBeLessThan(0.5 * result.startTotalMeters);
    expect(result.totalRouteLengthMeters).toBeLessThan(1.03 * result.lowerBoundMeters);
  });

  it('gives the same routes for the same seed and iterations', () => {
    const input = { meals: 3, teams: cityTeams(60, 3, 5), fixedMeals: false };
    const [a, b] = [
      optimiseRoutes(input, { iterations: 50_000, seed: 9 }),
      optimiseRoutes(input, { iterations: 50_000, seed: 9 }),
    ];
    expect(a.teams).toEqual(b.teams);
  });

  it('returns today’s routes when it finds nothing shorter, and re-optimising its own result never makes it longer', () => {
    const teams = cityTeams(45, 3, 8);
    const first = optimiseRoutes({ meals: 3, teams }, { iterations: 200_000, seed: 1 });
    const stops = new Map(first.teams.map((t) => [t.id, t.stops]));
    const again = optimiseRoutes(
      { meals: 3, teams: teams.map((t) => ({ ...t, stops: stops.get(t.id) })) },
      { iterations: 1, seed: 2 },
    );
    expect(again.startTotalMeters).toBeCloseTo(first.totalRouteLengthMeters, 6);
    expect(again.totalRouteLengthMeters).toBeLessThanOrEqual(first.totalRouteLengthMeters + 1e-6);
  });

  it('keeps today’s routes rather than other routes of the same length', () => {
    // 9 teams with meals fixed: every meet-once plan has the same legs between consecutive meals (the bound is met), so
    // every plan is as short as today's, the design in input order.
    for (let city = 1; city <= 5; city++) {
      const teams = cityTeams(9, 3, city);
      const placement = [0, 1, 2].map((t) => teams.flatMap((team, i) => (team.meal === t ? [i] : [])));
      const design = designRoutes(3, placement);
      const today = teams.map((_, i) => [0, 1, 2].map((t) => teams[design[i * 3 + t]].id));
      const result = optimiseRoutes({ meals: 3, teams, keepLongestLeg: false }, { iterations: 50_000, seed: city });
      expect(result.totalRouteLengthMeters).toBeCloseTo(result.startTotalMeters, 6);
      expect(result.teams.map((t) => t.stops)).toEqual(today);
    }
  });
  it('lets teams without a position keep their meal even when meals are free, and counts their legs 0', () => {
    const teams = cityTeams(30, 3, 2).map((t, i) => (i < 6 ? { ...t, position: null } : t));
    const result = optimiseRoutes({ meals: 3, teams, fixedMeals: false }, { iterations: 100_000, seed: 4 });
    for (const team of teams.slice(0, 6)) expect(result.teams.find((t) => t.id === team.id)?.meal).toBe(team.meal);
    expect(lengthOf(teams, result.teams).total).toBeCloseTo(result.totalRouteLengthMeters, 3);
  });

  it('keeps hosts of the same meal apart with minimumDistanceInMeters when meals are free', () => {
    // 18 pairs of teams at one address each, both hosting the same meal today (team i + 3 lives with team i).
    const base = cityTeams(36, 3, 21, { neighbourhoods: 0 });
    const teams = base.map((t, i) => (i % 6 >= 3 ? { ...t, position: base[i - 3].position } : t));
    const apart = optimiseRoutes(
      { meals: 3, teams, fixedMeals: false, minimumDistanceInMeters: 100 },
      { iterations: 300_000, seed: 1 },
    );
    expect(apart.closeHostPairs).toEqual({ start: 18, result: 0 });
    expect(brokenRules({ meals: 3, teams, fixedMeals: false }, apart)).toEqual([]);
    const fixed = optimiseRoutes({ meals: 3, teams, minimumDistanceInMeters: 100 }, { iterations: 10_000, seed: 1 });
    expect(fixed.closeHostPairs).toEqual({ start: 18, result: 18 });
    const off = optimiseRoutes({ meals: 3, teams, fixedMeals: false }, { iterations: 10_000, seed: 1 });
    expect(off.closeHostPairs).toEqual({ start: 0, result: 0 });
  });

  it('keeps to its time budget by its own clock, set-up and final checks included', () => {
    let clock = 0;
    const result = optimiseRoutes(
      { meals: 3, teams: cityTeams(150, 3, 7), fixedMeals: true },
      { seconds: 0.5, seed: 1, now: () => (clock += 1) },
    );
    expect(result.seconds).toBeGreaterThan(0.25);
    expect(result.seconds).toBeLessThanOrEqual(0.5);
  });

  it.each([true, false])(
    'reports progress with the start, the best so far and a bound valid for the run, and stops when cancelled with a valid result (meals fixed: %s)',
    (fixedMeals) => {
      const input = { meals: 3, teams: cityTeams(150, 3, 7), fixedMeals };
      const seen: RouteProgress[] = [];
      let clock = 0;
      let asked = 0;
      const result = optimiseRoutes(input, {
        iterations: 1e12,
        now: () => (clock += 1),
        onProgress: (p) => seen.push(p),
        isCancelled: () => ++asked > 400,
      });
      expect(result.cancelled).toBe(true);
      expect(brokenRules(input, result)).toEqual([]);
      expect(seen.length).toBeGreaterThan(2);
      for (const p of seen) {
        expect(Object.keys(p).sort()).toEqual(['bestTotalMeters', 'elapsedMs', 'lowerBoundMeters', 'startTotalMeters']);
        expect(p.bestTotalMeters).toBeLessThanOrEqual(p.startTotalMeters);
        expect(p.lowerBoundMeters).toBe(result.lowerBoundAnySplitMeters);
        expect(p.lowerBoundMeters).toBeLessThanOrEqual(p.bestTotalMeters + 1e-6);
      }
      expect(seen.map((p) => p.elapsedMs)).toEqual([...seen.map((p) => p.elapsedMs)].sort((a, b) => a - b));
      expect(seen.at(-1)?.bestTotalMeters).toBeCloseTo(result.totalRouteLengthMeters, 6);
    },
  );

  it('refuses bad input with one clear line', () => {
    const teams = cityTeams(9, 3, 1);
    const cases: [RoutesInput, RegExp][] = [
      [{ meals: 3, teams: teams.slice(0, 8) }, /not a multiple of 3/],
      [{ meals: 3, teams: teams.slice(0, 6) }, /at least 9/],
      [{ meals: 4, teams }, /2 or 3/],
      [{ meals: 3, teams: teams.map((t, i) => (i === 0 ? { ...t, meal: 1 } : t)) }, /hosted by 2 teams, not 3/],
      [{ meals: 3, teams: teams.map((t, i) => (i === 1 ? { ...t, id: 't1' } : t)) }, /appears twice/],
      [
        { meals: 3, teams: teams.map((t, i) => (i === 0 ? { ...t, stops: ['t1', 't2', 't3'] } : t)) },
        /every team or for none/,
      ],
      [{ meals: 3, teams: teams.map((t) => ({ ...t, stops: [t.id, t.id, t.id] })) }, /no valid plan/],
    ];
    for (const [input, message] of cases) {
      expect(() => routeProblem(input)).toThrow(RoutesInputError);
      expect(() => optimiseRoutes(input)).toThrow(message);
    }
  });

  it('turns routes into the plan’s visits and back', () => {
    const teams = cityTeams(12, 3, 3);
    const result = optimiseRoutes({ meals: 3, teams }, { iterations: 10_000 });
    const numberOf = (id: string) => Number(id.slice(1));
    const visits = visitsOfRoutes(result.teams, numberOf);
    expect(visits).toHaveLength(24);
    const stops = stopsOfVisits(
      result.teams.map((t) => ({ teamNumber: numberOf(t.id), meal: t.meal })),
      visits,
      3,
      (n) => `t${n}`,
    );
    for (const team of result.teams) expect(stops.get(numberOf(team.id))).toEqual(team.stops);
  });
});
