import * as v from 'valibot';
import {
  GENDER_ASPECTS,
  MAX_MEALS,
  MIN_MEALS,
  REGISTRATION_TYPES,
  RUNNING_DINNER_TYPES,
  TEAM_SIZE,
} from '../domain/events/dinner.js';
import {
  afterPartyIssues,
  completeMealTimes,
  dateIssues,
  endOfRegistrationIssues,
  mealIssues,
  mealsBeforeAfterPartyIssues,
  zipRestrictionIssues,
} from '../domain/events/dinner-rules.js';
import { LANGUAGES } from '../domain/language.js';
import {
  dateFromParts,
  dateTimeFromParts,
  isLocalDate,
  isLocalDateTime,
  type LocalDate,
  type LocalDateTime,
  toMinutePrecision,
} from '../domain/local-dates.js';
import {
  type FieldRule,
  multiLineText,
  prefixIssues,
  singleLineText,
  type TextSchema,
  validate,
} from '../domain/validation.js';
import { msgId } from '../domain/validation-messages.js';

// Isomorphic: the wire schemas and types of a running dinner, imported by the server and the client.

export * from '../domain/events/dinner.js';
export * from '../domain/language.js';

const requiredText = (max = 255, text: TextSchema = singleLineText) =>
  v.pipe(text(msgId('required')), v.nonEmpty(msgId('required')), v.maxLength(max, msgId('tooLong')));
const optionalText = (max = 255, text: TextSchema = singleLineText) =>
  v.optional(v.pipe(text(msgId('invalidValue')), v.maxLength(max, msgId('tooLong'))), '');
const requiredEmail = v.pipe(requiredText(), v.email(msgId('invalidEmail')));
const flag = (fallback: boolean) => v.optional(v.boolean(msgId('invalidValue')), fallback);

/** "2026-12-24" or [2026,12,24]. */
export const localDateSchema = v.pipe(
  v.union([v.string(), v.array(v.number())], msgId('invalidDate')),
  v.transform((d): LocalDate => (typeof d === 'string' ? d : dateFromParts(d))),
  v.check(isLocalDate, msgId('invalidDate')),
);
/** "2026-12-24T19:00" or [2026,12,24,19,0,0]. */
const localDateTimeSchema = v.pipe(
  v.union([v.string(), v.array(v.number())], msgId('invalidDateTime')),
  v.transform((d): LocalDateTime => (typeof d === 'string' ? d : dateTimeFromParts(d))),
  v.check(isLocalDateTime, msgId('invalidDateTime')),
  v.transform(toMinutePrecision),
);

const basicDetailsSchema = v.strictObject({
  title: requiredText(),
  city: requiredText(),
  zip: v.pipe(
    requiredText(10),
    v.check((zip) => (zip.match(/\d/g)?.length ?? 0) >= 4, msgId('zipDigits')),
  ),
  date: localDateSchema,
  registrationType: v.picklist(REGISTRATION_TYPES, msgId('invalidValue')),
  languageCode: v.optional(v.picklist(LANGUAGES, msgId('invalidValue')), 'de'),
});
export type BasicDetails = v.InferOutput<typeof basicDetailsSchema>;

const mealSchema = v.strictObject({
  id: v.optional(singleLineText(msgId('invalidValue'))),
  label: requiredText(),
  /** Optional on input: a meal without a time starts MINUTES_BETWEEN_MEALS after the previous one. */
  time: v.optional(localDateTimeSchema),
});
export type MealInput = v.InferOutput<typeof mealSchema>;
export interface Meal {
  id: string;
  label: string;
  time: LocalDateTime;
}

const mealsSchema = v.pipe(
  v.array(mealSchema, msgId('mealCount')),
  v.minLength(MIN_MEALS, msgId('mealCount')),
  v.maxLength(MAX_MEALS, msgId('mealCount')),
);

const optionsSchema = v.strictObject({
  teamSize: v.optional(v.literal(TEAM_SIZE, msgId('teamSize')), TEAM_SIZE),
  meals: mealsSchema,
  forceEqualDistributedCapacityTeams: flag(true),
  genderAspects: v.optional(v.picklist(GENDER_ASPECTS, msgId('invalidValue')), 'FORCE_GENDER_MIX'),
  considerShortestPaths: flag(false),
  teamPartnerWishDisabled: flag(false),
  zipRestrictions: optionalText(2000),
});
type Options = v.InferOutput<typeof optionsSchema>;

