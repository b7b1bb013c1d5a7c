import type { Meal } from '@contract/dinner';
import type { Participant } from '@contract/participants';
import type { Team, TeamsResponse } from '@contract/teams';

/** The meal's place in the evening (0 = appetizer); -1 for a meal the event no longer has. */
export const mealIndexOf = (meals: readonly Meal[], meal: Meal) => meals.findIndex((m) => m.id === meal.id);

export const byTeamNumber = (a: Team, b: Team) => a.teamNumber - b.teamNumber;

/** The teams of each meal, in the order of the evening and by team number. */
export function teamsByMeal(meals: readonly Meal[], teams: readonly Team[]): { meal: Meal; teams: Team[] }[] {
  return meals.map((meal) => ({ meal, teams: teams.filter((t) => t.meal.id === meal.id).sort(byTeamNumber) }));
}

export const isCancelled = (team: Team) => team.status === 'CANCELLED';

/** The team a participant belongs to, by the member lists of the teams. */
export const teamOf = (teams: readonly Team[], participantId: string) =>
  teams.find((t) => t.teamMembers.some((m) => m.id === participantId));

/**
 * The teams as they look after swapping two members of different teams: each takes the other's place,
 * and a moving host stays host in the receiving team (as the server does).
 */
export function swappedMembers(response: TeamsResponse, participantIdA: string, participantIdB: string): TeamsResponse {
  const teamA = teamOf(response.teams, participantIdA);
  const teamB = teamOf(response.teams, participantIdB);
  if (!teamA || !teamB || teamA.id === teamB.id) return response;
  const a = teamA.teamMembers.find((m) => m.id === participantIdA)!;
  const b = teamB.teamMembers.find((m) => m.id === participantIdB)!;
  const replace = (team: Team, out: Participant, incoming: Participant): Team => ({
    ...team,
    teamMembers: team.teamMembers.map((m) => (m.id === out.id ? { ...incoming, teamId: team.id } : m)),
    hostTeamMember: team.hostTeamMember?.id === out.id ? { ...incoming, teamId: team.id } : team.hostTeamMember,
  });
  return {
    ...response,
    teams: response.teams.map((t) => (t.id === teamA.id ? replace(t, a, b) : t.id === teamB.id ? replace(t, b, a) : t)),
  };
}

/** How a choice of replacement participants falls short of exactly `teamSize`. */
export function replacementShortfall(chosen: number, teamSize: number): { missing: number; surplus: number } {
  return { missing: Math.max(0, teamSize - chosen), surplus: Math.max(0, chosen - teamSize) };
}
