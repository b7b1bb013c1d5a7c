import { createHash } from 'node:crypto';
import {
  MIN_LOCATED_SHARE,
  type OptimizationPrediction,
  type OptimizationRequest,
} from '../../../contract/route-optimization.js';
import type { LatLng } from '../../../domain/routes/distance.js';
import { type RoutesInput, stopsOfVisits, visitsOfRoutes } from '../../../domain/routes/routes.js';
import type { PlannedTeam, TeamPlan } from '../../../domain/teams/plan.types.js';
import type { StoredPlan } from '../teams/team-plan.js';
import type { StoredResult } from './route-optimization.state.js';

// The arithmetic of a run on a stored plan: what must not change while it searches, the optimiser's input, how much
// it may gain, and the plan the proposal makes. Pure: no database, no clock.

/** What must not change between a run's start and its applying: the teams, their members, meals, hosts and routes. */
export function fingerprintOf(stored: StoredPlan): string {
  const teams = stored.plan.teams.map((t, i) => [
    stored.teamIds[i],
    t.teamNumber,
    t.meal,
    t.hostId,
    t.status,
    [...t.memberIds].sort(),
  ]);
  const visits = stored.visits.map((v) => `${v.meal}:${v.hostTeamNumber}:${v.guestTeamNumber}`).sort();
  return createHash('sha256')
    .update(JSON.stringify([teams, visits]))
    .digest('hex');
}

export const positionOf = (stored: StoredPlan, team: PlannedTeam): LatLng | null =>
  team.hostId === null ? null : (stored.positions.get(team.hostId) ?? null);

/** The stored plan as the optimiser's input: team ids are the team rows' ids, stops today's routes. */
export function routesInputOf(stored: StoredPlan, request: Required<OptimizationRequest>): RoutesInput {
  const { meals } = stored.options;
  const idOf = new Map(stored.plan.teams.map((t, i) => [t.teamNumber, stored.teamIds[i]]));
  const stops = stopsOfVisits(stored.plan.teams, stored.visits, meals, (n) => idOf.get(n)!);
  return {
    meals,
    teams: stored.plan.teams.map((team, i) => ({
      id: stored.teamIds[i],
      meal: team.meal,
      position: positionOf(stored, team),
      stops: stops.get(team.teamNumber)!,
    })),
    fixedMeals: !request.ignoreMealAssignments,
    minimumDistanceInMeters: request.minimumDistanceInMeters,
  };
}

export function locatedCount(stored: StoredPlan): { located: number; teams: number } {
  const active = stored.plan.teams.filter((t) => t.status !== 'CANCELLED');
  return { located: active.filter((t) => positionOf(stored, t) !== null).length, teams: active.length };
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
export function optimisedPlan(
  stored: StoredPlan,
  result: StoredResult,
): { plan: TeamPlan; visits: ReturnType<typeof visitsOfRoutes> } {
  const mealOf = new Map(result.teams.map((route) => [route.id, route.meal]));
  const teams = stored.plan.teams.map((team, i) => ({ ...team, meal: mealOf.get(stored.teamIds[i])! }));
  const before = stored.plan.teams;
  for (let meal = 0; meal < stored.options.meals; meal++) {
    const holders = teams
      .map((team, i) => ({ team, newcomer: before[i].meal === meal ? 0 : 1, position: before[i].position }))
      .filter(({ team }) => team.meal === meal)
      .sort((a, b) => a.newcomer - b.newcomer || a.position - b.position);
    holders.forEach(({ team }, position) => {
      team.position = position;
    });
  }
  const numberOf = new Map(stored.teamIds.map((teamId, i) => [teamId, teams[i].teamNumber]));
  return { plan: { ...stored.plan, teams }, visits: visitsOfRoutes(result.teams, (teamId) => numberOf.get(teamId)!) };
}
