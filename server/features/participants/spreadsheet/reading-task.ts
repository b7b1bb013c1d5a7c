import type { Language } from '../../../../contract/dinner.js';
import { ColumnHeader } from '../../../../contract/participants.messages.js';
import { normalized, type SheetReadingTask } from '../../../../domain/participants/sheet-reading.js';
import { COLUMNS, spellings, word } from './columns.js';

// The file itself is read in a worker thread (domain/participants/sheet-reading.ts).

/** Every spelling of every header, normalised, with its column. */
const headerSpellings = COLUMNS.flatMap(({ key }) =>
  spellings(ColumnHeader[key], key).map((spelling) => [normalized(spelling), key] as const),
);

/** What the worker needs to read `bytes`: the columns' headers in any language, and the one every file must have. */
export const sheetReadingTask = (bytes: Uint8Array, language: Language): SheetReadingTask => ({
  bytes,
  headers: headerSpellings,
  required: { key: 'lastname', header: word(language, ColumnHeader.lastname) },
});
