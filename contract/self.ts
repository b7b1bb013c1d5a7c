import * as v from 'valibot';
import { multiLineText, singleLineText } from '../domain/validation.js';
import { msgId } from '../domain/validation-messages.js';
import type { Participant } from './participants.js';
import type { SelfSessionData } from './registration.js';
import type { SelfCancellation, SelfTeam } from './self-teams.js';

// Isomorphic: what the participants' personal links take and answer.

/** `?email=` of a new team partner wish; empty clears the wish. */
export const teamPartnerWishEmailSchema = v.pipe(
  singleLineText(msgId('required')),
  v.maxLength(255, msgId('tooLong')),
  v.check((s) => s === '' || v.is(v.pipe(v.string(), v.email()), s), msgId('invalidEmail')),
  v.toLowerCase(),
);

/** PUT …/withdraw — a participant cannot come: an optional note for the organiser. */
export const withdrawalSchema = v.strictObject(
  { note: v.optional(v.pipe(multiLineText(msgId('invalidValue')), v.maxLength(500, msgId('tooLong'))), '') },
  msgId('unknownField'),
);

/** DELETED: in no team yet, the registration and its data are gone; MARKED: in a team, the organiser was told. */
export interface WithdrawalResult {
  outcome: 'DELETED' | 'MARKED';
}

/** The rest of the registration besides the name and address of `participant`: enough to check address, seats and diet. */
export const SELF_REGISTRATION_FIELDS = [
  'mobileNumber',
  'street',
  'streetNr',
  'zip',
  'cityName',
  'addressRemarks',
  'numSeats',
  'vegetarian',
  'vegan',
  'lactose',
  'gluten',
  'mealSpecificsNote',
  'activated',
] as const satisfies readonly (keyof Participant)[];

export type SelfRegistration = Pick<Participant, (typeof SELF_REGISTRATION_FIELDS)[number]>;

/**
 * What the personal link opens: the event, the registration and the partner wish, and once the teams are made the
 * participant's own team (never another's: a personal link must not lead anywhere else).
 */
export interface SelfHome extends SelfSessionData {
  registration: SelfRegistration;
  teamsExist: boolean;
  /**
   * What the page may show: the team once a mail told it (or the organiser published the teams), the route once a
   * route mail did (or the routes were published). Until then the organiser may still change them.
   */
  shown: { team: boolean; route: boolean };
  /** The participant's team once it is shown; null before, and while they wait for a place. */
  team: SelfTeam | null;
  /** The teams were told and the participant is in none: they wait for a place that frees up. */
  onWaitingList: boolean;
  /** When the team and route messages are scheduled to go out (instants), if the organiser scheduled them. */
  mailsExpected: { teams: string | null; routes: string | null };
  /** When they told the organiser they cannot come; null while they take part. */
  withdrawnAt: string | null;
  /** Set once the event is cancelled, with the organiser's message. */
  cancellation: SelfCancellation | null;
}
