import { checkPlan } from '../teams/check.js';
import { designOffsets } from '../teams/design.js';
import type { PlannedTeam, Visit } from '../teams/plan.types.js';
import { distanceMeters, isLocated, type LatLng } from './distance.js';

// The vocabulary of dinner routes as the optimiser sees them: teams with a position and the meal they host, and
// for every team the host it eats at for each meal (its "stops", its own id at its own meal). Plain data in and
// out, so the same shapes travel to a worker thread, through the CLI and into the API.

/** One team as the optimiser gets it. */
export interface RouteTeam {
  id: string;
  /** The host's position; null, missing or not located (see isLocated) = unknown: its legs count 0 and it keeps its meal. */
  position?: LatLng | null;
  /** 0-based index of the meal the team hosts. */
  meal: number;
  /**
   * Today's route: the id of the host it eats at for meal 0, 1, … (its own id at its own meal). Give it for every
   * team or for none; without it the routes today are the meet-once design with the teams placed in input order.
   */
  stops?: readonly string[];
}

export interface RoutesInput {
  /** 2 or 3. */
  meals: number;
  teams: readonly RouteTeam[];
  /** true (default): every team keeps the meal it hosts; false (ignoreMealAssignments): located teams may change it. */
  fixedMeals?: boolean;
  /**
   * Hosts of the same meal should be at least this far apart, where possible (default 0 = off). Only meaningful
   * when meals may change: with fixed meals the hosts of a meal are fixed. A penalty in the search, never a hard rule.
   */
  minimumDistanceInMeters?: number;
  /** true (default): the longest single leg may not grow beyond today's. */
  keepLongestLeg?: boolean;
}

/** One team's route in a result. */
export interface TeamRoute {
  id: string;
  /** The meal it hosts. */
  meal: number;
  /** The ids of the hosts it eats at for meal 0, 1, … (its own id at its own meal). */
  stops: string[];
}

/** A bad input: the message is one line, fit for the CLI's stderr and a 406. */
export class RoutesInputError extends Error {
  override name = 'RoutesInputError';
}

/** The checked, indexed input: team i is input.teams[i]; `routes[i * meals + t]` is the index of its host at meal t. */
export interface RouteProblem {
  meals: number;
  n: number;
  ids: string[];
  positions: (LatLng | null)[];
  meal: Int32Array;
  fixedMeals: boolean;
  minimumDistanceInMeters: number;
  keepLongestLeg: boolean;
  /** Today's routes (given stops, or the design in input order). */
  start: Int32Array;
}

/** Checks the input and indexes it; throws RoutesInputError with one clear line. */
export function routeProblem(input: RoutesInput): RouteProblem {
  const meals = input.meals;
  if (meals !== 2 && meals !== 3) throw new RoutesInputError(`meals must be 2 or 3, not ${meals}`);
  const n = input.teams.length;
  if (n % meals !== 0) throw new RoutesInputError(`${n} teams is not a multiple of ${meals} meals`);
  if (n < meals * meals)
    throw new RoutesInputError(`${n} teams are too few for ${meals} meals: at least ${meals * meals} are needed`);
  const index = new Map<string, number>();
  const meal = new Int32Array(n);
  const counts = new Array<number>(meals).fill(0);
  input.teams.forEach((team, i) => {
    if (typeof team.id !== 'string' || team.id === '') throw new RoutesInputError(`team ${i + 1} has no id`);
    if (index.has(team.id)) throw new RoutesInputError(`team id ${team.id} appears twice`);
    index.set(team.id, i);
    if (!Number.isInteger(team.meal) || team.meal < 0 || team.meal >= meals)
      throw new RoutesInputError(`team ${team.id}: meal ${team.meal} is not one of 0..${meals - 1}`);
    meal[i] = team.meal;
    counts[team.meal]++;
  });
  counts.forEach((count, t) => {
    if (count !== n / meals)
      throw new RoutesInputError(
        `meal ${t} is hosted by ${count} teams, not ${n / meals} (every meal needs as many hosts)`,
      );
  });
  const minimumDistanceInMeters = input.minimumDistanceInMeters ?? 0;
  if (!(Number.isFinite(minimumDistanceInMeters) && minimumDistanceInMeters >= 0))
    throw new RoutesInputError('minimumDistanceInMeters must be a number ≥ 0');
  const withStops = input.teams.filter((t) => t.stops !== undefined).length;
  if (withStops !== 0 && withStops !== n) throw new RoutesInputError('give stops for every team or for none');
  let start: Int32Array;
  if (withStops === n) {
    start = new Int32Array(n * meals);
    input.teams.forEach((team, i) => {
      const stops = team.stops ?? [];
      if (stops.length !== meals) throw new RoutesInputError(`team ${team.id}: ${stops.length} stops, not ${meals}`);
      stops.forEach((id, t) => {
        const host = index.get(id);
        if (host === undefined) throw new RoutesInputError(`team ${team.id}: stop ${id} is no team`);
        start[i * meals + t] = host;
      });
    });
    const violations = routeViolations(meals, meal, start);
    if (violations.length > 0) throw new RoutesInputError(`the given stops are no valid plan: ${violations[0]}`);
  } else {
    start = designRoutes(meals, placeInOrder(meals, meal));
  }
  return {
    meals,
    n,
    ids: input.teams.map((t) => t.id),
    positions: input.teams.map((t) => (isLocated(t.position) ? { lat: t.position.lat, lng: t.position.lng } : null)),
    meal,
    fixedMeals: input.fixedMeals ?? true,
    minimumDistanceInMeters,
    keepLongestLeg: input.keepLongestLeg ?? true,
    start,
  };
}

