import { type DesignPlace, meetOnceVisits } from './design.js';
import type { Visit } from './plan.types.js';

// The stored routes may differ from the design the places describe (an optimisation swaps guests), so an
// operation must not rebuild them from the places. Every operation but growing the plan hands each place
// (meal, position) to some team: the visits follow the place, so whoever now holds a place eats where its
// holder before ate and receives whom its holder received. A permutation of roles keeps meet-once.

const placeKey = (team: DesignPlace) => `${team.meal}:${team.position}`;

/**
 * The visits of `next`, carried over from `visits` of `before`: place by place when both hold the same places,
 * else (new teams joined) the meet-once design of `next`'s places.
 */
export function carryVisits(
  before: readonly DesignPlace[],
  visits: readonly Visit[],
  next: readonly DesignPlace[],
  meals: number,
): Visit[] {
  const holderAfter = new Map(next.map((team) => [placeKey(team), team.teamNumber]));
  const samePlaces =
    before.length === next.length &&
    holderAfter.size === next.length &&
    before.every((team) => holderAfter.has(placeKey(team)));
  if (!samePlaces || visits.length === 0) return meetOnceVisits(next, meals);
  const successor = new Map(before.map((team) => [team.teamNumber, holderAfter.get(placeKey(team))!]));
  return visits.map((visit) => ({
    meal: visit.meal,
    hostTeamNumber: successor.get(visit.hostTeamNumber)!,
    guestTeamNumber: successor.get(visit.guestTeamNumber)!,
  }));
}
