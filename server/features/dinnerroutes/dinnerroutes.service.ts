import {
  type AfterPartyPlace,
  type DinnerRouteResponse,
  type DinnerRoutesResponse,
  type DinnerRouteTeam,
  MAX_NEARBY_PAIRS,
  type NearbyHostsResponse,
  type Position,
  type RouteDistancesResponse,
} from '../../../contract/dinner-routes.js';
import type { MealRow, ParticipantRow, RunningDinnerRow, TeamRow } from '../../../db/schema.js';
import { isLocated } from '../../../domain/routes/distance.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { afterPartyOf, findAfterParty } from '../dinner/after-party.js';
import { listMeals } from '../dinner/dinner.queries.js';
import { fullNameOf } from '../participants/participant-row.js';
import { listParticipantRows } from '../participants/participants.queries.js';
import { stopsOf, toMeal, type Visit } from '../teams/dinner-route-stops.js';
import { listTeamRows, listVisitRows } from '../teams/teams.queries.js';
import { nearbyHostPairs, routeDistances, sameAddressGroups } from './route-measures.js';

// The route cockpit reads the stored plan: the teams, their visits and their hosts' positions. It changes nothing.

/** A stored position as the wire shows it: both numbers, or both null. */
const position = (p: { lat: number | null; lng: number | null } | undefined): Position =>
  isLocated(p) ? { lat: p.lat, lng: p.lng } : { lat: null, lng: null };

interface StoredRoutes {
  meals: MealRow[];
  teams: TeamRow[];
  visits: Visit[];
  members: ParticipantRow[];
}

async function loadRoutes(deps: Deps, dinner: RunningDinnerRow): Promise<StoredRoutes> {
  const [meals, teams, visits, participants] = await Promise.all([
    listMeals(deps.db, dinner.id),
    listTeamRows(deps.db, dinner.id),
    listVisitRows(deps.db, dinner.id),
    listParticipantRows(deps.db, dinner.id),
  ]);
  return { meals, teams, visits, members: participants.filter((p) => p.team_id !== null) };
}

function routeTeam(stored: StoredRoutes, team: TeamRow): DinnerRouteTeam {
  const { meals, teams, visits, members } = stored;
  const own = members.filter((m) => m.team_id === team.id);
  // The host's place, else the first member's: the rule of the participant's route page (stopsOf).
  const host = own.find((m) => m.id === team.host_participant_id) ?? own[0];
  const idOf = new Map(teams.map((t) => [t.team_number, t.id]));
  return {
    id: team.id,
    teamNumber: team.team_number,
    status: team.status,
    meal: toMeal(meals.find((m) => m.id === team.meal_id)!),
    memberNames: own.map(fullNameOf),
    host: {
      participantId: host?.id ?? null,
      name: host ? fullNameOf(host) : '',
      street: host?.street ?? '',
      streetNr: host?.street_nr ?? '',
      zip: host?.zip ?? '',
      cityName: host?.city_name ?? '',
      ...position(host),
    },
    stops: stopsOf(team, visits, teams, members, meals).map((stop) => ({
      meal: stop.meal,
      teamId: idOf.get(stop.hostTeam.teamNumber) ?? '',
      teamNumber: stop.hostTeam.teamNumber,
      isOwnTeam: stop.isOwnTeam,
      hostNames: stop.hostTeam.hostNames,
      street: stop.hostTeam.street,
      streetNr: stop.hostTeam.streetNr,
      zip: stop.hostTeam.zip,
      cityName: stop.hostTeam.cityName,
      status: stop.hostTeam.status,
      ...position(stop.hostTeam),
    })),
  };
}

async function afterPartyPlace(deps: Deps, dinner: RunningDinnerRow): Promise<AfterPartyPlace | null> {
  const party = afterPartyOf(await findAfterParty(deps.db, dinner.id));
  if (!party) return null;
  const { geocodingResult, addressRemarks: _remarks, ...address } = party;
  return { ...address, ...position(geocodingResult ?? undefined) };
}

const routeTeams = (stored: StoredRoutes) => stored.teams.map((team) => routeTeam(stored, team));

/** Every team's route with positions, the hosts at the same address, and the after-party. */
export async function dinnerRoutes(deps: Deps, dinner: RunningDinnerRow): Promise<DinnerRoutesResponse> {
  const stored = await loadRoutes(deps, dinner);
  const teams = routeTeams(stored);
  return {
    meals: stored.meals.map(toMeal),
    teams,
    sameAddressGroups: sameAddressGroups(teams),
    afterPartyLocation: await afterPartyPlace(deps, dinner),
    tileUrl: deps.config.tileUrl,
  };
}

/** One team's route; another event's team (or no team) is the same 404. */
export async function dinnerRoute(deps: Deps, dinner: RunningDinnerRow, teamId: string): Promise<DinnerRouteResponse> {
  const stored = await loadRoutes(deps, dinner);
  const team = stored.teams.find((t) => t.id === teamId);
  if (!team) throw notFound();
  return {
    meals: stored.meals.map(toMeal),
    team: routeTeam(stored, team),
    afterPartyLocation: await afterPartyPlace(deps, dinner),
    tileUrl: deps.config.tileUrl,
  };
}

/** Per leg (the way to the after-party too), per route, sum and averages of the routes of the teams that are not cancelled. */
export async function distances(deps: Deps, dinner: RunningDinnerRow): Promise<RouteDistancesResponse> {
  const [stored, party] = await Promise.all([loadRoutes(deps, dinner), afterPartyPlace(deps, dinner)]);
  const lastMeal = stored.meals.at(-1);
  const end = party && lastMeal ? { lastMealId: lastMeal.id, at: party } : null;
  return routeDistances(routeTeams(stored), end);
}

/** The hosts closer than `rangeInMeters` to each other (0: at the same address). */
export async function nearbyHosts(
  deps: Deps,
  dinner: RunningDinnerRow,
  rangeInMeters: number,
): Promise<NearbyHostsResponse> {
  const pairs = nearbyHostPairs(routeTeams(await loadRoutes(deps, dinner)), rangeInMeters);
  return { rangeInMeters, pairs: pairs.slice(0, MAX_NEARBY_PAIRS), pairCount: pairs.length };
}