const publicSettingsSchema = v.strictObject({
  title: requiredText(),
  description: requiredText(4000, multiLineText),
  publicContactName: requiredText(),
  publicContactEmail: requiredEmail,
  publicContactMobileNumber: optionalText(),
  endOfRegistrationDate: v.optional(localDateSchema),
});
export type PublicSettingsInput = v.InferOutput<typeof publicSettingsSchema>;

const contractSchema = v.strictObject({
  fullname: requiredText(),
  streetWithNr: requiredText(),
  zip: requiredText(10),
  city: requiredText(),
  email: requiredEmail,
  newsletterEnabled: flag(false),
});
export type Contract = v.InferOutput<typeof contractSchema>;

const geocodingResultSchema = v.nullish(v.object({ lat: v.number(), lng: v.number() }));

const afterPartyLocationSchema = v.strictObject({
  /** Without one the party is called by its default name in the event's language. */
  title: v.optional(requiredText()),
  time: localDateTimeSchema,
  street: requiredText(),
  streetNr: requiredText(),
  zip: requiredText(10),
  cityName: requiredText(),
  addressName: optionalText(),
  addressRemarks: optionalText(2048, multiLineText),
  geocodingResult: geocodingResultSchema,
});
export type AfterPartyLocationInput = v.InferOutput<typeof afterPartyLocationSchema>;
export type AfterPartyLocation = AfterPartyLocationInput & { title: string };

const createRunningDinnerSchema = v.strictObject({
  email: requiredEmail,
  runningDinnerType: v.optional(v.picklist(RUNNING_DINNER_TYPES, msgId('invalidValue')), 'STANDARD'),
  basicDetails: basicDetailsSchema,
  options: optionsSchema,
  publicSettings: v.nullish(publicSettingsSchema),
  contract: v.nullish(contractSchema),
  afterPartyLocation: v.nullish(afterPartyLocationSchema),
});
export type CreateRunningDinner = v.InferOutput<typeof createRunningDinnerSchema>;

const updateMealsSchema = v.strictObject({ meals: mealsSchema });
/** Without teamPartnerWishDisabled the stored setting stays. */
const updateBasicSettingsSchema = v.strictObject({
  basicDetails: basicDetailsSchema,
  teamPartnerWishDisabled: v.optional(v.boolean(msgId('invalidValue'))),
});

// Each validator reports the problems of the fields and of the rules across them together, so a form shows all at once.

export const validateBasicDetails = (input: unknown, today: LocalDate) =>
  validate(basicDetailsSchema, input, [{ reads: ['date'], check: (b) => dateIssues(b.date, today) }]);
export const validateOptions = (input: unknown, date: LocalDate) =>
  validate(optionsSchema, input, [
    { reads: ['meals'], check: (o) => mealIssues(o.meals, date) },
    { reads: ['zipRestrictions'], check: (o) => zipRestrictionIssues(o.zipRestrictions) },
  ]);
export const validatePublicSettings = (input: unknown, date: LocalDate) =>
  validate(publicSettingsSchema, input, [
    { reads: ['endOfRegistrationDate'], check: (p) => endOfRegistrationIssues(p.endOfRegistrationDate, date) },
  ]);
export const validateAfterPartyLocation = (input: unknown, meals?: Meal[]) =>
  validate(afterPartyLocationSchema, input, [{ reads: ['time'], check: (a) => afterPartyIssues(a, meals) }]);

export const validateMealsUpdate = (input: unknown, date: LocalDate, afterPartyTime: LocalDateTime | null) =>
  validate(updateMealsSchema, input, ({ meals }) => {
    const issues = mealIssues(meals, date);
    return issues.length > 0 ? issues : mealsBeforeAfterPartyIssues(meals, date, afterPartyTime);
  });

