import { LANGUAGES, type Language } from '../../../../contract/dinner.js';
import type { ColumnKey } from '../../../../contract/participants.messages.js';
import { translate } from '../../../lib/i18n.js';

// Export and import of participants as CSV or Excel workbook (SheetJS). Pure: no database, no HTTP.

export type Kind = 'number' | 'text' | 'count' | 'flag' | 'gender' | 'partner' | 'language';

/** The columns in the order export writes them; import finds them by their header in any language. */
export const COLUMNS: readonly { key: ColumnKey; kind: Kind }[] = [
  { key: 'participantNumber', kind: 'number' },
  { key: 'firstnamePart', kind: 'text' },
  { key: 'lastname', kind: 'text' },
  { key: 'gender', kind: 'gender' },
  { key: 'email', kind: 'text' },
  { key: 'mobileNumber', kind: 'text' },
  { key: 'street', kind: 'text' },
  { key: 'streetNr', kind: 'text' },
  { key: 'zip', kind: 'text' },
  { key: 'cityName', kind: 'text' },
  { key: 'addressRemarks', kind: 'text' },
  { key: 'age', kind: 'count' },
  { key: 'numSeats', kind: 'count' },
  { key: 'vegetarian', kind: 'flag' },
  { key: 'lactose', kind: 'flag' },
  { key: 'gluten', kind: 'flag' },
  { key: 'vegan', kind: 'flag' },
  { key: 'mealSpecificsNote', kind: 'text' },
  { key: 'teamPartnerWishEmail', kind: 'text' },
  { key: 'registeredTogetherWith', kind: 'partner' },
  { key: 'notes', kind: 'text' },
  { key: 'languageCode', kind: 'language' },
  { key: 'activated', kind: 'flag' },
];

export const word = (language: Language, descriptor: { id: string }) => translate(language, descriptor.id);
/** Every way a word or header may be written: the catalog's languages, the English source, and extra spellings. */
export const spellings = (descriptor: { id: string; message: string }, ...extra: string[]) => [
  ...LANGUAGES.map((l) => word(l, descriptor)),
  descriptor.message,
  ...extra,
];
