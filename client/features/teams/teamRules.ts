import type { Meal } from '@contract/dinner';
import { type Participant, UNKNOWN } from '@contract/participants';
import { type Team, teamRuleParticipants } from '@contract/teams';
import { cancelMember, changeHosts, type OperationResult, swapMembers } from '@domain/teams/operations';
import { partnerIdOf } from '@domain/teams/participants';
import type { PlannedTeam, TeamPlan, TeamRuleCode } from '@domain/teams/plan.types';
import { canHost } from '../participants/format';
import { mealIndexOf } from './teamList';

// The team rules of the server, asked before a change is offered: a choice the server would refuse is shown
// disabled with its reason instead of failing after the click.

const refusalOf = (result: OperationResult): TeamRuleCode | null => (result.ok ? null : result.code);

/** The plan of the page as the rules see it; the design positions play no part in the rules asked here. */
function planOf(teams: readonly Team[], meals: readonly Meal[]): TeamPlan {
  const planned = teams.map(
    (team): PlannedTeam => ({
      teamNumber: team.teamNumber,
      memberIds: team.teamMembers.map((m) => m.id),
      hostId: team.hostTeamMember?.id ?? null,
      meal: mealIndexOf(meals, team.meal),
      position: 0,
      status: team.status,
    }),
  );
  return { seed: 0, teams: planned };
}

/** The rules over the teams and the waiting participants (everyone confirmed the server asks them with). */
export function teamRules(teams: readonly Team[], meals: readonly Meal[], waiting: readonly Participant[]) {
  const people = [...teams.flatMap((team) => team.teamMembers), ...waiting];
  const participants = new Map(teamRuleParticipants(people).map((p) => [p.id, p]));
  const plan = planOf(teams, meals);
  return {
    swapRefusal: (participantIdA: string, participantIdB: string) =>
      refusalOf(swapMembers(plan, participants, participantIdA, participantIdB)),
    hostRefusal: (team: Team, hostId: string) =>
      refusalOf(changeHosts(plan, participants, [{ teamNumber: team.teamNumber, hostId }])),
    cancelMemberRefusal: (team: Team, participantId: string) =>
      refusalOf(cancelMember(plan, participants, team.teamNumber, participantId)),
    /** The member's fixed partner when both cook in `team`: the two stay together. */
    partnerInTeam: (team: Team, participantId: string) => {
      const partnerId = partnerIdOf(participants, participantId);
      return team.teamMembers.find((m) => m.id === partnerId);
    },
  };
}

export type TeamRules = ReturnType<typeof teamRules>;

/** Known seats too few for the table a host sets (unknown seats are the organiser's to ask about). */
export const lacksSeatsToHost = (member: Pick<Participant, 'numSeats'>, seatsNeeded: number) =>
  member.numSeats !== UNKNOWN && !canHost(member, seatsNeeded);
