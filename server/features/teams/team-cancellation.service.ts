import type { TeamCancellationResult } from '../../../contract/teams.js';
import { TeamsMessage } from '../../../contract/teams.messages.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { cancelMember, cancelTeam as cancelPlannedTeam } from '../../../domain/teams/operations.js';
import type { Deps } from '../../deps.js';
import { ValidationError } from '../../lib/errors.js';
import { ActivityType } from '../live/activities.service.js';
import { type AppliedChange, changePlan } from './plan-change.js';
import { assertParticipant, assertWaiting, nameOf, refusalContext, teamNumberOf } from './plan-requests.js';
import { loadPlan, waitingIdsOf } from './team-plan.js';
import { teamRuleRefusal } from './team-rule-refusal.js';
import * as repo from './teams.repo.js';
import { teamsNumbered, toTeam } from './teams.view.js';

async function cancellationResult(
  deps: Deps,
  dinner: RunningDinnerRow,
  applied: AppliedChange,
  teamNumber: number,
  dryRun: boolean,
): Promise<TeamCancellationResult> {
  // Stored, the members who left are gone and the others renumbered: the answer shows them as stored.
  const view = dryRun
    ? { ...applied.before, plan: applied.plan, teamIds: applied.teamIds }
    : await loadPlan(deps.db, dinner);
  const index = view.plan.teams.findIndex((t) => t.teamNumber === teamNumber);
  const team = view.plan.teams[index];
  const affected = [...applied.affected].filter((n) => n !== teamNumber);
  return {
    team: toTeam(view, team, view.teamIds[index]),
    replaced: team.status === 'REPLACED',
    affectedTeams: teamsNumbered(view, view.plan, view.teamIds, affected),
    sentMails: await repo.sentMails(deps.db, dinner.id),
    dryRun,
  };
}

/**
 * One member cancels: with no member left the team is cancelled, otherwise the others stay (one of them hosts
 * when the host left). The member leaves the dinner.
 */
export const cancelTeamMember = (deps: Deps, dinner: RunningDinnerRow, teamId: string, participantId: string) =>
  takeOutOfTeam(deps, dinner, teamId, participantId, true);

/**
 * One member goes onto the waiting list: the team changes as when the member cancels (a pair registered together
 * only leaves as a team), and its free place waits for a replacement, but the participant stays in the dinner.
 */
export const moveTeamMemberToWaitingList = (
  deps: Deps,
  dinner: RunningDinnerRow,
  teamId: string,
  participantId: string,
) => takeOutOfTeam(deps, dinner, teamId, participantId, false);

async function takeOutOfTeam(
  deps: Deps,
  dinner: RunningDinnerRow,
  teamId: string,
  participantId: string,
  leavesDinner: boolean,
): Promise<TeamCancellationResult> {
  let teamNumber = 0;
  const applied = await changePlan(deps, dinner, (stored) => {
    teamNumber = teamNumberOf(stored, teamId);
    assertParticipant(stored, participantId);
    return {
      result: cancelMember(stored.plan, stored.participants, teamNumber, participantId),
      activity: leavesDinner ? ActivityType.teamMemberCancelled : ActivityType.teamMemberToWaitingList,
      details: { name: nameOf(stored, participantId), teamNumber },
      leaving: leavesDinner ? [participantId] : [],
    };
  });
  return cancellationResult(deps, dinner, applied, teamNumber, false);
}

export interface TeamCancellation {
  teamId: string;
  replacementParticipantIds: string[];
  replaceTeam: boolean;
  dryRun: boolean;
}

/**
 * Cancels a team (its members leave the dinner, its place and routes stay and show it cancelled) or replaces
 * its members by exactly teamSize waiting participants; a cancelled team can still be replaced. A dry run
 * answers the same and stores nothing.
 */
export async function cancelTeam(
  deps: Deps,
  dinner: RunningDinnerRow,
  teamId: string,
  cancellation: TeamCancellation,
): Promise<TeamCancellationResult> {
  if (cancellation.teamId !== teamId)
    throw new ValidationError([{ field: 'teamId', message: TeamsMessage.teamIdMismatch.id }]);
  if (!cancellation.replaceTeam && cancellation.replacementParticipantIds.length > 0) {
    throw new ValidationError([
      { field: 'replacementParticipantIds', message: TeamsMessage.replacementsWithoutReplacing.id },
    ]);
  }
  let teamNumber = 0;
  const applied = await changePlan(
    deps,
    dinner,
    (stored) => {
      teamNumber = teamNumberOf(stored, teamId);
      const replacements = cancellation.replaceTeam ? [...new Set(cancellation.replacementParticipantIds)] : [];
      if (cancellation.replaceTeam && replacements.length === 0) {
        throw teamRuleRefusal('replacement_too_few', refusalContext(stored, 'replacementParticipantIds'));
      }
      assertWaiting(stored, replacements);
      return {
        result: cancelPlannedTeam(stored.plan, stored.participants, teamNumber, replacements, waitingIdsOf(stored)),
        activity: replacements.length > 0 ? ActivityType.teamReplaced : ActivityType.teamCancelled,
        details: { teamNumber },
        leaving: stored.plan.teams.find((t) => t.teamNumber === teamNumber)!.memberIds,
        participantsField: 'replacementParticipantIds',
      };
    },
    cancellation.dryRun,
  );
  return cancellationResult(deps, dinner, applied, teamNumber, cancellation.dryRun);
}
