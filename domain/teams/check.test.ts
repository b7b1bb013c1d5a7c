import { describe, expect, it } from 'vitest';
import { checkPlan } from './check.js';
import { classesOf, designOffsets, meetOnceVisits, visitsOfDesign } from './design.js';
import type { PlannedTeam, PlanOptions, TeamPlan } from './plan.types.js';

const options: PlanOptions = {
  meals: 3,
  teamSize: 2,
  forceEqualDistributedCapacityTeams: true,
  genderAspects: 'IGNORE_GENDER',
};
const plan = (n: number): TeamPlan => ({
  seed: 1,
  teams: Array.from(
    { length: n },
    (_, i): PlannedTeam => ({
      teamNumber: i + 1,
      memberIds: [`a${i}`, `b${i}`],
      hostId: `a${i}`,
      meal: i % 3,
      position: Math.floor(i / 3),
      status: 'OK',
    }),
  ),
});
const violationsOf = (change: (p: TeamPlan) => void, n = 9) => {
  const p = plan(n);
  change(p);
  return checkPlan(p, meetOnceVisits(plan(n).teams, 3), options);
};

describe('checkPlan', () => {
  it('accepts a valid plan', () => {
    expect(checkPlan(plan(12), meetOnceVisits(plan(12).teams, 3), options)).toEqual([]);
  });

  it('finds repeated meetings', () => {
    const p = plan(12);
    const visits = visitsOfDesign(classesOf(p.teams, 3), designOffsets(3, [0, 2, 4]));
    expect(checkPlan(p, visits, options).some((v) => v.includes('meet twice'))).toBe(true);
  });

  it('finds a team that does not visit every other meal or receives too many guests', () => {
    const visits = meetOnceVisits(plan(9).teams, 3);
    const moved = visits.map((v, i) => (i === 0 ? { ...v, hostTeamNumber: visits[2].hostTeamNumber } : v));
    expect(checkPlan(plan(9), moved, options)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/receives 3 guest teams/),
        expect.stringMatching(/receives 1 guest teams/),
      ]),
    );
    expect(checkPlan(plan(9), visits.slice(1), options)).toEqual(
      expect.arrayContaining([expect.stringMatching(/does not visit one host at each other meal/)]),
    );
    expect(checkPlan(plan(9), [...visits, { meal: 0, hostTeamNumber: 1, guestTeamNumber: 42 }], options)).toEqual(
      expect.arrayContaining([expect.stringMatching(/unknown team/)]),
    );
  });

  it('finds broken teams', () => {
    expect(violationsOf((p) => (p.teams[0].hostId = 'a1'))).toEqual(['team 1: the host is not one of its members']);
    expect(violationsOf((p) => (p.teams[1].memberIds = ['a1', 'a0']))).toEqual(['team 2: a member is also in team 1']);
    expect(violationsOf((p) => (p.teams[2].status = 'CANCELLED'))).toEqual([
      'team 3: cancelled but has members or a host',
    ]);
    expect(violationsOf((p) => Object.assign(p.teams[2], { memberIds: [], hostId: null }))).toEqual([
      'team 3: 0 members',
      'team 3: the host is not one of its members',
    ]);
    expect(violationsOf((p) => (p.teams[3].teamNumber = 7))).toContain('team numbers are not 1..9, each once');
  });

  it('finds places that do not form the design', () => {
    expect(violationsOf((p) => (p.teams[0].position = 3))).toEqual(['meal 0: places are not 0..2, each once']);
    expect(checkPlan(plan(6), meetOnceVisits(plan(6).teams, 3), options)[0]).toBe(
      '6 teams: not a multiple of 3 of at least 9',
    );
  });

  it('finds fixed partners in different teams', () => {
    const participants = new Map(
      plan(9)
        .teams.flatMap((t) => t.memberIds)
        .map((id) => [id, { id, gender: 'MALE' as const, numSeats: 6, fixedPartnerId: null as string | null }]),
    );
    Object.assign(participants.get('a0')!, { fixedPartnerId: 'a1' });
    Object.assign(participants.get('a1')!, { fixedPartnerId: 'a0' });
    expect(checkPlan(plan(9), meetOnceVisits(plan(9).teams, 3), options, participants)).toEqual([
      'team 1: a fixed partner cooks in team 2',
      'team 2: a fixed partner cooks in team 1',
    ]);
  });
});
