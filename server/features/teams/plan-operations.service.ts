import { ParticipantsMessage } from '../../../contract/participants.messages.js';
import type { TeamsResponse } from '../../../contract/teams.js';
import { TeamsMessage } from '../../../contract/teams.messages.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { changeHosts, swapMeals, swapMembers, swapTeamNumbers } from '../../../domain/teams/operations.js';
import type { Deps } from '../../deps.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import { ActivityType } from '../live/activities.service.js';
import { type Activity, answerTeams, changePlan } from './plan-change.js';
import { assertParticipant, nameOf, teamNumberOf } from './plan-requests.js';

export const swapTeamMembers = (deps: Deps, dinner: RunningDinnerRow, participantIdA: string, participantIdB: string) =>
  answerTeams(
    deps,
    dinner,
    changePlan(deps, dinner, (stored) => {
      for (const id of [participantIdA, participantIdB]) assertParticipant(stored, id);
      if (participantIdA === participantIdB)
        throw new ValidationError([{ message: ParticipantsMessage.swapWithItself.id }]);
      for (const id of [participantIdA, participantIdB]) {
        if (stored.people.get(id)!.teamId === null)
          throw new AppError('participant_not_in_team', TeamsMessage.participantInNoTeam.id);
      }
      return {
        result: swapMembers(stored.plan, stored.participants, participantIdA, participantIdB),
        activity: ActivityType.teamMembersSwapped,
        details: { name: nameOf(stored, participantIdA), otherName: nameOf(stored, participantIdB) },
      };
    }),
  );

const swapTeams =
  (operation: typeof swapMeals, activity: Activity) =>
  (deps: Deps, dinner: RunningDinnerRow, teamIdA: string, teamIdB: string) =>
    answerTeams(
      deps,
      dinner,
      changePlan(deps, dinner, (stored) => {
        const [a, b] = [teamNumberOf(stored, teamIdA), teamNumberOf(stored, teamIdB)];
        if (a === b) throw new ValidationError([{ message: TeamsMessage.teamSwapWithItself.id }]);
        return { result: operation(stored.plan, a, b), activity, details: { teamNumber: a, otherTeamNumber: b } };
      }),
    );

export const swapTeamMeals = swapTeams(swapMeals, ActivityType.teamMealsSwapped);
export const swapNumbersOfTeams = swapTeams(swapTeamNumbers, ActivityType.teamNumbersSwapped);

export interface TeamHostsChange {
  teams: readonly { id: string; hostTeamMemberId: string }[];
  /** The dinner the organiser meant; when given it must be the one of the address. */
  dinnerAdminId?: string;
}

export function changeTeamHosts(
  deps: Deps,
  dinner: RunningDinnerRow,
  { teams: changes, dinnerAdminId }: TeamHostsChange,
): Promise<TeamsResponse> {
  if (dinnerAdminId !== undefined && dinnerAdminId !== dinner.admin_id) {
    throw new ValidationError([{ field: 'dinnerAdminId', message: TeamsMessage.dinnerAdminIdMismatch.id }]);
  }
  if (changes.length === 0) throw new ValidationError([{ field: 'teams', message: TeamsMessage.noTeamChosen.id }]);
  return answerTeams(
    deps,
    dinner,
    changePlan(deps, dinner, (stored) => {
      const hosts = changes.map(({ id, hostTeamMemberId }) => {
        assertParticipant(stored, hostTeamMemberId);
        return { teamNumber: teamNumberOf(stored, id), hostId: hostTeamMemberId };
      });
      return {
        result: changeHosts(stored.plan, stored.participants, hosts),
        activity: ActivityType.teamHostsChanged,
        details: { count: hosts.length },
      };
    }),
  );
}
