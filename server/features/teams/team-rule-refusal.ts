import { TeamsMessage } from '../../../contract/teams.messages.js';
import type { TeamRuleCode } from '../../../domain/teams/plan.types.js';
import { AppError, notFound, ValidationError } from '../../lib/errors.js';

/** The sizes a refusal's message names. */
export interface RefusalContext {
  meals: number;
  teamSize: number;
  /** Confirmed participants (the too-few message names them). */
  confirmed?: number;
  /** The request field the participants came in (406 issues name it). */
  participantsField?: string;
}

/** The answer to a refusal of the team rules: 406 for wrong input, 404 for an unknown team, 409 for the rest. */
export function teamRuleRefusal(code: TeamRuleCode, context: RefusalContext): Error {
  const field = context.participantsField;
  const sizes = {
    meals: String(context.meals),
    teamSize: String(context.teamSize),
    blockSize: String(context.meals * context.teamSize),
  };
  const conflict = (messageId: string) => new AppError(code, messageId);
  switch (code) {
    case 'unknown_team':
      return notFound();
    case 'replacement_too_few':
      return new ValidationError([{ field, message: TeamsMessage.replacementTooFew.id, values: sizes }]);
    case 'replacement_too_many':
      return new ValidationError([{ field, message: TeamsMessage.replacementTooMany.id, values: sizes }]);
    case 'waiting_list_not_full_block':
      return new ValidationError([{ field, message: TeamsMessage.notFullBlock.id, values: sizes }]);
    case 'partners_must_join_together':
      return new ValidationError([{ field, message: TeamsMessage.partnersMustJoinTogether.id }]);
    case 'too_few_participants':
      return new ValidationError([
        {
          message: TeamsMessage.tooFewParticipants.id,
          values: {
            ...sizes,
            minimum: String(context.meals ** 2 * context.teamSize),
            confirmed: String(context.confirmed ?? 0),
          },
        },
      ]);
    case 'team_no_team_members_left':
      return conflict(TeamsMessage.noTeamMembersLeft.id);
    case 'participant_assigned_in_team':
      return conflict(TeamsMessage.participantAssignedInTeam.id);
    case 'invalid_team_member_cancellation_root_teampartner':
      return conflict(TeamsMessage.rootTeamPartner.id);
    case 'swap_breaks_partner_wish':
      return conflict(TeamsMessage.swapBreaksPartnerWish.id);
    case 'fixed_pair_host_change':
      return conflict(TeamsMessage.fixedPairHostChange.id);
    case 'replacement_not_waiting':
      return conflict(TeamsMessage.replacementNotWaiting.id);
    case 'team_cancelled':
      return conflict(TeamsMessage.teamCancelled.id);
    case 'unknown_participant':
      return new AppError('participant_not_in_team', TeamsMessage.participantNotInTeam.id);
  }
}
