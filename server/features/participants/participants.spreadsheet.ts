import * as XLSX from '@e965/xlsx';
import * as v from 'valibot';
import { LANGUAGES, type Language } from '../../../contract/dinner.js';
import {
  type Participant,
  type ParticipantInput,
  participantInputSchema,
  UNKNOWN,
  validateParticipantInput,
} from '../../../contract/participants.js';
import { ColumnHeader, type ColumnKey, ParticipantsMessage } from '../../../contract/participants.messages.js';
import type { ExportFormat, ImportedParticipant, ImportRow } from '../../../contract/participants-import.js';
import {
  FORMULA_START,
  normalized,
  type ParticipantSheet,
  type SheetReadingTask,
  type SheetRow,
} from '../../../domain/participants/sheet-reading.js';
import type { Issue } from '../../../domain/validation.js';
import { msgId } from '../../../domain/validation-messages.js';
import { translate } from '../../lib/i18n.js';

// Export and import of participants as CSV or Excel workbook (SheetJS). Pure: no database, no HTTP.

type Kind = 'number' | 'text' | 'count' | 'flag' | 'gender' | 'partner' | 'language';

/** The columns in the order export writes them; import finds them by their header in any language. */
const COLUMNS: readonly { key: ColumnKey; kind: Kind }[] = [
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

const word = (language: Language, descriptor: { id: string }) => translate(language, descriptor.id);
/** Every way a word or header may be written: the catalog's languages, the English source, and extra spellings. */
const spellings = (descriptor: { id: string; message: string }, ...extra: string[]) => [
  ...LANGUAGES.map((l) => word(l, descriptor)),
  descriptor.message,
  ...extra,
];

// ---- export ----

/** A participant as export writes it: with the number of the partner registered together with them, if any. */
export interface ExportedParticipant extends Participant {
  registeredTogetherWith: number | null;
}

type Cell = string | number;

/** A column another feature adds after the participants' own (e.g. the payment status); import does not read it. */
export interface ExtraColumn {
  header: string;
  cellOf: (participant: ExportedParticipant) => Cell;
}

function exportCell(p: ExportedParticipant, key: ColumnKey, kind: Kind, language: Language): Cell {
  const value = p[key];
  switch (kind) {
    case 'count':
      return value === UNKNOWN ? '' : (value as number);
    case 'flag':
      return word(language, value ? ParticipantsMessage.yes : ParticipantsMessage.no);
    case 'gender':
      return value === 'MALE'
        ? word(language, ParticipantsMessage.male)
        : value === 'FEMALE'
          ? word(language, ParticipantsMessage.female)
          : '';
    default:
      return (value as Cell | null) ?? '';
  }
}

const guardFormula = (cell: Cell) => (typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell);

/** Wide enough for the header and the longest line of a column, within reason. */
const columnWidths = (rows: Cell[][]) =>
  rows[0].map((_, c) => ({
    wch: Math.min(
      40,
      Math.max(
        ...rows.map((r) =>
          Math.max(
            ...String(r[c])
              .split('\n')
              .map((line) => line.length),
          ),
        ),
      ) + 2,
    ),
  }));

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * The participants as a workbook or CSV in the given language. The CSV is UTF-8 with a byte order mark and
 * separated the way the language's spreadsheet programs expect (";" in German, "," in English).
 */
export function writeParticipants(
  participants: readonly ExportedParticipant[],
  language: Language,
  format: ExportFormat,
  extraColumns: readonly ExtraColumn[] = [],
): Uint8Array<ArrayBuffer> {
  const header = [...COLUMNS.map((c) => word(language, ColumnHeader[c.key])), ...extraColumns.map((c) => c.header)];
  const body = participants.map((p) => [
    ...COLUMNS.map((c) => exportCell(p, c.key, c.kind, language)),
    ...extraColumns.map((c) => c.cellOf(p)),
  ]);
  if (format === 'csv') {
    const sheet = XLSX.utils.aoa_to_sheet([header, ...body.map((row) => row.map(guardFormula))]);
    // Every cell quoted: SheetJS would otherwise leave a line break other than the row separator bare.
    const csv = XLSX.utils.sheet_to_csv(sheet, { FS: language === 'de' ? ';' : ',', RS: '\r\n', forceQuotes: true });
    return Buffer.from(`\uFEFF${csv}`, 'utf8');
  }
  const sheet = XLSX.utils.aoa_to_sheet([header, ...body]);
  sheet['!cols'] = columnWidths([header, ...body]);
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, word(language, ParticipantsMessage.sheetName).slice(0, 31));
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true });
}

