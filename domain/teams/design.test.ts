import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPlan } from './check.js';
import { classesOf, type DesignPlace, designOffsets, meetOnceVisits, visitsOfDesign } from './design.js';
import type { PlannedTeam, Visit } from './plan.types.js';

const options = (meals: number) => ({
  meals,
  teamSize: 2,
  forceEqualDistributedCapacityTeams: false,
  genderAspects: 'IGNORE_GENDER' as const,
});

/** n teams with one member each, team k at meal (k-1) % meals. */
function placedTeams(n: number, meals: number): PlannedTeam[] {
  return Array.from({ length: n }, (_, i) => ({
    teamNumber: i + 1,
    memberIds: [`m${i + 1}`],
    hostId: `m${i + 1}`,
    meal: i % meals,
    position: Math.floor(i / meals),
    status: 'OK' as const,
  }));
}

function repeatedMeetings(visits: readonly Visit[]): number {
  const tables = new Map<number, number[]>();
  for (const v of visits)
    tables.set(v.hostTeamNumber, [...(tables.get(v.hostTeamNumber) ?? [v.hostTeamNumber]), v.guestTeamNumber]);
  const met = new Map<string, number>();
  for (const table of tables.values()) {
    for (const a of table) for (const b of table) if (a < b) met.set(`${a}-${b}`, (met.get(`${a}-${b}`) ?? 0) + 1);
  }
  return [...met.values()].filter((count) => count > 1).length;
}

describe('meetOnceVisits', () => {
  it.each([2, 3])(
    'gives a valid meet-once schedule for every team count of %i meals from meals² to 600 teams',
    (meals) => {
      for (let n = meals * meals; n <= 600; n += meals) {
        const teams = placedTeams(n, meals);
        const visits = meetOnceVisits(teams, meals);
        expect(visits).toHaveLength(n * (meals - 1));
        expect(checkPlan({ seed: 0, teams }, visits, options(meals)), `${n} teams`).toEqual([]);
      }
    },
  );

  it('with 3 meals: every host receives 2 guest teams and every team meets 6 others; with 2 meals 1 guest and 2 teams met', () => {
    for (const [meals, guests, met] of [
      [3, 2, 6],
      [2, 1, 2],
    ]) {
      const teams = placedTeams(meals * 7, meals);
      const visits = meetOnceVisits(teams, meals);
      for (const team of teams) {
        expect(visits.filter((v) => v.hostTeamNumber === team.teamNumber)).toHaveLength(guests);
        const tablesOf = visits.filter((v) => v.guestTeamNumber === team.teamNumber).map((v) => v.hostTeamNumber);
        const tableMates = new Set(
          [team.teamNumber, ...tablesOf].flatMap((host) => [
            host,
            ...visits.filter((v) => v.hostTeamNumber === host).map((v) => v.guestTeamNumber),
          ]),
        );
        expect(tableMates.size - 1).toBe(met);
      }
    }
  });

  it('stays meet-once whichever team stands at which place (swapping places never repeats a meeting)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2, 3),
        fc.integer({ min: 3, max: 40 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 50 }),
        (meals, m, swaps) => {
          const teams = placedTeams(m * meals, meals);
          for (const [i, j] of swaps) {
            const [a, b] = [teams[i % teams.length], teams[j % teams.length]];
            [a.meal, a.position, b.meal, b.position] = [b.meal, b.position, a.meal, a.position];
          }
          expect(repeatedMeetings(meetOnceVisits(teams, meals))).toBe(0);
        },
      ),
    );
  });

  it('keeps cancelled teams in their places', () => {
    const teams: DesignPlace[] = placedTeams(9, 3).map((t) => (t.teamNumber === 4 ? { ...t, status: 'CANCELLED' } : t));
    const visits = meetOnceVisits(teams, 3);
    expect(visits.filter((v) => v.hostTeamNumber === 4)).toHaveLength(2);
    expect(visits.filter((v) => v.guestTeamNumber === 4)).toHaveLength(2);
  });

  it('refuses places that do not form a full design', () => {
    const teams = placedTeams(9, 3);
    teams[0].position = 5;
    expect(() => meetOnceVisits(teams, 3)).toThrow();
    expect(() => meetOnceVisits(placedTeams(10, 3), 3)).toThrow();
    expect(() => designOffsets(4)).toThrow();
  });

  it('shows why the offsets matter: u = (0, 2, 4) repeats meetings at exactly 12 teams, u = (0, 2, 1) never', () => {
    const failingCounts: number[] = [];
    for (let n = 9; n <= 300; n += 3) {
      const classes = classesOf(placedTeams(n, 3), 3);
      expect(repeatedMeetings(visitsOfDesign(classes, designOffsets(3))), `${n} teams`).toBe(0);
      if (repeatedMeetings(visitsOfDesign(classes, designOffsets(3, [0, 2, 4]))) > 0) failingCounts.push(n);
    }
    expect(failingCounts).toEqual([12]);
  });
});
