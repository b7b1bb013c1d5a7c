import type { TeamRuleCode } from '../../../domain/teams/plan.types.js';
import { AppError, notFound, ValidationError } from '../../lib/errors.js';

/**
 * Refusals of the team operations as catalog descriptors (see validation-messages.ts). The `i18n` comment
 * marks them for `lingui extract`.
 */
export const TeamsMessage = {
  tooFewParticipants: /*i18n*/ {
    id: 'teams.tooFewParticipants',
    message: 'The dinner is not possible with so few participants: {meals} meals need at least {minimum} confirmed participants, there are {confirmed}',
  },
  teamsExist: /*i18n*/ { id: 'teams.teamsExist', message: 'The teams have already been made. Generate them anew to start over.' },
  noTeams: /*i18n*/ { id: 'teams.noTeams', message: 'There are no teams yet' },
  mealCountFixed: /*i18n*/ { id: 'teams.mealCountFixed', message: 'The number of meals cannot change once the teams are made. Drop the teams first.' },
  noTeamMembersLeft: /*i18n*/ { id: 'teams.noTeamMembersLeft', message: 'This team has no members left' },
  participantAssignedInTeam: /*i18n*/ { id: 'teams.participantAssignedInTeam', message: 'This participant is already in a team' },
  rootTeamPartner: /*i18n*/ {
    id: 'teams.rootTeamPartner',
    message: 'These two registered together as a team: neither can leave the team alone, cancel the whole team instead',
  },
  swapBreaksPartnerWish: /*i18n*/ { id: 'teams.swapBreaksPartnerWish', message: 'This would separate team partners who asked to cook together' },
  fixedPairHostChange: /*i18n*/ {
    id: 'teams.fixedPairHostChange',
    message: 'This team registered together and cooks in the kitchen of the one who registered it: its host cannot change',
  },
  replacementTooFew: /*i18n*/ { id: 'teams.replacementTooFew', message: 'Too few participants: a team is replaced by exactly {teamSize} waiting participants' },
  replacementTooMany: /*i18n*/ { id: 'teams.replacementTooMany', message: 'Too many participants: a team has at most {teamSize} members' },
  replacementNotWaiting: /*i18n*/ { id: 'teams.replacementNotWaiting', message: 'This participant is not on the waiting list' },
  notFullBlock: /*i18n*/ {
    id: 'teams.notFullBlock',
    message: 'New teams are made from waiting participants in full blocks of {blockSize} ({meals} meals × {teamSize})',
  },
  teamCancelled: /*i18n*/ { id: 'teams.teamCancelled', message: 'This team is cancelled' },
  participantInNoTeam: /*i18n*/ { id: 'teams.participantInNoTeam', message: 'This participant is not in a team' },
  participantsChanged: /*i18n*/ {
    id: 'teams.participantsChanged',
    message: 'The participants changed while the teams were being made. Please try again.',
  },
  participantNotInTeam: /*i18n*/ { id: 'teams.participantNotInTeam', message: 'This participant is not a member of the team' },
  teamIdMismatch: /*i18n*/ { id: 'teams.teamIdMismatch', message: 'The team in the request does not match the team of the address' },
  planInvalid: /*i18n*/ { id: 'teams.planInvalid', message: 'This change would break the team plan, so nothing was changed' },
  partnersMustJoinTogether: /*i18n*/ {
    id: 'teams.partnersMustJoinTogether',
    message: 'Team partners who asked to cook together must join together: choose both or neither',
  },
  teamSwapWithItself: /*i18n*/ { id: 'teams.teamSwapWithItself', message: 'A team cannot swap with itself' },
  noTeamChosen: /*i18n*/ { id: 'teams.noTeamChosen', message: 'Choose at least one team' },
  noParticipantChosen: /*i18n*/ { id: 'teams.noParticipantChosen', message: 'Choose at least one participant' },
  dinnerAdminIdMismatch: /*i18n*/ {
    id: 'teams.dinnerAdminIdMismatch',
    message: 'The running dinner in the request does not match the running dinner of the address',
  },
  replacementsWithoutReplacing: /*i18n*/ {
    id: 'teams.replacementsWithoutReplacing',
    message: 'The team is cancelled without replacement, so no replacement participants can be given',
  },
  seedInvalid: /*i18n*/ { id: 'teams.seedInvalid', message: 'The seed must be a whole number from 0 to 2147483647' },
} as const;

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
  const sizes = { meals: String(context.meals), teamSize: String(context.teamSize), blockSize: String(context.meals * context.teamSize) };
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
        { message: TeamsMessage.tooFewParticipants.id, values: { ...sizes, minimum: String(context.meals ** 2 * context.teamSize), confirmed: String(context.confirmed ?? 0) } },
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
