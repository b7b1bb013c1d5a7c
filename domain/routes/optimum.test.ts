import { describe, expect, it } from 'vitest';
import { cityTeams } from './city.js';
import { distanceMeters, type LatLng } from './distance.js';
import { optimiseRoutes } from './optimise.js';
import optimum12 from './optimum-12.fixture.json' with { type: 'json' };

// The proven optimum of small dinners by enumeration, and the optimiser finding it. A "structure" says at whose
// place each of the n slots eats each meal (slot s hosts meal floor(s / m)); every meet-once structure is tried,
// with every split of the teams into the classes (for meals free) or the given one (meals fixed). The optimum may
// have a longer longest leg than the start, so these runs do not keep the longest leg.

/** Every meet-once structure of n = meals · m slots: at[s * meals + t] = the slot s eats at for meal t. */
function meetOnceStructures(meals: number, m: number): Int32Array[] {
  const n = meals * m;
  const found: Int32Array[] = [];
  const at = new Int32Array(n * meals);
  for (let s = 0; s < n; s++) at[s * meals + Math.floor(s / m)] = s;
  const meet = new Uint8Array(n * n);
  const seat = (table: number[], delta: number) => {
    for (const a of table) for (const b of table) if (a !== b) meet[a * n + b] += delta;
  };
  const free = (table: number[]) => table.every((a) => table.every((b) => a === b || meet[a * n + b] === 0));
  const fillMeal = (t: number) => {
    if (t === meals) {
      found.push(at.slice());
      return;
    }
    const guests = Array.from({ length: n }, (_, s) => s).filter((s) => Math.floor(s / m) !== t);
    const used = new Set<number>();
    const fillHost = (x: number) => {
      if (x === m) {
        fillMeal(t + 1);
        return;
      }
      const host = t * m + x;
      const choose = (from: number, table: number[]) => {
        if (table.length === meals) {
          if (!free(table)) return;
          seat(table, 1);
          for (const g of table.slice(1)) {
            used.add(g);
            at[g * meals + t] = host;
          }
          fillHost(x + 1);
          for (const g of table.slice(1)) used.delete(g);
          seat(table, -1);
          return;
        }
        for (let k = from; k < guests.length; k++) if (!used.has(guests[k])) choose(k + 1, [...table, guests[k]]);
      };
      choose(0, [host]);
    };
    fillHost(0);
  };
  fillMeal(0);
  return found;
}

/** Every split of the teams 0..n-1 into classes of m (each class in increasing order). */
function splits(meals: number, m: number): number[][][] {
  const n = meals * m;
  const result: number[][][] = [];
  const classes: number[][] = Array.from({ length: meals }, () => []);
  const place = (i: number) => {
    if (i === n) {
      result.push(classes.map((c) => [...c]));
      return;
    }
    for (const c of classes) {
      if (c.length === m) continue;
      c.push(i);
      place(i + 1);
      c.pop();
    }
  };
  place(0);
  return result;
}

function optimumByEnumeration(
  meals: number,
  positions: LatLng[],
  fixedMeals: number[] | null,
): { meters: number; schedules: number } {
  const n = positions.length;
  const m = n / meals;
  const matrix = positions.map((a) => positions.map((b) => distanceMeters(a, b)));
  const d = (a: number, b: number) => matrix[a][b];
  const structures = meetOnceStructures(meals, m);
  const candidates = fixedMeals
    ? [Array.from({ length: meals }, (_, t) => fixedMeals.flatMap((c, i) => (c === t ? [i] : [])))]
    : splits(meals, m);
  let best = Number.POSITIVE_INFINITY;
  for (const split of candidates) {
    const teamOf = split.flat();
    for (const at of structures) {
      let total = 0;
      for (let s = 0; s < n; s++)
        for (let t = 0; t + 1 < meals; t++) total += d(teamOf[at[s * meals + t]], teamOf[at[s * meals + t + 1]]);
      if (total < best) best = total;
    }
  }
  return { meters: best, schedules: structures.length * candidates.length };
}

