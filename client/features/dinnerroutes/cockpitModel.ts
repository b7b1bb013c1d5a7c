import type { AfterPartyPlace, DinnerRouteTeam, Position, SameAddressGroup } from '@contract/dinner-routes';

// What the cockpit's map shows, as pure functions of the routes and the sidebar's settings.

export interface LatLng {
  lat: number;
  lng: number;
}

/** How far apart teams at the same address are drawn, in degrees (north and east), one step per team. */
export const SAME_ADDRESS_OFFSET = 0.0002;

export const ALL_MEALS = 'ALL';

/** One option of the meal filter: the ways from the hosts of a meal to those of the next (or to the after-party). */
export interface MealFilterOption {
  id: string;
  fromMeal: number;
  /** null: from the last meal to the after-party. */
  toMeal: number | null;
}

export interface CockpitSettings {
  /** ALL_MEALS or a MealFilterOption's id. */
  mealFilter: string;
  excludeAfterParty: boolean;
  showPaths: boolean;
  showClusters: boolean;
}

export const INITIAL_SETTINGS: CockpitSettings = {
  mealFilter: ALL_MEALS,
  excludeAfterParty: false,
  showPaths: true,
  showClusters: false,
};

const legId = (fromMeal: number) => `leg-${fromMeal}`;

export const isLocated = (p: Position | null | undefined): p is LatLng => !!p && p.lat !== null && p.lng !== null;

/** Whether the after-party is on the map: it has a position and is not excluded. */
export const afterPartyShown = (party: AfterPartyPlace | null, settings: Pick<CockpitSettings, 'excludeAfterParty'>) =>
  isLocated(party) && !settings.excludeAfterParty;

/** Meal 1 → 2, 2 → 3 …, and the last meal → the after-party while it is on the map. */
export function mealFilterOptions(mealCount: number, withAfterParty: boolean): MealFilterOption[] {
  const options: MealFilterOption[] = [];
  for (let i = 0; i + 1 < mealCount; i++) options.push({ id: legId(i), fromMeal: i, toMeal: i + 1 });
  if (withAfterParty && mealCount > 0)
    options.push({ id: legId(mealCount - 1), fromMeal: mealCount - 1, toMeal: null });
  return options;
}

/**
 * Excludes or includes the after-party: the filter's options are built anew, and a filter on the way from the
 * last meal to the after-party, which no longer exists, falls back to all meals.
 */
export function withAfterPartyExcluded(
  settings: CockpitSettings,
  exclude: boolean,
  mealCount: number,
  party: AfterPartyPlace | null,
): CockpitSettings {
  const next = { ...settings, excludeAfterParty: exclude };
  const options = mealFilterOptions(mealCount, afterPartyShown(party, next));
  return options.some((o) => o.id === next.mealFilter) ? next : { ...next, mealFilter: ALL_MEALS };
}

const activeTeams = (teams: readonly DinnerRouteTeam[]) => teams.filter((t) => t.status !== 'CANCELLED');

/**
 * The groups of teams that meet (at a table, directly or through others), numbered from 0 in the order of their
 * lowest team number: the cluster colours.
 */
export function teamClusters(teams: readonly DinnerRouteTeam[]): Map<string, number> {
  const active = activeTeams(teams);
  const parent = new Map(active.map((t) => [t.id, t.id]));
  const root = (id: string): string => {
    let current = id;
    while (parent.get(current) !== current) current = parent.get(current)!;
    return current;
  };
  for (const team of active) {
    for (const stop of team.stops) if (parent.has(stop.teamId)) parent.set(root(stop.teamId), root(team.id));
  }
  const numbers = new Map<string, number>();
  const clusters = new Map<string, number>();
  for (const team of [...active].sort((a, b) => a.teamNumber - b.teamNumber)) {
    const r = root(team.id);
    if (!numbers.has(r)) numbers.set(r, numbers.size);
    clusters.set(team.id, numbers.get(r)!);
  }
  return clusters;
}

/** Where each located team is drawn: the teams of a same-address group step 0.0002° apart, in team-number order. */
export function drawnPositions(
  teams: readonly DinnerRouteTeam[],
  groups: readonly SameAddressGroup[],
): Map<string, LatLng> {
  const step = new Map<string, number>();
  for (const group of groups) for (const [i, id] of group.teamIds.entries()) step.set(id, i);
  const positions = new Map<string, LatLng>();
  for (const team of teams) {
    if (!isLocated(team.host)) continue;
    const offset = (step.get(team.id) ?? 0) * SAME_ADDRESS_OFFSET;
    positions.set(team.id, { lat: team.host.lat + offset, lng: team.host.lng + offset });
  }
  return positions;
}

/** Whether the filter shows the hosts of meal `index`. */
export function mealShown(filter: string, index: number, mealCount: number): boolean {
  if (filter === ALL_MEALS) return true;
  const option = mealFilterOptions(mealCount, true).find((o) => o.id === filter);
  return !option || option.fromMeal === index || option.toMeal === index;
}

export interface Segment {
  key: string;
  teamId: string;
  /** The meal the way starts from. */
  fromMeal: number;
  points: [[number, number], [number, number]];
}

/**
 * The team connection paths: every team's ways from stop to stop (and from its last stop to the after-party while
 * it is on the map), as the filter allows, between drawn positions; a way with an end not located is left out.
 */
export function connectionSegments(
  teams: readonly DinnerRouteTeam[],
  positions: ReadonlyMap<string, LatLng>,
  mealIds: readonly string[],
  party: AfterPartyPlace | null,
  settings: CockpitSettings,
): Segment[] {
  const partyAt = afterPartyShown(party, settings) ? (party as LatLng) : null;
  const segments: Segment[] = [];
  for (const team of activeTeams(teams)) {
    const ends = team.stops.map((stop) => ({ at: positions.get(stop.teamId), meal: mealIds.indexOf(stop.meal.id) }));
    ends.forEach((from, i) => {
      const to =
        i + 1 < ends.length ? ends[i + 1].at : from.meal === mealIds.length - 1 ? (partyAt ?? undefined) : undefined;
      if (!from.at || !to) return;
      if (settings.mealFilter !== ALL_MEALS && settings.mealFilter !== legId(from.meal)) return;
      segments.push({
        key: `${team.id}:${i}`,
        teamId: team.id,
        fromMeal: from.meal,
        points: [
          [from.at.lat, from.at.lng],
          [to.lat, to.lng],
        ],
      });
    });
  }
  return segments;
}

/** The teams that are not cancelled but whose host has no position. */
export const unlocatedTeams = (teams: readonly DinnerRouteTeam[]) =>
  activeTeams(teams).filter((t) => !isLocated(t.host));

/** A marker's label: the team number, at most 3 characters ("…" beyond 999). */
export const teamLabel = (teamNumber: number) => (teamNumber < 1000 ? String(teamNumber) : '…');

/** Distances as people read them: metres below 1 km, else kilometres with one decimal. */
export function formatDistance(meters: number, locale: string): string {
  if (meters < 1000) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(meters)} m`;
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(meters / 1000)} km`;
}
