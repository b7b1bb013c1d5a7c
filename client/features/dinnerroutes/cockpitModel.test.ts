import type { AfterPartyPlace, DinnerRouteTeam } from '@contract/dinner-routes';
import { describe, expect, it } from 'vitest';
import {
  ALL_MEALS,
  connectionSegments,
  drawnPositions,
  formatDistance,
  INITIAL_SETTINGS,
  mealFilterOptions,
  mealShown,
  SAME_ADDRESS_OFFSET,
  teamClusters,
  teamLabel,
  withAfterPartyExcluded,
} from './cockpitModel';

const MEALS = ['m0', 'm1', 'm2'];
const meal = (i: number) => ({ id: MEALS[i], label: `Meal ${i}`, time: `2030-01-01T1${i}:00` });
const address = { street: 'Weg', streetNr: '1', zip: '79100', cityName: 'Freiburg' };

/** Team n hosts meal `own`, eats at the teams `stops` (one per meal, its own number at its own meal), at lng n/100. */
function team(n: number, own: number, stops: number[], located = true): DinnerRouteTeam {
  return {
    id: `t${n}`,
    teamNumber: n,
    status: 'OK',
    meal: meal(own),
    memberNames: [],
    host: {
      participantId: `p${n}`,
      name: `Host ${n}`,
      ...address,
      lat: located ? 0 : null,
      lng: located ? n / 100 : null,
    },
    stops: stops.map((s, i) => ({
      meal: meal(i),
      teamId: `t${s}`,
      teamNumber: s,
      isOwnTeam: s === n,
      hostNames: '',
      ...address,
      status: 'OK',
      lat: 0,
      lng: s / 100,
    })),
  };
}

const party: AfterPartyPlace = {
  title: 'Party',
  time: '2030-01-01T23:00',
  addressName: '',
  ...address,
  lat: 1,
  lng: 1,
};

describe('the meal filter', () => {
  it('offers the ways from each meal to the next, and from the last to the after-party while it is on the map', () => {
    expect(mealFilterOptions(3, false)).toEqual([
      { id: 'leg-0', fromMeal: 0, toMeal: 1 },
      { id: 'leg-1', fromMeal: 1, toMeal: 2 },
    ]);
    expect(mealFilterOptions(3, true).at(-1)).toEqual({ id: 'leg-2', fromMeal: 2, toMeal: null });
  });

  it('falls back to all meals when the after-party is excluded while its way was chosen, and keeps any other choice', () => {
    const onParty = { ...INITIAL_SETTINGS, mealFilter: 'leg-2' };
    expect(withAfterPartyExcluded(onParty, true, 3, party)).toEqual({
      ...onParty,
      excludeAfterParty: true,
      mealFilter: ALL_MEALS,
    });
    const onFirst = { ...INITIAL_SETTINGS, mealFilter: 'leg-0' };
    expect(withAfterPartyExcluded(onFirst, true, 3, party)).toEqual({ ...onFirst, excludeAfterParty: true });
    // Without a position the after-party has no way either.
    expect(withAfterPartyExcluded(onParty, false, 3, { ...party, lat: null, lng: null }).mealFilter).toBe(ALL_MEALS);
  });

  it('shows the hosts of the two meals of a way', () => {
    expect([0, 1, 2].map((i) => mealShown('leg-0', i, 3))).toEqual([true, true, false]);
    expect([0, 1, 2].map((i) => mealShown('leg-2', i, 3))).toEqual([false, false, true]);
    expect([0, 1, 2].map((i) => mealShown(ALL_MEALS, i, 3))).toEqual([true, true, true]);
  });
});

describe('clusters', () => {
  it('number the groups of teams that meet from 0, in the order of their lowest team number', () => {
    // 1, 2 and 3 meet; 4 and 5 meet; 6 meets nobody (yet).
    const teams = [
      team(1, 0, [1, 2, 3]),
      team(2, 1, [1, 2, 3]),
      team(3, 2, [1, 2, 3]),
      team(4, 0, [4, 5, 5]),
      team(5, 1, [4, 5, 5]),
      team(6, 2, [6]),
    ];
    const clusters = teamClusters(teams);
    expect(teams.map((t) => clusters.get(t.id))).toEqual([0, 0, 0, 1, 1, 2]);
  });
});

describe('positions and paths', () => {
  it('draws teams at the same address 0.0002° apart each, in the order of the group', () => {
    const teams = [team(1, 0, [1, 2, 3]), team(2, 1, [1, 2, 3]), team(3, 2, [1, 2, 3]), team(4, 0, [4], false)];
    const positions = drawnPositions(teams, [{ teamIds: ['t1', 't3'], teamNumbers: [1, 3] }]);
    expect(positions.get('t1')).toEqual({ lat: 0, lng: 0.01 });
    expect(positions.get('t3')).toEqual({ lat: SAME_ADDRESS_OFFSET, lng: 0.03 + SAME_ADDRESS_OFFSET });
    expect(positions.has('t4')).toBe(false);
  });

  it("joins a team's stops in order, then to the after-party, as the filter allows; a way to a place without position is left out", () => {
    const teams = [team(1, 0, [1, 2, 3]), team(2, 1, [1, 2, 3]), team(3, 2, [1, 2, 3], false)];
    const positions = drawnPositions(teams, []);
    const all = connectionSegments(teams, positions, MEALS, party, INITIAL_SETTINGS);
    // Each team: 1 → 2 (known), 2 → 3 (3 not located), 3 → party (3 not located).
    expect(all.map((s) => s.key)).toEqual(['t1:0', 't2:0', 't3:0']);
    expect(all[0].points).toEqual([
      [0, 0.01],
      [0, 0.02],
    ]);
    const located = [team(1, 0, [1, 2, 3]), team(2, 1, [1, 2, 3]), team(3, 2, [1, 2, 3])];
    const at = drawnPositions(located, []);
    expect(connectionSegments(located, at, MEALS, party, INITIAL_SETTINGS)).toHaveLength(9);
    expect(
      connectionSegments(located, at, MEALS, party, { ...INITIAL_SETTINGS, excludeAfterParty: true }),
    ).toHaveLength(6);
    const toParty = connectionSegments(located, at, MEALS, party, { ...INITIAL_SETTINGS, mealFilter: 'leg-2' });
    expect(toParty.map((s) => s.points[1])).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
    expect(
      connectionSegments(located, at, MEALS, null, { ...INITIAL_SETTINGS, mealFilter: 'leg-1' }).map((s) => s.fromMeal),
    ).toEqual([1, 1, 1]);
  });

  it('labels a marker with at most 3 characters', () => {
    expect([1, 42, 999, 1000, 1200].map(teamLabel)).toEqual(['1', '42', '999', '…', '…']);
  });
});

describe('distances', () => {
  it('read as metres below a kilometre, else as kilometres with one decimal, in the reader’s number format', () => {
    expect(formatDistance(800, 'de')).toBe('800 m');
    expect(formatDistance(23_456, 'en')).toBe('23.5 km');
    expect(formatDistance(23_456, 'de')).toBe('23,5 km');
    expect(formatDistance(1_234_567, 'en')).toBe('1,234.6 km');
  });
});