// ---- import: reading the file (in a worker thread: domain/participants/sheet-reading.ts) ----

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

// ---- import: checking the rows ----

const words = (descriptor: { id: string; message: string }, extra: string[]) =>
  new Set([...spellings(descriptor), ...extra].map(normalized));
const YES = words(ParticipantsMessage.yes, ['yes', 'ja', 'true', 'wahr', '1', 'x']);
const NO = words(ParticipantsMessage.no, ['no', 'nein', 'false', 'falsch', '0', '']);
const MALE = words(ParticipantsMessage.male, ['MALE']);
const FEMALE = words(ParticipantsMessage.female, ['FEMALE']);

/** A flag or gender the file writes in words; a word it does not know stays as written, so validation names it. */
const flagOf = (cell: string) => (YES.has(normalized(cell)) ? true : NO.has(normalized(cell)) ? false : cell);
function genderOf(cell: string) {
  const w = normalized(cell);
  if (w === '' || w === 'undefined') return 'UNDEFINED';
  return MALE.has(w) ? 'MALE' : FEMALE.has(w) ? 'FEMALE' : cell;
}

type InputKey = keyof typeof participantInputSchema.entries;
const INPUT_KEYS = Object.keys(participantInputSchema.entries) as InputKey[];
const kindOf = (key: ColumnKey) => COLUMNS.find((c) => c.key === key)!.kind;

/** What the organiser's form would send for this row; missing columns stay missing (their defaults apply). */
function inputOf(cells: SheetRow['cells']): Partial<Record<InputKey, unknown>> {
  const input: Partial<Record<InputKey, unknown>> = {};
  for (const key of INPUT_KEYS) {
    const cell = cells[key];
    if (cell === undefined) continue;
    const kind = kindOf(key);
    input[key] = kind === 'flag' ? flagOf(cell) : kind === 'gender' ? genderOf(cell) : cell;
  }
  return input;
}

/** Each field parsed on its own: the value as it would be stored, or the cell as written where it does not parse. */
function shownFields(input: Partial<Record<InputKey, unknown>>) {
  return Object.fromEntries(
    INPUT_KEYS.map((key) => {
      const parsed = v.safeParse(participantInputSchema.entries[key], input[key]);
      return [key, parsed.success ? parsed.output : (input[key] ?? '')];
    }),
  ) as Omit<ImportedParticipant, 'languageCode' | 'registeredTogetherWith'>;
}

const wholeNumber = (cell: string | undefined) =>
  cell !== undefined && /^\d+$/.test(cell.trim()) ? Number(cell.trim()) : null;

export interface ImportContext {
  /** E-mail addresses the event already has. */
  takenEmails: ReadonlySet<string>;
  teamPartnerWishDisabled: boolean;
  /** The event's language: the participants' language when the file names none. */
  language: Language;
}

/** A checked row; without issues it is stored as `input`. */
export interface CheckedRow extends ImportRow {
  input: ParticipantInput | null;
  languageCode: Language;
  /** An unconfirmed registration stays unconfirmed; a file without the column brings confirmed participants. */
  activated: boolean;
  /** The row of the partner registered together with this participant. */
  partnerRowNumber: number | null;
}

function languageOf(cell: string | undefined, fallback: Language): Language | undefined {
  const code = (cell ?? '').trim().toLowerCase();
  if (code === '') return fallback;
  return LANGUAGES.find((l) => l === code);
}

