import type { RegistrationState } from '../domain/events/registration-state.js';
import type { LocalDate, LocalDateTime } from '../domain/local-dates.js';
import type { AfterPartyLocation, Language } from './dinner.js';
import type { Participant } from './participants.js';

// Isomorphic: what anyone may see of a public running dinner. Never the admin id, the contract or participants.

export interface PublicMeal {
  label: string;
  time: LocalDateTime;
}

/** Whether the event takes registrations now, and if not, why. */
export type { RegistrationState };

export interface PublicRunningDinner {
  publicDinnerId: string;
  publicDinnerUrl: string;
  /** The public title, not the organiser's internal one. */
  title: string;
  description: string;
  city: string;
  zip: string;
  date: LocalDate;
  /** Registration closes at the end of this day. */
  endOfRegistrationDate: LocalDate;
  meals: PublicMeal[];
  afterPartyLocation: AfterPartyLocation | null;
  publicContactName: string;
  publicContactEmail: string;
  publicContactMobileNumber: string;
  registrationType: 'OPEN' | 'PUBLIC';
  registrationState: RegistrationState;
  /** A demo: never listed; its registrations are simulated and every mail goes to its creator. */
  demo: boolean;
  languageCode: Language;
  teamPartnerWishDisabled: boolean;
  /** Comma list and ranges ("79098-79117, 79183"); empty when everyone may register. */
  zipRestrictions: string;
  /** Seats a participant registering together with a partner must offer (the team hosts the others). */
  seatsNeededForTeamRegistration: number;
  /** Fee per participant, if the organiser takes one (a team pays twice). */
  price: { amountCents: number; currency: string } | null;
}

/**
 * The wished partner (by e-mail) as the event knows them: not registered yet (invited once the registration is
 * confirmed), registered and naming the registrant (a fixed team then), or registered without naming them.
 */
export type TeamPartnerWishStanding = 'INVITED' | 'NAMES_YOU' | 'REGISTERED';

/** What the registration will store, shown to confirm before it is sent. */
export type RegistrationSummary = Pick<
  Participant,
  | 'firstnamePart'
  | 'lastname'
  | 'email'
  | 'mobileNumber'
  | 'gender'
  | 'street'
  | 'streetNr'
  | 'zip'
  | 'cityName'
  | 'addressRemarks'
  | 'numSeats'
  | 'vegetarian'
  | 'lactose'
  | 'gluten'
  | 'vegan'
  | 'mealSpecificsNote'
  | 'teamPartnerWishEmail'
> & {
  /** Enough seats to host a meal. */
  canHost: boolean;
  /** Null without a wished partner's e-mail. */
  teamPartnerWishStanding: TeamPartnerWishStanding | null;
  /** The partner registered together with the participant. */
  teamPartnerName: { firstnamePart: string; lastname: string } | null;
  /** 2 when the partner is registered too. */
  participantCount: 1 | 2;
  /** The fee for everyone registered, if any. */
  totalPrice: { amountCents: number; currency: string } | null;
};

/** What a participant's personal link shows. */
export interface SelfSessionData {
  languageCode: Language;
  title: string;
  date: LocalDate;
  city: string;
  meals: PublicMeal[];
  participant: { firstnamePart: string; lastname: string; email: string; teamPartnerWishEmail: string | null };
  teamPartnerWishDisabled: boolean;
  /** False once teams exist. */
  teamPartnerWishChangeable: boolean;
  /**
   * Whether the wished partner is registered, and whether they name this participant too. Only a mutual
   * partner's name is shown: a personal link must not reveal who registered under an address.
   */
  teamPartner: { mutual: true; firstnamePart: string; lastname: string } | { mutual: false } | null;
}

/** The answer to opening the mailed confirmation link. */
export interface ActivationResult {
  firstnamePart: string;
  lastname: string;
  email: string;
  /** True when the link was opened before: confirming twice changes nothing. */
  alreadyActivated: boolean;
  /** The teams were made before the confirmation: the participant waits for a place (a mail says what that means). */
  onWaitingList: boolean;
  title: string;
  date: LocalDate;
}
