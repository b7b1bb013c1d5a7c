import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carryVisits } from './carry-visits.js';
import { checkPlan } from './check.js';
import { meetOnceVisits } from './design.js';
import { swapMeals, swapTeamNumbers } from './operations.js';
import type { PlannedTeam, TeamPlan, Visit } from './plan.types.js';

// Routes that are not the design of the places (as after an optimisation) must survive every operation.

const planOf = (meals: number, classSize: number): TeamPlan => ({
  seed: 0,
  teams: Array.from(
    { length: meals * classSize },
    (_, i): PlannedTeam => ({
      teamNumber: i + 1,
      memberIds: [`a${i}`, `b${i}`],
      hostId: `a${i}`,
      meal: i % meals,
      position: Math.floor(i / meals),
      status: 'OK',
    }),
  ),
});

/** Meet-once routes unlike the places' design: the design with the places of each meal permuted. */
const otherRoutes = (plan: TeamPlan, meals: number, permutations: number[][]): Visit[] =>
  meetOnceVisits(
    plan.teams.map((t) => ({ ...t, position: permutations[t.meal][t.position] })),
    meals,
  );

const routeOf = (visits: readonly Visit[], teamNumber: number) =>
  visits
    .filter((v) => v.guestTeamNumber === teamNumber || v.hostTeamNumber === teamNumber)
    .map((v) => `${v.meal}:${v.hostTeamNumber}>${v.guestTeamNumber}`)
    .sort();

const permutation = (size: number) =>
  fc.shuffledSubarray([...Array(size).keys()], { minLength: size, maxLength: size });

const instance = fc
  .record({ meals: fc.constantFrom(2, 3), classSize: fc.integer({ min: 3, max: 12 }) })
  .chain(({ meals, classSize }) =>
    fc.record({
      meals: fc.constant(meals),
      classSize: fc.constant(classSize),
      shuffle: fc.array(permutation(classSize), { minLength: meals, maxLength: meals }),
      a: fc.integer({ min: 1, max: meals * classSize }),
      b: fc.integer({ min: 1, max: meals * classSize }),
    }),
  );

describe('carryVisits', () => {
  it('keeps routes that are not the design through a meal swap: the teams exchange their whole roles', () => {
    fc.assert(
      fc.property(instance, ({ meals, classSize, shuffle, a, b }) => {
        fc.pre(a !== b);
        const plan = planOf(meals, classSize);
        const visits = otherRoutes(plan, meals, shuffle);
        const result = swapMeals(plan, a, b);
        if (!result.ok) throw new Error(result.code);
        const carried = carryVisits(plan.teams, visits, result.plan.teams, meals);
        expect(
          checkPlan(result.plan, carried, {
            meals,
            teamSize: 2,
            forceEqualDistributedCapacityTeams: false,
            genderAspects: 'IGNORE_GENDER',
          }),
        ).toEqual([]);
        const swapped = (n: number) => (n === a ? b : n === b ? a : n);
        const relabel = (vs: readonly Visit[]) =>
          vs.map((v) => ({
            meal: v.meal,
            hostTeamNumber: swapped(v.hostTeamNumber),
            guestTeamNumber: swapped(v.guestTeamNumber),
          }));
        expect(routeOf(carried, a)).toEqual(routeOf(relabel(visits), a));
        for (let n = 1; n <= plan.teams.length; n++)
          if (n !== a && n !== b) expect(routeOf(carried, n)).toEqual(routeOf(relabel(visits), n));
      }),
    );
  });

  it('keeps every route when teams only exchange numbers', () => {
    fc.assert(
      fc.property(instance, ({ meals, classSize, shuffle, a, b }) => {
        fc.pre(a !== b);
        const plan = planOf(meals, classSize);
        const visits = otherRoutes(plan, meals, shuffle);
        const result = swapTeamNumbers(plan, a, b);
        if (!result.ok) throw new Error(result.code);
        const carried = carryVisits(plan.teams, visits, result.plan.teams, meals);
        const idAfter = new Map(result.plan.teams.map((t) => [t.teamNumber, t.hostId]));
        const idBefore = new Map(plan.teams.map((t) => [t.teamNumber, t.hostId]));
        const byHosts = (vs: readonly Visit[], ids: Map<number, string | null>) =>
          vs.map((v) => `${v.meal}:${ids.get(v.hostTeamNumber)}>${ids.get(v.guestTeamNumber)}`).sort();
        expect(byHosts(carried, idAfter)).toEqual(byHosts(visits, idBefore));
      }),
    );
  });

  it('falls back to the design of the places when teams joined', () => {
    const plan = planOf(3, 3);
    const grown = planOf(3, 4);
    const visits = otherRoutes(plan, 3, [
      [1, 2, 0],
      [0, 1, 2],
      [2, 0, 1],
    ]);
    expect(carryVisits(plan.teams, visits, grown.teams, 3)).toEqual(meetOnceVisits(grown.teams, 3));
  });
});
