import { ParticipantsMessage } from '../../../contract/participants.messages.js';
import type { TeamCancellationResult, TeamsResponse } from '../../../contract/teams.js';
import { TeamsMessage } from '../../../contract/teams.messages.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import { fullName } from '../../../domain/participants/names.js';
import { generationRefusal } from '../../../domain/teams/generate.js';
import {
  cancelMember,
  cancelTeam as cancelPlannedTeam,
  changeHosts,
  type OperationResult,
  swapMeals,
  swapMembers,
  swapTeamNumbers,
} from '../../../domain/teams/operations.js';
import type { TeamPlan } from '../../../domain/teams/plan.types.js';
import { newSeed } from '../../../domain/teams/rng.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound, ValidationError } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { removeParticipant } from '../participants/participants.service.js';
import { assertValidPlan, loadPlan, type StoredPlan, savePlan, visitsOf, waitingIdsOf } from './team-plan.js';
import { teamRuleRefusal } from './team-rule-refusal.js';
import * as repo from './teams.repo.js';
import { affectedTeamNumbers, meetingPlanOf, teamsNumbered, teamsResponse, toTeam } from './teams.view.js';

type Activity = (typeof ActivityType)[keyof typeof ActivityType];

const refusalContext = (stored: StoredPlan, participantsField?: string) => ({
  meals: stored.options.meals,
  teamSize: stored.options.teamSize,
  confirmed: stored.confirmed.length,
  participantsField,
});

/** The result of an operation, or its translated refusal. */
export function succeeded<P extends TeamPlan>(
  result: OperationResult<P>,
  stored: StoredPlan,
  participantsField?: string,
) {
  if (!result.ok) throw teamRuleRefusal(result.code, refusalContext(stored, participantsField));
  return result;
}

// ---- finding what a request names: another dinner's ids are the same 404 as unknown ones ----

export function teamNumberOf(stored: StoredPlan, teamId: string): number {
  const index = isUuid(teamId) ? stored.teamIds.indexOf(teamId) : -1;
  if (index < 0) throw notFound();
  return stored.plan.teams[index].teamNumber;
}

function assertParticipant(stored: StoredPlan, participantId: string): void {
  if (!isUuid(participantId) || !stored.people.has(participantId)) throw notFound();
}

/** Participants who are to join teams: known, confirmed, in no team. */
export function assertWaiting(stored: StoredPlan, participantIds: readonly string[]): void {
  const waiting = new Set(waitingIdsOf(stored));
  for (const id of participantIds) {
    assertParticipant(stored, id);
    if (stored.people.get(id)!.teamId !== null)
      throw teamRuleRefusal('participant_assigned_in_team', refusalContext(stored));
    if (!waiting.has(id)) throw teamRuleRefusal('replacement_not_waiting', refusalContext(stored));
  }
}

// ---- reading ----

export async function listTeams(
  deps: Deps,
  dinner: RunningDinnerRow,
  filterCancelledTeams: boolean,
): Promise<TeamsResponse> {
  const [stored, sentMails] = await Promise.all([loadPlan(deps.db, dinner), repo.sentMails(deps.db, dinner.id)]);
  return teamsResponse(stored, sentMails, filterCancelledTeams);
}

export async function meetingPlan(deps: Deps, dinner: RunningDinnerRow, teamId: string) {
  const stored = await loadPlan(deps.db, dinner);
  return meetingPlanOf(stored, teamNumberOf(stored, teamId));
}

// ---- generating ----

/**
 * Makes the teams in the worker pool (the main thread stays free) and stores them in one transaction. The
 * same seed and participants give the same plan. `replace` discards existing teams, else they refuse.
 */
async function generate(deps: Deps, dinner: RunningDinnerRow, seed: number, replace: boolean): Promise<TeamsResponse> {
  assertWritable(deps, dinner);
  const stored = await loadPlan(deps.db, dinner);
  assertMayGenerate(stored, replace);
  const refusal = generationRefusal(stored.confirmed.length, stored.options);
  if (refusal) throw teamRuleRefusal(refusal, refusalContext(stored));
  const generated = await deps.workers.run(
    { kind: 'generate', confirmed: stored.confirmed, options: stored.options, seed },
    dinner.id,
  );
  const now = deps.clock.now();
  const teamIds = await writeTransaction(deps.db, async (trx) => {
    const replacing = await repo.teamsExist(trx, dinner.id);
    if (replacing && !replace) throw teamsExist();
    // The plan was made from the participants read before; a change since would leave someone out.
    if ((await repo.confirmedParticipantIds(trx, dinner.id)).join() !== stored.confirmed.map((p) => p.id).join()) {
      throw new AppError('participants_changed', TeamsMessage.participantsChanged.id);
    }
    await repo.deleteTeams(trx, dinner.id);
    const ids = await savePlan(
      trx,
      { ...stored, plan: { seed, teams: [] }, teamIds: [], visits: [] },
      generated,
      now.toISOString(),
      generated.visits,
    );
    await repo.setPlanSeed(trx, dinner.id, seed, now.toISOString());
    // The seed in the activity lets a reported plan be replayed (`?seed=` on POST and PUT).
    await recordActivity(
      deps,
      trx,
      dinner.id,
      replacing ? ActivityType.teamsRegenerated : ActivityType.teamsGenerated,
      'ORGANIZER',
      now,
      {
        count: generated.teams.length,
        seed,
      },
    );
    return ids;
  });
  // Answered from what was just stored: reading thousands of rows again would only hold up other requests.
  const saved: StoredPlan = { ...stored, plan: { seed, teams: generated.teams }, teamIds, visits: generated.visits };
  return teamsResponse(saved, await repo.sentMails(deps.db, dinner.id));
}

