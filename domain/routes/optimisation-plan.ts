import type { PlannedTeam, TeamPlan, Visit } from '../teams/plan.types.js';
import type { LatLng } from './distance.js';
import { type RoutesInput, stopsOfVisits, type TeamRoute, visitsOfRoutes } from './routes.js';

// The arithmetic of a route optimisation on a stored plan: what must not change while it searches, the optimiser's
// input, how much it may gain, and the plan a proposal makes.

/** A plan with its team rows' ids, its dinner routes and its hosts' positions, as stored. */
export interface RoutedPlan {
  options: { meals: number };
  plan: TeamPlan;
  /** The row id of each team, parallel to plan.teams. */
  teamIds: string[];
  visits: Visit[];
  /** Every participant's position (null when not located). */
  positions: Map<string, LatLng | null>;
}

/** How much shorter the routes may become: NONE when fewer than MIN_LOCATED_SHARE of the teams are located. */
export type OptimizationPrediction = 'NONE' | 'LOW' | 'MEDIUM' | 'HIGH';

/** Below this share of located teams the optimisation is refused: it would only move the unknown ones around. */
export const MIN_LOCATED_SHARE = 0.6;

/**
 * What must not change between a run's start and its applying, as one text: the teams, their members, meals, hosts
 * and routes, in an order that does not depend on how they were read.
 */
export function planIdentity(routed: RoutedPlan): string {
  const teams = routed.plan.teams.map((t, i) => [
    routed.teamIds[i],
    t.teamNumber,
    t.meal,
    t.hostId,
    t.status,
    [...t.memberIds].sort(),
  ]);
  const visits = routed.visits.map((v) => `${v.meal}:${v.hostTeamNumber}:${v.guestTeamNumber}`).sort();
  return JSON.stringify([teams, visits]);
}

export const positionOf = (routed: RoutedPlan, team: PlannedTeam): LatLng | null =>
  team.hostId === null ? null : (routed.positions.get(team.hostId) ?? null);

/** The plan as the optimiser's input: team ids are the team rows' ids, stops today's routes. */
export function routesInputOf(
  routed: RoutedPlan,
  request: { ignoreMealAssignments: boolean; minimumDistanceInMeters: number },
): RoutesInput {
  const { meals } = routed.options;
  const idOf = new Map(routed.plan.teams.map((t, i) => [t.teamNumber, routed.teamIds[i]]));
  const stops = stopsOfVisits(routed.plan.teams, routed.visits, meals, (n) => idOf.get(n)!);
  return {
    meals,
    teams: routed.plan.teams.map((team, i) => ({
      id: routed.teamIds[i],
      meal: team.meal,
      position: positionOf(routed, team),
      stops: stops.get(team.teamNumber)!,
    })),
    fixedMeals: !request.ignoreMealAssignments,
    minimumDistanceInMeters: request.minimumDistanceInMeters,
  };
}

export function locatedCount(routed: RoutedPlan): { located: number; teams: number } {
  const active = routed.plan.teams.filter((t) => t.status !== 'CANCELLED');
  return { located: active.filter((t) => positionOf(routed, t) !== null).length, teams: active.length };
}

export const predictionOf = (
  locatedShare: number,
  currentMeters: number,
  boundMeters: number,
): OptimizationPrediction => {
  if (locatedShare < MIN_LOCATED_SHARE) return 'NONE';
  const gain = currentMeters > 0 ? (currentMeters - boundMeters) / currentMeters : 0;
  return gain >= 0.3 ? 'HIGH' : gain >= 0.1 ? 'MEDIUM' : 'LOW';
};

/**
 * The plan with the proposal's meals and routes. The places (meal, position) are renumbered per meal, keeping the
 * order of today's places, so that later team operations carry the routes over place by place.
 */
export function optimisedPlan(routed: RoutedPlan, proposal: readonly TeamRoute[]): { plan: TeamPlan; visits: Visit[] } {
  const mealOf = new Map(proposal.map((route) => [route.id, route.meal]));
  const teams = routed.plan.teams.map((team, i) => ({ ...team, meal: mealOf.get(routed.teamIds[i])! }));
  const before = routed.plan.teams;
  for (let meal = 0; meal < routed.options.meals; meal++) {
    const holders = teams
      .map((team, i) => ({ team, newcomer: before[i].meal === meal ? 0 : 1, position: before[i].position }))
      .filter(({ team }) => team.meal === meal)
      .sort((a, b) => a.newcomer - b.newcomer || a.position - b.position);
    holders.forEach(({ team }, position) => {
      team.position = position;
    });
  }
  const numberOf = new Map(routed.teamIds.map((teamId, i) => [teamId, teams[i].teamNumber]));
  return { plan: { ...routed.plan, teams }, visits: visitsOfRoutes(proposal, (teamId) => numberOf.get(teamId)!) };
}
