import { fullName } from '../../../domain/participants/names.js';
import type { OperationResult } from '../../../domain/teams/operations.js';
import type { TeamPlan } from '../../../domain/teams/plan.types.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { type StoredPlan, waitingIdsOf } from './team-plan.js';
import { teamRuleRefusal } from './team-rule-refusal.js';

/** What a refusal of this plan names: its meals, team size and confirmed count, and the request field. */
export const refusalContext = (stored: StoredPlan, participantsField?: string) => ({
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

export function assertParticipant(stored: StoredPlan, participantId: string): void {
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

export const nameOf = (stored: StoredPlan, participantId: string) => fullName(stored.people.get(participantId)!);
