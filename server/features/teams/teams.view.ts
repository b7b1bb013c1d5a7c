import type { MeetingPlan, SentMails, Team, TeamsResponse } from '../../../contract/teams.js';
import { teamsMatchingGenderAspects } from '../../../domain/teams/pairing.js';
import type { PlannedTeam, TeamPlan, Visit } from '../../../domain/teams/plan.types.js';
import type { StoredPlan } from './team-plan.js';

// How a stored plan goes over the wire.

/** A team of the plan as the wire shows it; `id` is its row id (a dry run may show a team as it would become). */
export function toTeam(stored: StoredPlan, team: PlannedTeam, id: string): Team {
  const member = (participantId: string) => ({ ...stored.people.get(participantId)!, teamId: id });
  const meal = stored.meals[team.meal];
  return {
    id,
    teamNumber: team.teamNumber,
    teamMembers: team.memberIds.map(member).sort((a, b) => a.participantNumber - b.participantNumber),
    hostTeamMember: team.hostId === null ? null : member(team.hostId),
    meal: { id: meal.id, label: meal.label, time: meal.time },
    status: team.status,
  };
}

/** The teams of `plan` with the given numbers, in team-number order; the ids are those of the stored rows. */
export function teamsNumbered(
  stored: StoredPlan,
  plan: TeamPlan,
  teamIds: readonly string[],
  numbers: Iterable<number>,
): Team[] {
  const wanted = new Set(numbers);
  return plan.teams
    .map((team, i) => ({ team, id: teamIds[i] }))
    .filter(({ team }) => wanted.has(team.teamNumber))
    .sort((a, b) => a.team.teamNumber - b.team.teamNumber)
    .map(({ team, id }) => toTeam(stored, team, id));
}

export function teamsResponse(stored: StoredPlan, sentMails: SentMails, filterCancelledTeams = false): TeamsResponse {
  const active = stored.plan.teams.filter((t) => t.status !== 'CANCELLED');
  const shown = filterCancelledTeams ? active : stored.plan.teams;
  return {
    teams: teamsNumbered(
      stored,
      stored.plan,
      stored.teamIds,
      shown.map((t) => t.teamNumber),
    ),
    seed: stored.plan.teams.length > 0 ? stored.plan.seed : null,
    teamsMatchingGenderAspects: teamsMatchingGenderAspects(active, stored.participants, stored.options.genderAspects),
    sentMails,
  };
}

/** The teams that share a table with the team: its guests, its hosts and their other guests. */
function tableMatesOf(visits: readonly Visit[], teamNumber: number): Set<number> {
  const hostsVisited = visits.filter((v) => v.guestTeamNumber === teamNumber).map((v) => v.hostTeamNumber);
  const tables = new Set([teamNumber, ...hostsVisited]);
  const mates = new Set<number>();
  for (const v of visits) {
    if (tables.has(v.hostTeamNumber)) mates.add(v.hostTeamNumber).add(v.guestTeamNumber);
  }
  mates.delete(teamNumber);
  return mates;
}

/**
 * The teams whose evening a change touches: those whose own record changed, everyone at their tables, and
 * every team whose tables differ between the two sets of visits.
 */
export function affectedTeamNumbers(
  changed: readonly number[],
  visitsBefore: readonly Visit[],
  visitsAfter: readonly Visit[],
): Set<number> {
  const affected = new Set(changed);
  for (const number of changed) for (const mate of tableMatesOf(visitsAfter, number)) affected.add(mate);
  const tableKey = (v: Visit) => `${v.meal}:${v.hostTeamNumber}:${v.guestTeamNumber}`;
  const keysBefore = new Set(visitsBefore.map(tableKey));
  const keysAfter = new Set(visitsAfter.map(tableKey));
  const moved = [
    ...visitsAfter.filter((v) => !keysBefore.has(tableKey(v))),
    ...visitsBefore.filter((v) => !keysAfter.has(tableKey(v))),
  ];
  for (const v of moved) affected.add(v.hostTeamNumber).add(v.guestTeamNumber);
  return affected;
}

/** Everyone one team meets, from the stored dinner routes, in the order of the meals. */
export function meetingPlanOf(stored: StoredPlan, teamNumber: number): MeetingPlan {
  const index = new Map(stored.plan.teams.map((t, i) => [t.teamNumber, i]));
  const wire = (number: number) =>
    toTeam(stored, stored.plan.teams[index.get(number)!], stored.teamIds[index.get(number)!]);
  const byMeal = (a: Visit, b: Visit) => a.meal - b.meal;
  const ownVisits = stored.visits.filter((v) => v.guestTeamNumber === teamNumber).sort(byMeal);
  return {
    team: wire(teamNumber),
    guestTeams: stored.visits.filter((v) => v.hostTeamNumber === teamNumber).map((v) => wire(v.guestTeamNumber)),
    hostTeams: ownVisits.map((visit) => ({
      ...wire(visit.hostTeamNumber),
      meetedTeams: stored.visits
        .filter(
          (v) => v.meal === visit.meal && v.hostTeamNumber === visit.hostTeamNumber && v.guestTeamNumber !== teamNumber,
        )
        .map((v) => wire(v.guestTeamNumber)),
    })),
  };
}
