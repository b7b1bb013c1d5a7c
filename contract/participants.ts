import * as v from 'valibot';
import { LANGUAGES, type Language } from '../domain/language.js';
import type { MailFailureType } from '../domain/messages/mail-failure.js';
import {
  GENDERS,
  type Gender,
  MAX_AGE,
  MAX_SEATS,
  type TeamPartnerWish,
  UNKNOWN,
  type WaitingListStatus,
} from '../domain/participants/participant.js';
import { type Issue, multiLineText, singleLineText, type TextSchema, validate } from '../domain/validation.js';
import { msgId } from '../domain/validation-messages.js';
import { positionSchema } from './geocoding.js';

// Isomorphic: the wire schemas and types of participants, imported by the server and the client.

export * from '../domain/participants/participant.js';

const requiredText = (max = 255) =>
  v.pipe(singleLineText(msgId('required')), v.nonEmpty(msgId('required')), v.maxLength(max, msgId('tooLong')));
const optionalText = (max = 255, text: TextSchema = singleLineText) =>
  v.optional(
    v.pipe(
      v.nullable(text(msgId('invalidValue'))),
      v.transform((s) => s ?? ''),
      v.maxLength(max, msgId('tooLong')),
    ),
    '',
  );
const flag = v.optional(v.boolean(msgId('invalidValue')), false);
/** An empty field gets only its own message (required, or nothing). */
const emailOrEmpty = v.check((s: string) => s === '' || v.is(v.pipe(v.string(), v.email()), s), msgId('invalidEmail'));
/** Stored trimmed and lower-cased: the same address in other letters is the same person. */
const requiredEmail = v.pipe(requiredText(), emailOrEmpty, v.toLowerCase());
/** Empty means none. */
const optionalEmail = v.pipe(optionalText(), emailOrEmpty, v.toLowerCase());
const optionalEmailOrNull = v.pipe(
  optionalEmail,
  v.transform((s) => (s === '' ? null : s)),
);

/** A number, a digit string, or empty/null/missing for unknown (-1). */
const optionalCount = (max: number, rangeMessage: string, formatMessage: string) =>
  v.optional(
    v.pipe(
      v.nullable(v.union([v.number(formatMessage), v.string(formatMessage)], formatMessage)),
      v.check((n) => typeof n !== 'string' || n.trim() === '' || /^(0|[1-9]\d*|-1)$/.test(n.trim()), formatMessage),
      v.transform((n) => (n === null || (typeof n === 'string' && n.trim() === '') ? UNKNOWN : Number(n))),
      v.check((n) => Number.isInteger(n), formatMessage),
      v.check((n) => n === UNKNOWN || (n >= 0 && n <= max), rangeMessage),
    ),
    UNKNOWN,
  );
const age = optionalCount(MAX_AGE, msgId('ageRange'), msgId('ageRange'));
const numSeats = optionalCount(MAX_SEATS, msgId('numSeatsRange'), msgId('numSeatsFormat'));

/** The fields a participant has, with the rules of the registration form. */
const participantFields = {
  firstnamePart: requiredText(),
  lastname: requiredText(),
  email: requiredEmail,
  gender: v.optional(v.picklist(GENDERS, msgId('invalidValue')), 'UNDEFINED'),
  mobileNumber: optionalText(),
  age,
  street: requiredText(),
  streetNr: requiredText(),
  zip: requiredText(10),
  cityName: requiredText(),
  addressRemarks: optionalText(255, multiLineText),
  numSeats,
  vegetarian: flag,
  lactose: flag,
  gluten: flag,
  vegan: flag,
  mealSpecificsNote: optionalText(255, multiLineText),
  teamPartnerWishEmail: optionalEmailOrNull,
};

const ownWishIssues = (p: { email: string; teamPartnerWishEmail: string | null }): Issue[] =>
  p.email !== '' && p.teamPartnerWishEmail === p.email
    ? [{ field: 'teamPartnerWishEmail', message: msgId('teamPartnerWishSelf') }]
    : [];

/** What the organiser enters: only the last name is needed, everything given must still be valid. */
export const participantInputSchema = v.strictObject({
  ...participantFields,
  firstnamePart: optionalText(),
  email: optionalEmail,
  street: optionalText(),
  streetNr: optionalText(),
  zip: optionalText(10),
  cityName: optionalText(),
  notes: optionalText(2048, multiLineText),
});

