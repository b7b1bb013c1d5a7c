import type {
  DinnerRouteTeam,
  HostPlace,
  NearbyHostPair,
  Position,
  RouteDistance,
  RouteDistancesResponse,
  RouteLeg,
  SameAddressGroup,
} from '../../../contract/dinner-routes.js';
import { distanceMeters, isLocated } from '../../../domain/routes/distance.js';

// The cockpit's measures of stored routes: pure functions of the wire teams, so a test can check them by hand.

/** Hosts closer than this are at the same place. */
const SAME_PLACE_METERS = 1;

const normalised = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** The address as a key (street, number, zip); null when the street is missing. */
function addressKey(host: HostPlace): string | null {
  if (normalised(host.street) === '') return null;
  return [host.street, host.streetNr, host.zip].map(normalised).join('|');
}

/** The distance in metres, or null when either position is not located. */
const distanceBetween = (a: Position, b: Position): number | null =>
  isLocated(a) && isLocated(b) ? distanceMeters(a, b) : null;

function atSameAddress(a: HostPlace, b: HostPlace): boolean {
  const key = addressKey(a);
  if (key !== null && key === addressKey(b)) return true;
  const distance = distanceBetween(a, b);
  return distance !== null && distance < SAME_PLACE_METERS;
}

const legFrom = (stop: DinnerRouteTeam['stops'][number]) => ({
  fromTeamId: stop.teamId,
  fromTeamNumber: stop.teamNumber,
  fromMealId: stop.meal.id,
  longest: false,
});

const isActive = (team: DinnerRouteTeam) => team.status !== 'CANCELLED';

/** Groups (connected by "same address") of the hosts that are not cancelled; only groups of two or more. */
export function sameAddressGroups(teams: readonly DinnerRouteTeam[]): SameAddressGroup[] {
  const active = teams.filter(isActive);
  const parent = active.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i];
    return i;
  };
  for (let i = 0; i < active.length; i++) {
    for (let j = i + 1; j < active.length; j++) {
      if (atSameAddress(active[i].host, active[j].host)) parent[root(j)] = root(i);
    }
  }
  const groups = new Map<number, DinnerRouteTeam[]>();
  for (const [i, team] of active.entries()) groups.set(root(i), [...(groups.get(root(i)) ?? []), team]);
  return [...groups.values()]
    .filter((group) => group.length > 1)
    .map((group) => group.sort((a, b) => a.teamNumber - b.teamNumber))
    .sort((a, b) => a[0].teamNumber - b[0].teamNumber)
    .map((group) => ({ teamIds: group.map((t) => t.id), teamNumbers: group.map((t) => t.teamNumber) }));
}

/** Where the last leg of a route leads: the after-party, from the stop at the last meal. */
export interface AfterPartyEnd {
  lastMealId: string;
  at: Position;
}

/** A team's legs from each stop to the next and on to the after-party, with the longest known one flagged. */
function routeDistance(team: DinnerRouteTeam, party: AfterPartyEnd | null): RouteDistance {
  const legs: RouteLeg[] = team.stops.slice(1).map((to, i) => {
    const from = team.stops[i];
    return {
      ...legFrom(from),
      toAfterParty: false,
      toTeamId: to.teamId,
      toTeamNumber: to.teamNumber,
      toMealId: to.meal.id,
      distanceMeters: distanceBetween(from, to),
    };
  });
  const last = team.stops.at(-1);
  if (party && last?.meal.id === party.lastMealId)
    legs.push({ ...legFrom(last), toAfterParty: true, distanceMeters: distanceBetween(last, party.at) });
  const known = legs.filter((leg) => leg.distanceMeters !== null);
  const longest = known.reduce<RouteLeg | undefined>(
    (best, leg) => (best === undefined || leg.distanceMeters! > best.distanceMeters! ? leg : best),
    undefined,
  );
  if (longest) longest.longest = true;
  return {
    teamId: team.id,
    teamNumber: team.teamNumber,
    legs,
    totalMeters: known.reduce((sum, leg) => sum + leg.distanceMeters!, 0),
    unknownLegs: legs.length - known.length,
    longestLegMeters: longest?.distanceMeters ?? null,
  };
}

const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((sum, x) => sum + x, 0) / values.length);

/** Every route of the teams that are not cancelled, with the sums and averages over them. */
export function routeDistances(teams: readonly DinnerRouteTeam[], party: AfterPartyEnd | null): RouteDistancesResponse {
  const routes = teams.filter(isActive).map((team) => routeDistance(team, party));
  const legs = routes.flatMap((r) => r.legs);
  const knownLegs = legs.flatMap((leg) => (leg.distanceMeters === null ? [] : [leg.distanceMeters]));
  const complete = routes.filter((r) => r.unknownLegs === 0);
  return {
    routes,
    totalMeters: knownLegs.reduce((sum, x) => sum + x, 0),
    averageRouteMeters: mean(complete.map((r) => r.totalMeters)),
    completeRoutes: complete.length,
    averageLegMeters: mean(knownLegs),
    longestLegMeters: knownLegs.length === 0 ? null : Math.max(...knownLegs),
    legs: legs.length,
    unknownLegs: legs.length - knownLegs.length,
  };
}

/**
 * Pairs of hosts (teams not cancelled) at the same address or, both located, closer than `rangeInMeters`:
 * the same address first, then nearest first, then by team number.
 */
export function nearbyHostPairs(teams: readonly DinnerRouteTeam[], rangeInMeters: number): NearbyHostPair[] {
  const active = teams.filter(isActive);
  const pairs: NearbyHostPair[] = [];
  const end = (t: DinnerRouteTeam) => ({
    teamId: t.id,
    teamNumber: t.teamNumber,
    mealId: t.meal.id,
    lat: t.host.lat,
    lng: t.host.lng,
  });
  for (let i = 0; i < active.length; i++) {
    for (let j = i + 1; j < active.length; j++) {
      const [a, b] = [active[i], active[j]];
      const distance = distanceBetween(a.host, b.host);
      const sameAddress = atSameAddress(a.host, b.host);
      if (sameAddress || (distance !== null && distance < rangeInMeters))
        pairs.push({ hosts: [end(a), end(b)], distanceMeters: distance, sameAddress });
    }
  }
  const order = (p: NearbyHostPair) => [
    p.sameAddress ? 0 : 1,
    p.distanceMeters ?? 0,
    p.hosts[0].teamNumber,
    p.hosts[1].teamNumber,
  ];
  return pairs.sort((p, q) => {
    const [x, y] = [order(p), order(q)];
    return x.map((value, k) => value - y[k]).find((d) => d !== 0) ?? 0;
  });
}
