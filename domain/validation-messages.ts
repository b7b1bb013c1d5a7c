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
  controlCharacters: /*i18n*/ {
    id: 'validation.controlCharacters',
    message: 'Line breaks and control characters are not allowed here',
  },
  controlCharactersInText: /*i18n*/ {
    id: 'validation.controlCharactersInText',
    message: 'Control characters are not allowed',
  },
  invalidCharacter: /*i18n*/ {
    id: 'validation.invalidCharacter',
    message: 'Contains an incomplete or invalid character',
  },
  zipDigits: /*i18n*/ { id: 'validation.zipDigits', message: 'The zip code must contain at least 4 digits' },
  dateInPast: /*i18n*/ { id: 'validation.dateInPast', message: 'The date of the dinner must not be in the past' },
  sendAtInPast: /*i18n*/ { id: 'validation.sendAtInPast', message: 'The time to send must lie in the future' },
  mealCount: /*i18n*/ { id: 'validation.mealCount', message: 'A running dinner has 2 or 3 meals' },
  mealTimeNotOnDinnerDay: /*i18n*/ {
    id: 'validation.mealTimeNotOnDinnerDay',
    message: 'The meal must take place on the day of the dinner',
  },
  mealTimeOrder: /*i18n*/ { id: 'validation.mealTimeOrder', message: 'Each meal must start after the previous one' },
  teamSize: /*i18n*/ { id: 'validation.teamSize', message: 'Teams consist of 2 people' },
  endOfRegistrationAfterDinner: /*i18n*/ {
    id: 'validation.endOfRegistrationAfterDinner',
    message: 'The end of registration must not be after the date of the dinner',
  },
  zipRestrictionsInvalid: /*i18n*/ { id: 'validation.zipRestrictionsInvalid', message: 'Invalid zip codes: {invalid}' },
  afterPartyBeforeLastMeal: /*i18n*/ {
    id: 'validation.afterPartyBeforeLastMeal',
    message: 'The after-party must start after the last meal',
  },
  dinnerDateParamMissing: /*i18n*/ {
    id: 'validation.dinnerDateParamMissing',
    message: 'The date of the dinner (runningDinnerDate) is missing',
  },
  ageRange: /*i18n*/ { id: 'validation.ageRange', message: 'Age must be between 1 and 100' },
  numSeatsRange: /*i18n*/ { id: 'validation.numSeatsRange', message: 'Hardly more than 100 seats possible' },
  numSeatsFormat: /*i18n*/ {
    id: 'validation.numSeatsFormat',
    message: 'Please enter a whole number without leading zeros',
  },
  teamPartnerWishSelf: /*i18n*/ {
    id: 'validation.teamPartnerWishSelf',
    message: 'You cannot enter yourself as your wished team partner',
  },
  teamPartnerWishEitherOr: /*i18n*/ {
    id: 'validation.teamPartnerWishEitherOr',
    message: 'Either name your team partner by e-mail or register your team partner right away, not both',
  },
  teamPartnerWishDisabled: /*i18n*/ {
    id: 'validation.teamPartnerWishDisabled',
    message: 'This running dinner takes no team partner wishes',
  },
  partnerRegistrationNeedsSeats: /*i18n*/ {
    id: 'validation.partnerRegistrationNeedsSeats',
    message: 'As a team you host the others: you need at least {seats} seats',
  },
  dataProcessingRequired: /*i18n*/ {
    id: 'validation.dataProcessingRequired',
    message: 'Please agree to the processing of your data',
  },
  zipNotAllowed: /*i18n*/ {
    id: 'validation.zipNotAllowed',
    message: 'This running dinner only takes registrations from the zip codes {zipRestrictions}',
  },
  emailAlreadyRegistered: /*i18n*/ {
    id: 'validation.emailAlreadyRegistered',
    message: 'This e-mail address is already registered for this running dinner',
  },
} as const;

export const msgId = (key: keyof typeof ValidationMessage): string => ValidationMessage[key].id;
