// The vocabulary of participants, shared by every layer.

export const GENDERS = ['MALE', 'FEMALE', 'DIVERSE', 'UNDEFINED'] as const;
export type Gender = (typeof GENDERS)[number];

export const TEAM_PARTNER_WISH_STATES = [
  'NOT_EXISTING',
  'EXISTS_EMPTY_TEAM_PARTNER_WISH',
  'EXISTS_SAME_TEAM_PARTNER_WISH',
  'EXISTS_OTHER_TEAM_PARTNER_WISH',
  'NO_PARTNER_WISH_BUT_OTHER_TEAM_PARTNER_WISHES',
] as const;
export type TeamPartnerWishState = (typeof TEAM_PARTNER_WISH_STATES)[number];

/** Age and seats: -1 means unknown. */
export const UNKNOWN = -1;
export const MAX_AGE = 100;
export const MAX_SEATS = 100;

/** The partner wish of one participant as the organiser sees it; null when the participant has none and nobody names them. */
export interface TeamPartnerWish {
  state: TeamPartnerWishState;
  /** The registered participant the wish names (for NO_PARTNER_WISH_BUT_…: the first one naming this participant). */
  partnerId: string | null;
}

/** How the confirmed participants split into future team members and the waiting list (see waiting-list.ts). */
export interface WaitingListStatus {
  /** meals² × team size: fewer cannot make a dinner. */
  minimumParticipants: number;
  /** meals × team size: beyond the minimum, participants join in blocks of this size. */
  blockSize: number;
  /** How many of the confirmed participants (the first in registration order) join teams; 0 below the minimum. */
  teamMembers: number;
  /** How many confirmed participants wait: those after the last full block. */
  waiting: number;
  /** How many more confirmed participants complete the next block (the minimum, below it). */
  missingForNextBlock: number;
}