/** The partner a row names by number must name this row back. */
function partnerOf(
  row: SheetRow,
  byNumber: ReadonlyMap<number, SheetRow>,
): { partnerRowNumber: number | null; issue?: Issue } {
  const cell = (row.cells.registeredTogetherWith ?? '').trim();
  if (cell === '') return { partnerRowNumber: null };
  const number = wholeNumber(cell);
  if (number === null)
    return { partnerRowNumber: null, issue: { field: 'registeredTogetherWith', message: msgId('invalidValue') } };
  const partner = byNumber.get(number);
  if (!partner)
    return {
      partnerRowNumber: null,
      issue: {
        field: 'registeredTogetherWith',
        message: ParticipantsMessage.importPartnerMissing.id,
        values: { number: String(number) },
      },
    };
  if (
    partner === row ||
    wholeNumber(partner.cells.registeredTogetherWith) !== wholeNumber(row.cells.participantNumber)
  ) {
    return {
      partnerRowNumber: null,
      issue: {
        field: 'registeredTogetherWith',
        message: ParticipantsMessage.importPartnerMismatch.id,
        values: { number: String(number) },
      },
    };
  }
  return { partnerRowNumber: partner.rowNumber };
}

/**
 * Validates every row with the organiser's rules, plus the rules between rows and against the event: an
 * e-mail address the event has or an earlier row has, a partner wish where the event takes none, partners
 * registered together whose other half is wrong.
 */
export function checkImportRows(sheet: ParticipantSheet, context: ImportContext): CheckedRow[] {
  const byNumber = new Map<number, SheetRow>();
  for (const row of sheet.rows) {
    const number = wholeNumber(row.cells.participantNumber);
    if (number !== null && !byNumber.has(number)) byNumber.set(number, row);
  }
  const firstRowOfEmail = new Map<string, number>();

  const checked = sheet.rows.map((row): CheckedRow => {
    const input = inputOf(row.cells);
    const validation = validateParticipantInput(input);
    const issues: Issue[] = validation.ok ? [] : [...validation.issues];
    const addIssue = (issue: Issue) => {
      if (!issues.some((i) => i.field === issue.field)) issues.push(issue);
    };

    const email = (row.cells.email ?? '').trim().toLowerCase();
    if (email !== '') {
      const firstRow = firstRowOfEmail.get(email);
      if (context.takenEmails.has(email)) addIssue({ field: 'email', message: msgId('emailAlreadyRegistered') });
      else if (firstRow !== undefined)
        addIssue({
          field: 'email',
          message: ParticipantsMessage.importEmailTwice.id,
          values: { rowNumber: String(firstRow) },
        });
      else firstRowOfEmail.set(email, row.rowNumber);
    }
    if (context.teamPartnerWishDisabled) {
      for (const field of ['teamPartnerWishEmail', 'registeredTogetherWith'] as const) {
        if ((row.cells[field] ?? '').trim() !== '') addIssue({ field, message: msgId('teamPartnerWishDisabled') });
      }
    }
    const languageCode = languageOf(row.cells.languageCode, context.language);
    if (!languageCode) addIssue({ field: 'languageCode', message: msgId('invalidValue') });
    const partner = partnerOf(row, byNumber);
    if (partner.issue) addIssue(partner.issue);
    const confirmedCell = (row.cells.activated ?? '').trim();
    const activated = confirmedCell === '' || flagOf(confirmedCell) !== false;

    const registeredTogetherWith =
      wholeNumber(row.cells.registeredTogetherWith) ?? ((row.cells.registeredTogetherWith ?? '').trim() || null);
    return {
      rowNumber: row.rowNumber,
      participant: {
        ...(validation.ok ? validation.value : shownFields(input)),
        languageCode: languageCode ?? row.cells.languageCode ?? '',
        registeredTogetherWith,
      },
      issues,
      input: validation.ok ? validation.value : null,
      languageCode: languageCode ?? context.language,
      activated,
      partnerRowNumber: partner.partnerRowNumber,
    };
  });

  // Partners registered together come as a pair or not at all.
  const invalidRows = new Set(checked.filter((r) => r.issues.length > 0).map((r) => r.rowNumber));
  for (const row of checked) {
    if (row.issues.length === 0 && row.partnerRowNumber !== null && invalidRows.has(row.partnerRowNumber)) {
      row.issues.push({
        field: 'registeredTogetherWith',
        message: ParticipantsMessage.importPartnerInvalid.id,
        values: { rowNumber: String(row.partnerRowNumber) },
      });
    }
  }
  return checked;
}
