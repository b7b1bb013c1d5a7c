import * as v from 'valibot';
import { msgId } from '../domain/validation-messages.js';
import type { Meal } from './dinner.js';
import type { TeamStatus } from './teams.js';

// Isomorphic: the wire types of the route cockpit (/rest/dinnerrouteservice/v1/runningdinner/:adminId), read by
// the server and the client. Distances are straight-line (haversine) metres from domain/routes/distance.ts.

/** A position in degrees; both null when the address is not located (never -1 on the wire). */
export interface Position {
  lat: number | null;
  lng: number | null;
}

/** Where a team cooks: its host's address and position (a team's position is its host's). */
export interface HostPlace extends Position {
  /** The member at whose place the team cooks; null only for a team without members. */
  participantId: string | null;
  name: string;
  street: string;
  streetNr: string;
  zip: string;
  cityName: string;
}

/** One stop of a team's evening: the team it eats at for a meal. */
interface RouteStop extends Position {
  meal: Meal;
  teamId: string;
  teamNumber: number;
  /** True at the team's own home. */
  isOwnTeam: boolean;
  /** The members of the host team, comma separated. */
  hostNames: string;
  street: string;
  streetNr: string;
  zip: string;
  cityName: string;
  status: TeamStatus;
}

export interface DinnerRouteTeam {
  id: string;
  teamNumber: number;
  status: TeamStatus;
  /** The meal the team cooks. */
  meal: Meal;
  memberNames: string[];
  host: HostPlace;
  /** The team's evening in meal order (a cancelled team's is whatever the stored visits still hold). */
  stops: RouteStop[];
}

/**
 * Hosts of teams that cook at the same address: the same street, number and zip (ignoring case and spaces), or
 * positions less than a metre apart. Cancelled teams are left out.
 */
export interface SameAddressGroup {
  teamIds: string[];
  teamNumbers: number[];
}

export interface AfterPartyPlace extends Position {
  title: string;
  time: string;
  addressName: string;
  street: string;
  streetNr: string;
  zip: string;
  cityName: string;
}

/** GET …/teams */
export interface DinnerRoutesResponse {
  meals: Meal[];
  /** Every team in team-number order, cancelled ones too. */
  teams: DinnerRouteTeam[];
  sameAddressGroups: SameAddressGroup[];
  afterPartyLocation: AfterPartyPlace | null;
  /** Leaflet URL template of the map tiles (TILE_URL). */
  tileUrl: string;
}

/** GET …/teams/:teamId */
export interface DinnerRouteResponse {
  meals: Meal[];
  team: DinnerRouteTeam;
  afterPartyLocation: AfterPartyPlace | null;
  tileUrl: string;
}

interface LegFrom {
  fromTeamId: string;
  fromTeamNumber: number;
  fromMealId: string;
  /** Null when either end is not located: unknown, not 0. */
  distanceMeters: number | null;
  /** The route's longest known leg (the first of equal ones); none when no leg is known. */
  longest: boolean;
}

/** The way from one stop of a route to the next. */
interface TeamLeg extends LegFrom {
  toAfterParty: false;
  toTeamId: string;
  toTeamNumber: number;
  toMealId: string;
}

/** The way from the last meal's stop to the after-party (the route's last leg, when there is an after-party). */
interface AfterPartyLeg extends LegFrom {
  toAfterParty: true;
}

export type RouteLeg = TeamLeg | AfterPartyLeg;

export interface RouteDistance {
  teamId: string;
  teamNumber: number;
  legs: RouteLeg[];
  /** The sum of the known legs. */
  totalMeters: number;
  unknownLegs: number;
  longestLegMeters: number | null;
}

/** GET …/distances/teams: the routes of the teams that are not cancelled, each with its way to the after-party. */
export interface RouteDistancesResponse {
  routes: RouteDistance[];
  /** The sum of every known leg of every route. */
  totalMeters: number;
  /** The mean length of the routes whose legs are all known; null when there is none. */
  averageRouteMeters: number | null;
  /** How many routes have every leg known (the averageRouteMeters are theirs). */
  completeRoutes: number;
  /** The mean of the known legs. */
  averageLegMeters: number | null;
  longestLegMeters: number | null;
  legs: number;
  unknownLegs: number;
}

/** A host as one end of a pair of nearby hosts. */
interface NearbyHost extends Position {
  teamId: string;
  teamNumber: number;
  mealId: string;
}

export interface NearbyHostPair {
  hosts: [NearbyHost, NearbyHost];
  /** Null for hosts at the same address whose position is not known. */
  distanceMeters: number | null;
  sameAddress: boolean;
}

/** GET …/distances/:rangeInMeters/teams */
export interface NearbyHostsResponse {
  rangeInMeters: number;
  /** Hosts at the same address, then the others closer than the range, nearest first; at most MAX_NEARBY_PAIRS. */
  pairs: NearbyHostPair[];
  /** All the pairs there are, also beyond MAX_NEARBY_PAIRS. */
  pairCount: number;
}

export const MAX_NEARBY_PAIRS = 500;
const MAX_RANGE_METERS = 10_000;

/** The path parameter `rangeInMeters`: a whole number of metres from 0 (the same address) to MAX_RANGE_METERS. */
export const rangeInMetersSchema = v.pipe(
  v.string(msgId('invalidValue')),
  v.regex(/^\d{1,6}$/, msgId('invalidValue')),
  v.transform(Number),
  v.maxValue(MAX_RANGE_METERS, msgId('invalidValue')),
);
