import type { WaitingListChangeResult } from '../../../contract/teams.js';
import { TeamsMessage } from '../../../contract/teams.messages.js';
import type { WaitingList } from '../../../contract/waiting-list.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { splitForTeams } from '../../../domain/teams/generate.js';
import { addTeamsFromWaitingList, assignWaiting } from '../../../domain/teams/operations.js';
import { newSeed } from '../../../domain/teams/rng.js';
import type { Deps } from '../../deps.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import { ActivityType } from '../live/activities.service.js';
import { type AppliedChange, changePlan } from '../teams/plan-change.js';
import { assertWaiting, teamNumberOf } from '../teams/plan-requests.js';
import { loadPlan, waitingIdsOf } from '../teams/team-plan.js';
import { sentMails } from '../teams/teams.queries.js';
import { teamsNumbered } from '../teams/teams.view.js';

/**
 * The waiting participants and the teams that lost members, which the waiting can fill: a cancelled team lost
 * all of them and takes a whole new team.
 */
export async function waitingList(deps: Deps, dinner: RunningDinnerRow): Promise<WaitingList> {
  const [stored, mails] = await Promise.all([loadPlan(deps.db, dinner), sentMails(deps.db, dinner.id)]);
  const teamsGenerated = stored.plan.teams.length > 0;
  const waitingIds = teamsGenerated
    ? waitingIdsOf(stored)
    : splitForTeams(stored.confirmed, stored.participants, stored.options).waiting.map((p) => p.id);
  const { teamSize, meals } = stored.options;
  const incomplete = stored.plan.teams.filter((t) => t.memberIds.length < teamSize);
  return {
    teamsGenerated,
    participants: waitingIds.map((id) => stored.people.get(id)!),
    teamsWithMissingMembers: teamsNumbered(
      stored,
      stored.plan,
      stored.teamIds,
      incomplete.map((t) => t.teamNumber),
    ),
    missingTeamMembers: incomplete.reduce((sum, t) => sum + teamSize - t.memberIds.length, 0),
    blockSize: meals * teamSize,
    sentMails: mails,
  };
}

async function changeResult(
  deps: Deps,
  dinner: RunningDinnerRow,
  applied: AppliedChange,
): Promise<WaitingListChangeResult> {
  return {
    affectedTeams: teamsNumbered(applied.before, applied.plan, applied.teamIds, applied.affected),
    sentMails: await sentMails(deps.db, dinner.id),
  };
}

/**
 * Fills teams that lost members with waiting participants (up to the team size; hosts stay). A cancelled team
 * takes exactly teamSize of them and is REPLACED. Naming nobody at all is refused: it would change nothing.
 */
export async function assignParticipantsToTeams(
  deps: Deps,
  dinner: RunningDinnerRow,
  assignments: readonly { teamId: string; participantIds: string[] }[],
): Promise<WaitingListChangeResult> {
  if (assignments.every((a) => a.participantIds.length === 0)) {
    throw new ValidationError([{ field: 'teamParticipantsAssignments', message: TeamsMessage.noParticipantChosen.id }]);
  }
  const applied = await changePlan(deps, dinner, (stored) => {
    const planned = assignments.map(({ teamId, participantIds }) => ({
      teamNumber: teamNumberOf(stored, teamId),
      participantIds,
    }));
    const joining = assignments.flatMap((a) => a.participantIds);
    assertWaiting(stored, joining);
    return {
      result: assignWaiting(stored.plan, stored.participants, planned, waitingIdsOf(stored)),
      activity: ActivityType.waitingListAssigned,
      details: { count: new Set(joining).size },
      participantsField: 'teamParticipantsAssignments',
    };
  });
  return changeResult(deps, dinner, applied);
}

/**
 * New teams from waiting participants, in full blocks: the existing teams keep members and meals, the design
 * grows and every route is recomputed (meet-once still holds), so sent routes are stale. A fixed partner of a
 * chosen participant must be chosen too (406). The seed the new teams are formed with is kept in the activity;
 * given again it forms the same teams from the same plan and participants.
 */
export async function generateNewTeams(
  deps: Deps,
  dinner: RunningDinnerRow,
  participantIds: readonly string[],
  seed: number = newSeed(),
): Promise<WaitingListChangeResult> {
  const applied = await changePlan(deps, dinner, (stored) => {
    if (stored.plan.teams.length === 0) throw new AppError('no_teams', TeamsMessage.noTeams.id);
    assertWaiting(stored, participantIds);
    return {
      result: addTeamsFromWaitingList(stored.plan, stored.participants, participantIds, stored.options, seed),
      activity: ActivityType.waitingListTeamsGenerated,
      details: { count: new Set(participantIds).size, seed },
      participantsField: 'participants',
    };
  });
  return changeResult(deps, dinner, applied);
}