describe('the optimiser on small dinners, against every schedule', () => {
  it('counts 504 meet-once structures for 9 teams, 846,720 schedules with every split (ALGORITHMS.md)', () => {
    expect(meetOnceStructures(3, 3)).toHaveLength(504);
    expect(splits(3, 3)).toHaveLength(1680);
  });

  it.each([1, 2, 3, 4, 5, 6])('finds the optimum of 9 teams with meals free and fixed (city %i)', (seed) => {
    const teams = cityTeams(9, 3, seed, { neighbourhoods: 2, sideMeters: 4_000 });
    const positions = teams.map((t) => t.position as LatLng);
    const free = optimumByEnumeration(3, positions, null);
    expect(free.schedules).toBe(846_720);
    const found = optimiseRoutes(
      { meals: 3, teams, fixedMeals: false, keepLongestLeg: false },
      { iterations: 200_000, seed },
    );
    expect(found.totalRouteLengthMeters).toBeCloseTo(free.meters, 4);
    expect(found.lowerBoundMeters).toBeLessThanOrEqual(found.totalRouteLengthMeters + 1e-6);
    expect(found.lowerBoundAnySplitMeters).toBeLessThanOrEqual(free.meters + 1e-6);
    const fixed = optimumByEnumeration(
      3,
      positions,
      teams.map((t) => t.meal),
    );
    const foundFixed = optimiseRoutes({ meals: 3, teams, keepLongestLeg: false }, { iterations: 50_000, seed });
    expect(foundFixed.totalRouteLengthMeters).toBeCloseTo(fixed.meters, 4);
    // With 9 teams every pair of hosts of consecutive meals is a leg once: the bound is the optimum.
    expect(foundFixed.lowerBoundMeters).toBeCloseTo(fixed.meters, 4);
  });

  it.each([
    [4, 1],
    [6, 2],
    [8, 3],
    [10, 4],
  ])(
    'finds the optimum of %i teams with 2 meals, free and fixed; the fixed split’s bound is that optimum (city %i)',
    (n, seed) => {
      const teams = cityTeams(n, 2, seed, { neighbourhoods: 2, sideMeters: 4_000 });
      const positions = teams.map((t) => t.position as LatLng);
      const free = optimumByEnumeration(2, positions, null);
      const found = optimiseRoutes(
        { meals: 2, teams, fixedMeals: false, keepLongestLeg: false },
        { iterations: 200_000, seed },
      );
      expect(found.totalRouteLengthMeters).toBeCloseTo(free.meters, 4);
      expect(found.lowerBoundAnySplitMeters).toBeLessThanOrEqual(free.meters + 1e-6);
      const fixed = optimumByEnumeration(
        2,
        positions,
        teams.map((t) => t.meal),
      );
      const foundFixed = optimiseRoutes({ meals: 2, teams, keepLongestLeg: false }, { iterations: 100_000, seed });
      expect(foundFixed.totalRouteLengthMeters).toBeCloseTo(fixed.meters, 4);
      expect(foundFixed.lowerBoundMeters).toBeCloseTo(fixed.meters, 4);
    },
  );

  // 12 teams are too many to enumerate here (3,691,008 meet-once plans for each of 34,650 splits): the proven optima
  // come from bench/optimum-enumeration.ts (exact branch and bound, checked there against 9-team enumeration).
  it.each(optimum12.instances.map((instance) => [instance.seed, JSON.stringify(instance.options), instance] as const))(
    'finds the proven optimum of 12 teams with meals fixed and free (city %i, options %s)',
    (seed, _options, instance) => {
      const teams = instance.teams;
      const fixed = optimiseRoutes({ meals: 3, teams, keepLongestLeg: false }, { iterations: 50_000, seed });
      expect(fixed.totalRouteLengthMeters).toBeCloseTo(instance.fixedMeals.optimumMeters, 4);
      expect(fixed.lowerBoundMeters).toBeLessThanOrEqual(instance.fixedMeals.optimumMeters + 1e-6);
      // With 12 teams the legs between two meals are every host pair but a perfect matching, and any two matchings
      // go together (permute the hosts of meals 0 and 2): the split's bound is the optimum (see the bench script).
      expect(fixed.lowerBoundMeters).toBeCloseTo(instance.fixedMeals.optimumMeters, 4);
      const free = optimiseRoutes(
        { meals: 3, teams, fixedMeals: false, keepLongestLeg: false },
        { iterations: 500_000, seed },
      );
      expect(free.totalRouteLengthMeters).toBeCloseTo(instance.freeMeals.optimumMeters, 4);
      expect(free.lowerBoundAnySplitMeters).toBeLessThanOrEqual(instance.freeMeals.optimumMeters + 1e-6);
      expect(free.lowerBoundMeters).toBeLessThanOrEqual(instance.freeMeals.optimumMeters + 1e-6);
    },
  );
});