/** Only a new date must not lie in the past: a dinner keeps its date while the organiser edits other fields. */
export const validateBasicSettingsUpdate = (input: unknown, currentDate: LocalDate, today: LocalDate) =>
  validate(updateBasicSettingsSchema, input, (b) =>
    b.basicDetails.date === currentDate ? [] : prefixIssues('basicDetails', dateIssues(b.basicDetails.date, today)),
  );

/** Paths relative to the body; the rules of one section report with its prefix. */
function createRunningDinnerRules(today: LocalDate): FieldRule<CreateRunningDinner>[] {
  const completedMeals = (body: CreateRunningDinner) =>
    completeMealTimes(body.options.meals, body.basicDetails.date).map((m, i) => ({ ...m, id: String(i) }));
  return [
    {
      reads: ['basicDetails.date'],
      check: (body) => prefixIssues('basicDetails', dateIssues(body.basicDetails.date, today)),
    },
    {
      reads: ['basicDetails.date', 'options.meals'],
      check: (body) => prefixIssues('options', mealIssues(body.options.meals, body.basicDetails.date)),
    },
    {
      reads: ['options.zipRestrictions'],
      check: (body) => prefixIssues('options', zipRestrictionIssues(body.options.zipRestrictions)),
    },
    {
      reads: ['basicDetails.date', 'publicSettings.endOfRegistrationDate'],
      check: (body) =>
        body.publicSettings
          ? prefixIssues(
              'publicSettings',
              endOfRegistrationIssues(body.publicSettings.endOfRegistrationDate, body.basicDetails.date),
            )
          : [],
    },
    {
      reads: ['basicDetails.registrationType', 'publicSettings'],
      check: (body) =>
        body.basicDetails.registrationType !== 'CLOSED' && !body.publicSettings
          ? [{ field: 'publicSettings', message: msgId('required') }]
          : [],
    },
    {
      reads: ['runningDinnerType', 'contract'],
      check: (body) =>
        body.runningDinnerType === 'STANDARD' && !body.contract
          ? [{ field: 'contract', message: msgId('required') }]
          : [],
    },
    {
      reads: ['basicDetails.date', 'options.meals', 'afterPartyLocation.time'],
      check: (body) =>
        body.afterPartyLocation
          ? prefixIssues('afterPartyLocation', afterPartyIssues(body.afterPartyLocation, completedMeals(body)))
          : [],
    },
  ];
}
/** A resend may name another address while the creator has not confirmed: a typo in the wizard. */
const resendCreatedMessageSchema = v.strictObject({ newEmailAddress: v.optional(requiredEmail) });
export type ResendCreatedMessage = v.InferOutput<typeof resendCreatedMessageSchema>;
export const validateResendCreatedMessage = (input: unknown) => validate(resendCreatedMessageSchema, input);

export const validateCreateRunningDinner = (input: unknown, today: LocalDate) =>
  validate(createRunningDinnerSchema, input, createRunningDinnerRules(today));

// ---- what the server answers ----

interface PublicSettings {
  title: string;
  description: string;
  publicContactName: string;
  publicContactEmail: string;
  publicContactMobileNumber: string;
  endOfRegistrationDate: LocalDate;
  registrationDeactivated: boolean;
  publicDinnerId: string;
  publicDinnerUrl: string;
}

export type ReadOnlyReason = 'CANCELLED' | 'DATE_PASSED';

export interface RunningDinner {
  adminId: string;
  email: string;
  runningDinnerType: 'STANDARD' | 'DEMO';
  basicDetails: BasicDetails;
  options: Omit<Options, 'meals'> & { meals: Meal[] };
  publicSettings: PublicSettings;
  contract: Contract;
  afterPartyLocation: AfterPartyLocation | null;
  acknowledgedDate: string | null;
  cancellationDate: string | null;
  /** When the cancelled event and all its data are deleted. */
  deletionDate: string | null;
  createdAt: string;
  /** Messaging is locked until the organiser confirmed the mailed link (demo events need no confirmation). */
  messagingLocked: boolean;
  readOnlyReason: ReadOnlyReason | null;
  /** Everyone registered or added, confirmed or not. */
  participantCount: number;
  /** Those who confirmed: they count towards the teams. */
  confirmedParticipantCount: number;
}

export interface CreateRunningDinnerResponse {
  runningDinner: RunningDinner;
  administrationUrl: string;
}
