/**
 * Refusals of the team operations as catalog descriptors (see validation-messages.ts). The `i18n` comment
 * marks them for `lingui extract`.
 */
export const TeamsMessage = {
  tooFewParticipants: /*i18n*/ {
    id: 'teams.tooFewParticipants',
    message:
      'The dinner is not possible with so few participants: {meals} meals need at least {minimum} confirmed participants, there are {confirmed}',
  },
  teamsExist: /*i18n*/ {
    id: 'teams.teamsExist',
    message: 'The teams have already been made. Generate them anew to start over.',
  },
  noTeams: /*i18n*/ { id: 'teams.noTeams', message: 'There are no teams yet' },
  mealCountFixed: /*i18n*/ {
    id: 'teams.mealCountFixed',
    message: 'The number of meals cannot change once the teams are made. Drop the teams first.',
  },
  noTeamMembersLeft: /*i18n*/ { id: 'teams.noTeamMembersLeft', message: 'This team has no members left' },
  participantAssignedInTeam: /*i18n*/ {
    id: 'teams.participantAssignedInTeam',
    message: 'This participant is already in a team',
  },
  rootTeamPartner: /*i18n*/ {
    id: 'teams.rootTeamPartner',
    message: 'These two registered together as a team: neither can leave the team alone, cancel the whole team instead',
  },
  swapBreaksPartnerWish: /*i18n*/ {
    id: 'teams.swapBreaksPartnerWish',
    message: 'This would separate team partners who asked to cook together',
  },
  fixedPairHostChange: /*i18n*/ {
    id: 'teams.fixedPairHostChange',
    message:
      'This team registered together and cooks in the kitchen of the one who registered it: its host cannot change',
  },
  replacementTooFew: /*i18n*/ {
    id: 'teams.replacementTooFew',
    message: 'Too few participants: a team is replaced by exactly {teamSize} waiting participants',
  },
  replacementTooMany: /*i18n*/ {
    id: 'teams.replacementTooMany',
    message: 'Too many participants: a team has at most {teamSize} members',
  },
  replacementNotWaiting: /*i18n*/ {
    id: 'teams.replacementNotWaiting',
    message: 'This participant is not on the waiting list',
  },
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
  participantNotInTeam: /*i18n*/ {
    id: 'teams.participantNotInTeam',
    message: 'This participant is not a member of the team',
  },
  teamIdMismatch: /*i18n*/ {
    id: 'teams.teamIdMismatch',
    message: 'The team in the request does not match the team of the address',
  },
  planInvalid: /*i18n*/ {
    id: 'teams.planInvalid',
    message: 'This change would break the team plan, so nothing was changed',
  },
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
