import type { Meal } from '@contract/dinner';
import type { Participant } from '@contract/participants';
import type { Team, TeamsResponse } from '@contract/teams';
import { describe, expect, it } from 'vitest';
import { replacementShortfall, swappedMembers, teamsByMeal } from './teamList';

const meals: Meal[] = [
  { id: 'm1', label: 'Vorspeise', time: '2026-12-24T19:00' },
  { id: 'm2', label: 'Hauptgericht', time: '2026-12-24T21:00' },
];

const person = (id: string, teamId: string) => ({ id, teamId, firstnamePart: id, lastname: '' }) as Participant;

const team = (id: string, teamNumber: number, meal: Meal, memberIds: string[], status: Team['status'] = 'OK'): Team => {
  const teamMembers = memberIds.map((m) => person(m, id));
  return { id, teamNumber, meal, status, teamMembers, hostTeamMember: teamMembers[0] ?? null };
};

const response = (teams: Team[]): TeamsResponse => ({
  teams,
  seed: 1,
  teamsMatchingGenderAspects: 0,
  sentMails: {
    teamMails: false,
    dinnerRouteMails: false,
    dinnerRouteRecipients: 0,
    published: { teams: false, routes: false },
  },
});

describe('the teams grouped by meal', () => {
  it('follows the order of the evening and sorts each meal by team number', () => {
    const groups = teamsByMeal(meals, [
      team('c', 3, meals[1]!, []),
      team('b', 2, meals[0]!, []),
      team('a', 1, meals[1]!, []),
    ]);
    expect(groups.map((g) => [g.meal.id, g.teams.map((t) => t.teamNumber)])).toEqual([
      ['m1', [2]],
      ['m2', [1, 3]],
    ]);
  });
});

describe('swapping two members on the screen before the server answers', () => {
  const before = response([team('t1', 1, meals[0]!, ['anna', 'ben']), team('t2', 2, meals[1]!, ['cem', 'dora'])]);

  it('puts each member into the other team and keeps everyone else', () => {
    const after = swappedMembers(before, 'ben', 'dora');
    expect(after.teams.map((t) => t.teamMembers.map((m) => m.id))).toEqual([
      ['anna', 'dora'],
      ['cem', 'ben'],
    ]);
    expect(after.teams[0]!.teamMembers[1]!.teamId).toBe('t1');
  });

  it('lets a moving host stay host in the receiving team', () => {
    const after = swappedMembers(before, 'anna', 'dora');
    expect(after.teams.map((t) => t.hostTeamMember?.id)).toEqual(['dora', 'cem']);
  });

  it('changes nothing for two members of the same team or an unknown member', () => {
    expect(swappedMembers(before, 'anna', 'ben')).toBe(before);
    expect(swappedMembers(before, 'anna', 'nobody')).toBe(before);
  });
});

describe('the choice of replacements', () => {
  it('says how many are missing or too many for exactly a team', () => {
    expect(replacementShortfall(1, 2)).toEqual({ missing: 1, surplus: 0 });
    expect(replacementShortfall(2, 2)).toEqual({ missing: 0, surplus: 0 });
    expect(replacementShortfall(3, 2)).toEqual({ missing: 0, surplus: 1 });
  });
});
