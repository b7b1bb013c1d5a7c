import type { TeamsResponse } from '../../../contract/teams.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import type { OperationResult } from '../../../domain/teams/operations.js';
import type { TeamPlan } from '../../../domain/teams/plan.types.js';
import type { Deps } from '../../deps.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { type ActivityType, recordActivity } from '../live/activities.service.js';
import { removeParticipant } from '../participants/participant-removal.service.js';
import { succeeded } from './plan-requests.js';
import { assertValidPlan, loadPlan, type StoredPlan, savePlan, visitsOf } from './team-plan.js';
import * as repo from './teams.repo.js';
import { affectedTeamNumbers, teamsResponse } from './teams.view.js';

export type Activity = (typeof ActivityType)[keyof typeof ActivityType];

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

/** Every team operation answers the whole plan, as the teams page shows it. */
export async function answerTeams(
  deps: Deps,
  dinner: RunningDinnerRow,
  change: Promise<AppliedChange>,
): Promise<TeamsResponse> {
  const { before, plan, teamIds } = await change;
  return teamsResponse({ ...before, plan, teamIds }, await repo.sentMails(deps.db, dinner.id));
}