/** The organiser's create and update calls: the fields, and perhaps a position set by hand (not a column of an imported file). */
const participantRequestSchema = v.strictObject({
  ...participantInputSchema.entries,
  /** A dragged marker; kept until the address changes. Missing or null: the geocoder locates the address. */
  geocodingResult: v.optional(v.nullable(positionSchema)),
});
export type ParticipantInput = v.InferOutput<typeof participantRequestSchema>;
export const validateParticipantInput = (input: unknown) => validate(participantRequestSchema, input, ownWishIssues);

/** The partner registered together with the participant: counts as a second participant at the same address. */
const teamPartnerRegistrationSchema = v.strictObject({ firstnamePart: requiredText(), lastname: requiredText() });

/** The public registration form. */
const registrationFormSchema = v.strictObject({
  ...participantFields,
  teamPartnerWishRegistrationData: v.optional(v.nullable(teamPartnerRegistrationSchema), null),
  dataProcessingAcknowledged: v.literal(true, msgId('dataProcessingRequired')),
  languageCode: v.optional(v.picklist(LANGUAGES, msgId('invalidValue'))),
});
export type RegistrationForm = v.InferOutput<typeof registrationFormSchema>;

function registrationFormIssues(form: RegistrationForm): Issue[] {
  const eitherOr: Issue[] =
    form.teamPartnerWishEmail && form.teamPartnerWishRegistrationData
      ? [{ field: 'teamPartnerWishEmail', message: msgId('teamPartnerWishEitherOr') }]
      : [];
  return [...ownWishIssues(form), ...eitherOr];
}
export const validateRegistrationForm = (input: unknown) =>
  validate(registrationFormSchema, input, registrationFormIssues);

// ---- what the server answers ----

export interface Participant {
  id: string;
  /** Registration order; the organiser can swap two positions. */
  participantNumber: number;
  firstnamePart: string;
  lastname: string;
  email: string;
  gender: Gender;
  mobileNumber: string;
  age: number;
  street: string;
  streetNr: string;
  zip: string;
  cityName: string;
  addressRemarks: string;
  numSeats: number;
  vegetarian: boolean;
  lactose: boolean;
  gluten: boolean;
  vegan: boolean;
  mealSpecificsNote: string;
  notes: string;
  teamPartnerWishEmail: string | null;
  /** Set on both participants registered together as a team: the id of the one who filled in the form. */
  teamPartnerWishOriginatorId: string | null;
  teamId: string | null;
  languageCode: Language;
  /** False until confirmed by the mailed link (or by the organiser). */
  activated: boolean;
  /** UTC instant, ISO 8601. */
  createdAt: string;
  /** When they told the organiser they cannot come (they stay in their team until the organiser changes it). */
  withdrawnAt: string | null;
  /** The position of the address on the map was set by hand (kept until the address changes). */
  positionSetByHand: boolean;
}

/** The participant's personal page, for the organiser to pass on (its path holds the event's secret self id). */
export interface PersonalLink {
  url: string;
}

export interface ParticipantListItem extends Participant {
  teamPartnerWish: TeamPartnerWish | null;
}

export interface ParticipantList {
  /** Confirmed participants in registration order who are not waiting. */
  participants: ParticipantListItem[];
  participantsWaitingList: ParticipantListItem[];
  /** Registered, not yet confirmed by the mailed link; newest last. */
  unconfirmedParticipants: ParticipantListItem[];
  waitingList: WaitingListStatus;
}

// ---- latest registrations (dashboard) ----

export const REGISTRATIONS_PAGE_SIZE = 20;

/** `?page=N`, counted from 0; missing means the first page. */
export const registrationsPageSchema = v.optional(
  v.pipe(v.string(), v.regex(/^\d{1,6}$/, msgId('invalidValue')), v.transform(Number)),
  '0',
);

interface Registration {
  participantId: string;
  firstnamePart: string;
  lastname: string;
  email: string;
  /** UTC instant, ISO 8601. */
  createdAt: string;
  /** False until the participant confirmed the registration by the mailed link. */
  activated: boolean;
}

export interface RegistrationsPage {
  registrations: Registration[];
  page: number;
  hasMore: boolean;
}

/** GET …/participant/:participantId/mailstate — whether the event's messages skip the address, since when and why. */
export interface ParticipantMailState {
  undeliverable: { failureType: MailFailureType; since: string } | null;
}
