import { minimumParticipantsOf, splitWaitingList, waitingListStatus } from '../participants/waiting-list.js';
import { formTeams, placeTeams, teamsMatchingGenderAspects } from './pairing.js';
import { type Participants, partnerIdOf, type TeamRuleParticipant } from './participants.js';
import type { GeneratedPlan, PlanOptions, TeamRuleCode } from './plan.types.js';
import { createRng } from './rng.js';

/** A refusal of the team rules, thrown where no result type fits; its message is the code (survives a worker). */
export class TeamRuleError extends Error {
  constructor(readonly code: TeamRuleCode) {
    super(code);
    this.name = 'TeamRuleError';
  }
}

/** 'too_few_participants' when the confirmed participants cannot make a dinner, else null: check before generating. */
export function generationRefusal(confirmedCount: number, options: PlanOptions): TeamRuleCode | null {
  return confirmedCount < minimumParticipantsOf(options.meals, options.teamSize) ? 'too_few_participants' : null;
}

/**
 * Turns the confirmed participants (registration order) into teams placed in the meet-once design; the rest
 * wait. Reproducible: the same seed and input give the same plan. Throws TeamRuleError('too_few_participants').
 */
export function generatePlan(
  confirmed: readonly TeamRuleParticipant[],
  options: PlanOptions,
  seed: number,
): GeneratedPlan {
  const refusal = generationRefusal(confirmed.length, options);
  if (refusal) throw new TeamRuleError(refusal);
  const participants: Participants = new Map(confirmed.map((p) => [p.id, p]));
  const { teamMembers, waiting } = splitForTeams(confirmed, participants, options);
  const rng = createRng(seed);
  const formed = formTeams(teamMembers, participants, options, rng);
  return {
    seed,
    teams: placeTeams(formed, participants, options, rng, { classSize: 0, firstTeamNumber: 1 }),
    waitingParticipantIds: waiting.map((p) => p.id),
    teamsMatchingGenderAspects: teamsMatchingGenderAspects(formed, participants, options.genderAspects),
  };
}

/** The shared waiting-list rule, with fixed pairs kept together. */
export function splitForTeams<T extends TeamRuleParticipant>(
  confirmed: readonly T[],
  participants: Participants,
  options: PlanOptions,
) {
  const status = waitingListStatus(confirmed.length, options.meals, options.teamSize);
  return splitWaitingList(confirmed, status, (p) => partnerIdOf(participants, p.id));
}
