/**
 * Validation messages as catalog descriptors: the schemas carry the id, the server answers with the text in
 * the caller's language and the client translates the same id when it validates locally.
 * The `i18n` comment marks them for `lingui extract`.
 */
export const ValidationMessage = {
  required: /*i18n*/ { id: 'validation.required', message: 'Required field' },
  tooLong: /*i18n*/ { id: 'validation.tooLong', message: 'Maximum number of characters exceeded' },
  invalidEmail: /*i18n*/ { id: 'validation.invalidEmail', message: 'Invalid e-mail address' },
  invalidDate: /*i18n*/ { id: 'validation.invalidDate', message: 'Please enter a valid date' },
  invalidDateTime: /*i18n*/ { id: 'validation.invalidDateTime', message: 'Please enter a valid time' },
  invalidValue: /*i18n*/ { id: 'validation.invalidValue', message: 'Invalid value' },
  unknownField: /*i18n*/ { id: 'validation.unknownField', message: 'Unknown field' },
  zipDigits: /*i18n*/ { id: 'validation.zipDigits', message: 'The zip code must contain at least 4 digits' },
  dateInPast: /*i18n*/ { id: 'validation.dateInPast', message: 'The date of the dinner must not be in the past' },
  mealCount: /*i18n*/ { id: 'validation.mealCount', message: 'A running dinner has 2 or 3 meals' },
  mealTimeNotOnDinnerDay: /*i18n*/ { id: 'validation.mealTimeNotOnDinnerDay', message: 'The meal must take place on the day of the dinner' },
  mealTimeOrder: /*i18n*/ { id: 'validation.mealTimeOrder', message: 'Each meal must start after the previous one' },
  teamSize: /*i18n*/ { id: 'validation.teamSize', message: 'Teams consist of 2 people' },
  endOfRegistrationAfterDinner: /*i18n*/ {
    id: 'validation.endOfRegistrationAfterDinner',
    message: 'The end of registration must not be after the date of the dinner',
  },
  zipRestrictionsInvalid: /*i18n*/ { id: 'validation.zipRestrictionsInvalid', message: 'Invalid zip codes: {invalid}' },
  afterPartyBeforeLastMeal: /*i18n*/ { id: 'validation.afterPartyBeforeLastMeal', message: 'The after-party must start after the last meal' },
  dinnerDateParamMissing: /*i18n*/ { id: 'validation.dinnerDateParamMissing', message: 'The date of the dinner (runningDinnerDate) is missing' },
} as const;

export type ValidationMessageId = (typeof ValidationMessage)[keyof typeof ValidationMessage]['id'];

export const msgId = (key: keyof typeof ValidationMessage): string => ValidationMessage[key].id;