/** placement[t][x] = the team at place x of class t (the hosts of meal t), in input order. */
function placeInOrder(meals: number, meal: Int32Array): number[][] {
  const placement: number[][] = Array.from({ length: meals }, () => []);
  for (let i = 0; i < meal.length; i++) placement[meal[i]].push(i);
  return placement;
}

/**
 * The routes of the cyclic meet-once design (domain/teams/design.ts) with the given placement: placement[t][x] is
 * the team at place x of class t. routes[i * meals + t] = the host team i eats at for meal t.
 */
export function designRoutes(meals: number, placement: readonly (readonly number[])[]): Int32Array {
  const m = placement[0].length;
  const n = m * meals;
  const offsets = designOffsets(meals);
  const routes = new Int32Array(n * meals);
  const at = (cls: number, x: number) => placement[cls][((x % m) + m) % m];
  for (let t = 0; t < meals; t++) {
    for (let x = 0; x < m; x++) {
      const host = at(t, x + offsets[t][t]);
      for (let cls = 0; cls < meals; cls++) routes[at(cls, x + offsets[t][cls]) * meals + t] = host;
    }
  }
  return routes;
}

/** The straight-line leg between two hosts: 0 when either position is unknown. */
export function legMeters(a: LatLng | null, b: LatLng | null): number {
  return a && b ? distanceMeters(a, b) : 0;
}

/** Total length and longest single leg of routes, computed from scratch (legs meal 0 → 1 → 2 of every team). */
export function routeLengths(
  meals: number,
  positions: readonly (LatLng | null)[],
  routes: Int32Array,
): { totalMeters: number; longestLegMeters: number } {
  let totalMeters = 0;
  let longestLegMeters = 0;
  for (let i = 0; i < positions.length; i++) {
    for (let t = 0; t + 1 < meals; t++) {
      const leg = legMeters(positions[routes[i * meals + t]], positions[routes[i * meals + t + 1]]);
      totalMeters += leg;
      if (leg > longestLegMeters) longestLegMeters = leg;
    }
  }
  return { totalMeters, longestLegMeters };
}

/**
 * Every broken invariant of routes, in words (empty: valid): each team eats at its own place at its own meal and at
 * one host of meal t at meal t, and — through checkPlan of domain/teams — every team hosts once, every host receives
 * meals − 1 guest teams at its meal, every team visits one host at each other meal, no two teams meet twice.
 */
export function routeViolations(meals: number, meal: Int32Array, routes: Int32Array): string[] {
  const n = meal.length;
  const violations: string[] = [];
  if (routes.length !== n * meals) return [`${routes.length} stops for ${n} teams of ${meals} meals`];
  for (let i = 0; i < n; i++) {
    if (routes[i * meals + meal[i]] !== i) violations.push(`team ${i + 1} does not eat at home at the meal it hosts`);
    for (let t = 0; t < meals; t++) {
      const host = routes[i * meals + t];
      if (!(host >= 0 && host < n) || meal[host] !== t)
        violations.push(`team ${i + 1} eats meal ${t} at a team that does not host it`);
    }
  }
  if (violations.length > 0) return violations;
  const plan = { seed: 0, teams: planTeams(meal, meals) };
  return checkPlan(plan, routeVisits(meals, meal, routes), {
    meals,
    teamSize: 2,
    forceEqualDistributedCapacityTeams: false,
    genderAspects: 'IGNORE_GENDER',
  });
}

/** Team i as a PlannedTeam numbered i + 1 (one stand-in member), its place the rank in its class. */
function planTeams(meal: Int32Array, meals: number): PlannedTeam[] {
  const next = new Array<number>(meals).fill(0);
  return Array.from(meal, (t, i) => ({
    teamNumber: i + 1,
    memberIds: [`m${i + 1}`],
    hostId: `m${i + 1}`,
    meal: t,
    position: next[t]++,
    status: 'OK' as const,
  }));
}

/** The guest visits of routes, teams numbered index + 1. */
function routeVisits(meals: number, meal: Int32Array, routes: Int32Array): Visit[] {
  const visits: Visit[] = [];
  for (let i = 0; i < meal.length; i++) {
    for (let t = 0; t < meals; t++)
      if (t !== meal[i]) visits.push({ meal: t, hostTeamNumber: routes[i * meals + t] + 1, guestTeamNumber: i + 1 });
  }
  return visits;
}

/**
 * Routes as the plan's visits (what the server stores): one visit per guest team and meal. `teamNumberOf` maps a
 * route's team id to its team number in the plan.
 */
export function visitsOfRoutes(routes: readonly TeamRoute[], teamNumberOf: (id: string) => number): Visit[] {
  return routes.flatMap((route) =>
    route.stops.flatMap((hostId, meal) =>
      meal === route.meal
        ? []
        : [{ meal, hostTeamNumber: teamNumberOf(hostId), guestTeamNumber: teamNumberOf(route.id) }],
    ),
  );
}

/**
 * Today's stops of every team from the plan's visits (to pass as RouteTeam.stops): the host of each meal, the team
 * itself at the meal it hosts. `idOf` maps a team number to the id the optimiser knows it by.
 */
export function stopsOfVisits(
  teams: readonly { teamNumber: number; meal: number }[],
  visits: readonly Visit[],
  meals: number,
  idOf: (teamNumber: number) => string,
): Map<number, string[]> {
  const stops = new Map(
    teams.map((team) => [team.teamNumber, Array.from({ length: meals }, () => idOf(team.teamNumber))]),
  );
  for (const visit of visits) {
    const route = stops.get(visit.guestTeamNumber);
    if (route) route[visit.meal] = idOf(visit.hostTeamNumber);
  }
  return stops;
}
