import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changesSince,
  currentFacts,
  type DinnerFacts,
  type Facts,
  type FactsPerson,
  toldWithNewHost,
} from './told-facts.js';

// What changed since a mail told it: nothing when nothing changed, everything for whom nothing was told, and a change
// names exactly the part that moved.

const MEALS = [
  { id: 'm0', label: 'Starter', time: '2026-12-05T19:00' },
  { id: 'm1', label: 'Main', time: '2026-12-05T21:00' },
  { id: 'm2', label: 'Dessert', time: '2026-12-05T23:00' },
];

/** A dinner of `teams` teams of two (team t cooks meal t % 3, its first member hosts) with random visits. */
const dinnerArbitrary = fc
  .record({
    teams: fc.integer({ min: 3, max: 9 }),
    hostChoices: fc.array(fc.nat(), { minLength: 27, maxLength: 27 }),
    cancelled: fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
    waiting: fc.integer({ min: 0, max: 2 }),
  })
  .map(({ teams, hostChoices, cancelled, waiting }): DinnerFacts => {
    const ids = Array.from({ length: teams }, (_, t) => `t${t}`);
    const people: FactsPerson[] = ids.flatMap((teamId, t) =>
      [0, 1].map((m) => ({ id: `p${t}-${m}`, name: `Person ${t}-${m}`, address: `Street ${t}-${m}`, teamId })),
    );
    for (let w = 0; w < waiting; w++)
      people.push({ id: `w${w}`, name: `Waiting ${w}`, address: 'Elsewhere', teamId: null });
    const visits = ids.flatMap((guestTeamId, t) =>
      MEALS.filter((_, meal) => meal !== t % 3).map((meal, i) => {
        const hosts = ids.filter((_, h) => h % 3 === MEALS.indexOf(meal));
        return { mealId: meal.id, guestTeamId, hostTeamId: hosts[hostChoices[t * 3 + i]! % hosts.length]! };
      }),
    );
    return {
      people,
      teams: ids.map((id, t) => ({ id, mealId: MEALS[t % 3]!.id, hostId: `p${t}-0`, cancelled: cancelled[t]! })),
      meals: MEALS,
      visits,
      afterParty: 'Party · 23:59 · Hall',
    };
  });

const WENT = { teams: true, routes: true };

describe('what changed since a mail told it', () => {
  it('is nothing when nothing changed, and nothing at all before any mail went', () => {
    fc.assert(
      fc.property(dinnerArbitrary, (dinner) => {
        for (const facts of currentFacts(dinner).values()) {
          expect(changesSince(facts, facts, WENT)).toEqual([]);
          expect(changesSince(undefined, facts, { teams: false, routes: false })).toEqual([]);
        }
      }),
    );
  });

  it('names the partner, course and host for whom nothing was told, and each of their courses once routes went', () => {
    fc.assert(
      fc.property(dinnerArbitrary, (dinner) => {
        const facts = currentFacts(dinner);
        // Only members of teams that still cook are told anything.
        const cooking = dinner.people.filter((p) => dinner.teams.some((t) => t.id === p.teamId && !t.cancelled));
        expect([...facts.keys()].sort()).toEqual(cooking.map((p) => p.id).sort());
        for (const now of facts.values()) {
          const teamOnly = changesSince(undefined, now, { teams: true, routes: false }).map((c) => c.kind);
          expect(teamOnly).toEqual(['PARTNER', 'MEAL', 'TIME', 'HOST', 'PLACE']);
          const all = changesSince(undefined, now, WENT);
          expect(all.some((c) => c.kind === 'AFTER_PARTY')).toBe(true);
          for (const course of now.route!.courses.filter((c) => !c.cancelled))
            expect(all.some((c) => c.kind === 'PLACE' && c.meal === course.meal)).toBe(true);
        }
      }),
    );
  });

  it('after a host moved: the old address is the before and the new one the after, for the team and its guests', () => {
    fc.assert(
      fc.property(dinnerArbitrary, (dinner) => {
        const host = dinner.teams.find((t) => !t.cancelled);
        if (!host) return;
        const told = currentFacts(dinner);
        const moved = {
          ...dinner,
          teams: dinner.teams.map((t) => (t === host ? { ...t, hostId: `${t.hostId?.slice(0, -1)}1` } : t)),
        };
        const now = currentFacts(moved);
        const meal = MEALS.find((m) => m.id === host.mealId)!.label;
        const eatingThere = new Set([
          host.id,
          ...dinner.visits.filter((v) => v.hostTeamId === host.id).map((v) => v.guestTeamId),
        ]);
        for (const [id, facts] of now) {
          const changes = changesSince(told.get(id), facts, WENT);
          const person = dinner.people.find((p) => p.id === id)!;
          if (!eatingThere.has(person.teamId!)) {
            expect(changes).toEqual([]);
            continue;
          }
          expect(changes).toContainEqual(
            expect.objectContaining({
              kind: 'PLACE',
              meal,
              before: `Street ${host.id.slice(1)}-0`,
              after: `Street ${host.id.slice(1)}-1`,
            }),
          );
          // The members know once the change is told them: what is left is nothing.
          if (person.teamId === host.id)
            expect(changesSince(toldWithNewHost(told.get(id), facts), facts, WENT)).toEqual([]);
        }
      }),
    );
  });

  it('says a team that cooks another course cooks it at its time, and not that the course moved', () => {
    const dinner = fc.sample(dinnerArbitrary, { numRuns: 1, seed: 7 })[0]!;
    const told = currentFacts(dinner);
    const [a, b] = [dinner.teams[0]!, dinner.teams[1]!];
    const swapped = {
      ...dinner,
      teams: dinner.teams.map((t) => (t === a ? { ...t, mealId: b.mealId } : t === b ? { ...t, mealId: a.mealId } : t)),
    };
    const id = `p0-0`;
    const changes = changesSince(told.get(id), currentFacts(swapped).get(id) as Facts, { teams: true, routes: false });
    expect(changes).toEqual([
      { kind: 'MEAL', part: 'TEAM', meal: null, before: 'Starter (19:00)', after: 'Main (21:00)' },
    ]);
  });
});
