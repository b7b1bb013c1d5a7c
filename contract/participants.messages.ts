import { SheetReadingMessage } from '../domain/participants/sheet-reading.js';

/**
 * Texts of the organiser's participant management as catalog descriptors (see validation-messages.ts). The
 * `i18n` comment marks them for `lingui extract`.
 */
export const ParticipantsMessage = {
  ...SheetReadingMessage,
  inTeam: /*i18n*/ {
    id: 'participants.inTeam',
    message: 'This participant is already in a team and can neither be deleted nor moved',
  },
  swapWithItself: /*i18n*/ {
    id: 'participants.swapWithItself',
    message: 'A participant cannot swap places with themselves',
  },
  teamPartnersFixed: /*i18n*/ {
    id: 'participants.teamPartnersFixed',
    message:
      'The team partner wish can change only before the teams are made: this change would pair or separate participants who are already in a team',
  },
  eventFull: /*i18n*/ {
    id: 'participants.eventFull',
    message: 'This running dinner is full: it may have at most {max} participants.',
  },
  importTooMany: /*i18n*/ {
    id: 'participants.import.tooMany',
    message:
      'The file would add {adding} participants, but this running dinner may have at most {max}: only {free} more fit. Nothing was imported.',
  },
  importUnsupportedType: /*i18n*/ {
    id: 'participants.import.unsupportedType',
    message: 'Please upload a CSV file or an Excel workbook (.xlsx)',
  },
  importTimeout: /*i18n*/ {
    id: 'participants.import.timeout',
    message: 'The file could not be read within {seconds} seconds. Please upload a smaller CSV file or Excel workbook',
  },
  importEmailTwice: /*i18n*/ {
    id: 'participants.import.emailTwice',
    message: 'This e-mail address is already in row {rowNumber} of the file',
  },
  importPartnerMissing: /*i18n*/ {
    id: 'participants.import.partnerMissing',
    message: 'There is no participant with the number {number} in the file',
  },
  importPartnerMismatch: /*i18n*/ {
    id: 'participants.import.partnerMismatch',
    message: 'Participant no. {number} is not registered together with this participant',
  },
  importPartnerInvalid: /*i18n*/ {
    id: 'participants.import.partnerInvalid',
    message: 'The partner registered together with this participant (row {rowNumber}) has errors',
  },
  yes: /*i18n*/ { id: 'participants.export.yes', message: 'yes' },
  no: /*i18n*/ { id: 'participants.export.no', message: 'no' },
  male: /*i18n*/ { id: 'participants.export.male', message: 'male' },
  female: /*i18n*/ { id: 'participants.export.female', message: 'female' },
  diverse: /*i18n*/ { id: 'participants.export.diverse', message: 'diverse' },
  fileName: /*i18n*/ { id: 'participants.export.fileName', message: '{title} - participants' },
  sheetName: /*i18n*/ { id: 'participants.export.sheetName', message: 'Participants' },
} as const;

/** The column headers export writes and import recognises (in every language). */
export const ColumnHeader = {
  participantNumber: /*i18n*/ { id: 'participants.column.number', message: 'No.' },
  firstnamePart: /*i18n*/ { id: 'participants.column.firstname', message: 'First name' },
  lastname: /*i18n*/ { id: 'participants.column.lastname', message: 'Last name' },
  gender: /*i18n*/ { id: 'participants.column.gender', message: 'Gender' },
  email: /*i18n*/ { id: 'participants.column.email', message: 'E-mail' },
  mobileNumber: /*i18n*/ { id: 'participants.column.mobileNumber', message: 'Mobile number' },
  street: /*i18n*/ { id: 'participants.column.street', message: 'Street' },
  streetNr: /*i18n*/ { id: 'participants.column.streetNr', message: 'House number' },
  zip: /*i18n*/ { id: 'participants.column.zip', message: 'Zip code' },
  cityName: /*i18n*/ { id: 'participants.column.city', message: 'City' },
  addressRemarks: /*i18n*/ { id: 'participants.column.addressRemarks', message: 'Address remarks' },
  age: /*i18n*/ { id: 'participants.column.age', message: 'Age' },
  numSeats: /*i18n*/ { id: 'participants.column.numSeats', message: 'Seats' },
  vegetarian: /*i18n*/ { id: 'participants.column.vegetarian', message: 'Vegetarian' },
  lactose: /*i18n*/ { id: 'participants.column.lactose', message: 'Lactose-free' },
  gluten: /*i18n*/ { id: 'participants.column.gluten', message: 'Gluten-free' },
  vegan: /*i18n*/ { id: 'participants.column.vegan', message: 'Vegan' },
  mealSpecificsNote: /*i18n*/ { id: 'participants.column.mealSpecificsNote', message: 'Meal notes' },
  teamPartnerWishEmail: /*i18n*/ {
    id: 'participants.column.teamPartnerWishEmail',
    message: 'Team partner wish (e-mail)',
  },
  registeredTogetherWith: /*i18n*/ {
    id: 'participants.column.registeredTogetherWith',
    message: 'Registered together with no.',
  },
  notes: /*i18n*/ { id: 'participants.column.notes', message: 'Notes' },
  languageCode: /*i18n*/ { id: 'participants.column.language', message: 'Language' },
  activated: /*i18n*/ { id: 'participants.column.confirmed', message: 'Confirmed' },
} as const;

export type ColumnKey = keyof typeof ColumnHeader;