const teamsExist = () => new AppError('teams_exist', TeamsMessage.teamsExist.id);

function assertMayGenerate(stored: StoredPlan, replace: boolean): void {
  if (!replace && stored.plan.teams.length > 0) throw teamsExist();
}

export const generateTeams = (deps: Deps, dinner: RunningDinnerRow, seed = newSeed()) =>
  generate(deps, dinner, seed, false);

/** Discards the teams and makes new ones; the answer's sentMails warns when mails about the old ones went out. */
export const regenerateTeams = (deps: Deps, dinner: RunningDinnerRow, seed = newSeed()) =>
  generate(deps, dinner, seed, true);

export async function dropTeams(deps: Deps, dinner: RunningDinnerRow): Promise<TeamsResponse> {
  assertWritable(deps, dinner);
  const now = deps.clock.now();
  await writeTransaction(deps.db, async (trx) => {
    if (!(await repo.teamsExist(trx, dinner.id))) return;
    await repo.deleteTeams(trx, dinner.id);
    await repo.setPlanSeed(trx, dinner.id, null, null);
    await recordActivity(deps, trx, dinner.id, ActivityType.teamsDropped, 'ORGANIZER', now);
  });
  return listTeams(deps, dinner, false);
}

// ---- changing the plan ----

interface Change {
  /** The plan after the operation, or the refusal. */
  result: OperationResult;
  activity: Activity;
  details?: Record<string, string | number>;
  /** Participants who leave the dinner with the change (cancelled members). */
  leaving?: string[];
  /** The request field whose participants a 406 names. */
  participantsField?: string;
}

export interface AppliedChange {
  before: StoredPlan;
  plan: TeamPlan;
  teamIds: string[];
  /** Teams whose evening changes: their record, their tables or the people at their tables. */
  affected: Set<number>;
}

/**
 * Loads the plan, applies one operation and stores the result, all in one transaction (the operations are
 * cheap and run on the main thread; only generation needs the pool). Nothing is stored when it refuses, nor
 * on a dry run, which answers what the change would do (and refuses what the real run would refuse), nor
 * when the operation changes nothing: then no activity is recorded and the routes stay as they are.
 */
export async function changePlan(
  deps: Deps,
  dinner: RunningDinnerRow,
  operate: (stored: StoredPlan) => Change,
  dryRun = false,
): Promise<AppliedChange> {
  assertWritable(deps, dinner);
  const now = deps.clock.now();
  const apply = async (stored: StoredPlan, trx?: Trx): Promise<AppliedChange> => {
    const change = operate(stored);
    const { plan, changedTeamNumbers } = succeeded(change.result, stored, change.participantsField);
    const visits = visitsOf(stored, plan);
    assertValidPlan(stored, plan, visits);
    const changesNothing = changedTeamNumbers.length === 0 && (change.leaving ?? []).length === 0;
    let teamIds = stored.teamIds;
    if (trx && !changesNothing) {
      teamIds = await savePlan(trx, stored, plan, now.toISOString(), visits);
      await removeParticipants(deps, trx, stored, change.leaving ?? [], now);
      await recordActivity(deps, trx, dinner.id, change.activity, 'ORGANIZER', now, change.details);
    }
    return { before: stored, plan, teamIds, affected: affectedTeamNumbers(changedTeamNumbers, stored.visits, visits) };
  };
  if (dryRun) return apply(await loadPlan(deps.db, dinner));
  return writeTransaction(deps.db, async (trx) => apply(await loadPlan(trx, dinner), trx));
}

/** Cancelled members leave the dinner: removed like a deleted participant, with their personal data in mails. */
async function removeParticipants(
  deps: Deps,
  trx: Trx,
  stored: StoredPlan,
  participantIds: readonly string[],
  now: Date,
): Promise<void> {
  const leaving = participantIds
    .map((id) => stored.people.get(id)!)
    .sort((a, b) => b.participantNumber - a.participantNumber);
  for (const participant of leaving) await removeParticipant(deps, trx, stored.dinner.id, participant, now);
}

const nameOf = (stored: StoredPlan, participantId: string) => fullName(stored.people.get(participantId)!);

/** Every team operation answers the whole plan, as the teams page shows it. */
async function answerTeams(
  deps: Deps,
  dinner: RunningDinnerRow,
  change: Promise<AppliedChange>,
): Promise<TeamsResponse> {
  const { before, plan, teamIds } = await change;
  return teamsResponse({ ...before, plan, teamIds }, await repo.sentMails(deps.db, dinner.id));
}

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

// ---- cancellations ----

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
export async function cancelTeamMember(
  deps: Deps,
  dinner: RunningDinnerRow,
  teamId: string,
  participantId: string,
): Promise<TeamCancellationResult> {
  let teamNumber = 0;
  const applied = await changePlan(deps, dinner, (stored) => {
    teamNumber = teamNumberOf(stored, teamId);
    assertParticipant(stored, participantId);
    return {
      result: cancelMember(stored.plan, stored.participants, teamNumber, participantId),
      activity: ActivityType.teamMemberCancelled,
      details: { name: nameOf(stored, participantId), teamNumber },
      leaving: [participantId],
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
