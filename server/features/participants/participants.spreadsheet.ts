import * as XLSX from '@e965/xlsx';
import { unzipSync, zipSync } from 'fflate';
import * as v from 'valibot';
import { ValidationError } from '../../http/errors.js';
import { translate } from '../../lib/i18n.js';
import type { Issue } from '../../lib/validation.js';
import { msgId } from '../../lib/validation-messages.js';
import { LANGUAGES, type Language } from '../events/events.schema.js';
import type { ExportFormat, ImportedParticipant, ImportRow } from './participants-import.schema.js';
import { ColumnHeader, ParticipantsMessage, type ColumnKey } from './participants.messages.js';
import { participantInputSchema, UNKNOWN, validateParticipantInput, type Participant, type ParticipantInput } from './participants.schema.js';

// Export and import of participants as CSV or Excel workbook (SheetJS). Pure: no database, no HTTP.

export const MAX_IMPORT_ROWS = 2000;

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
const spellings = (descriptor: { id: string; message: string }, ...extra: string[]) => [...LANGUAGES.map((l) => word(l, descriptor)), descriptor.message, ...extra];

/** Headers and words compare without case, accents, spaces and punctuation: "E-Mail" is "email", "Straße" is "strasse". */
const normalized = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

// ---- export ----

/** A participant as export writes it: with the number of the partner registered together with them, if any. */
export interface ExportedParticipant extends Participant {
  registeredTogetherWith: number | null;
}

type Cell = string | number;

function exportCell(p: ExportedParticipant, key: ColumnKey, kind: Kind, language: Language): Cell {
  const value = p[key];
  switch (kind) {
    case 'count':
      return value === UNKNOWN ? '' : (value as number);
    case 'flag':
      return word(language, value ? ParticipantsMessage.yes : ParticipantsMessage.no);
    case 'gender':
      return value === 'MALE' ? word(language, ParticipantsMessage.male) : value === 'FEMALE' ? word(language, ParticipantsMessage.female) : '';
    default:
      return (value as Cell | null) ?? '';
  }
}

/**
 * Spreadsheet programs run a CSV cell that starts like a formula; participants' own entries must not, so such
 * a cell gets a leading apostrophe, which import takes off again.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const guardFormula = (cell: Cell) => (typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell);
const unguardFormula = (cell: string) => (FORMULA_START.test(cell) && cell.startsWith("'") ? cell.slice(1) : cell);

/** Wide enough for the header and the longest line of a column, within reason. */
const columnWidths = (rows: Cell[][]) =>
  rows[0].map((_, c) => ({ wch: Math.min(40, Math.max(...rows.map((r) => Math.max(...String(r[c]).split('\n').map((line) => line.length)))) + 2) }));

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * The participants as a workbook or CSV in the given language. The CSV is UTF-8 with a byte order mark and
 * separated the way the language's spreadsheet programs expect (";" in German, "," in English).
 */
export function writeParticipants(participants: readonly ExportedParticipant[], language: Language, format: ExportFormat): Uint8Array<ArrayBuffer> {
  const header = COLUMNS.map((c) => word(language, ColumnHeader[c.key]));
  const body = participants.map((p) => COLUMNS.map((c) => exportCell(p, c.key, c.kind, language)));
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

// ---- import: reading the file ----

export interface SheetRow {
  rowNumber: number;
  /** The cells of the recognised columns, as text. */
  cells: Partial<Record<ColumnKey, string>>;
}

export interface ParticipantSheet {
  rows: SheetRow[];
  ignoredColumns: string[];
}

/** The file's rows, or why it cannot be imported: plain data, as it comes back from a worker thread. */
export type SheetReading = { sheet: ParticipantSheet } | { issues: Issue[] };

/** The file as a whole cannot be imported. */
export const fileIssue = (message: { id: string }, values?: Record<string, string>): ValidationError =>
  new ValidationError([{ field: 'file', message: message.id, ...(values ? { values } : {}) }]);

/** Enough to notice a file with too many rows without reading a huge one to its end. */
const SHEET_ROWS_READ = MAX_IMPORT_ROWS * 5;
/** The export writes 23 columns; a list with a few more of the organiser's own still fits. */
const MAX_IMPORT_COLUMNS = 100;
/** As many different texts as the cells of the largest list hold (a real export has far fewer). */
const MAX_IMPORT_TEXTS = MAX_IMPORT_ROWS * MAX_IMPORT_COLUMNS;

/**
 * A real export of 2,000 participants is a zip of about a dozen parts that unpack to a few MB, most of it its
 * texts (in Excel's files the shared strings: every cell's text, once). A zip bomb declares far more and is
 * refused before anything is unpacked. The limits also bound SheetJS: the most wasteful 10 MB of XML (a
 * million tiny cells or styles) takes it up to 256 MB of heap.
 */
const WORKBOOK_LIMITS = { parts: 500, megabytes: 10, textMegabytes: 5 } as const;
const MEGABYTE = 1024 * 1024;
const SHARED_TEXTS_PART = /(^|\/)sharedStrings\.\w+$/i;

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Runs a reader of the file; whatever it throws but a file issue means the file cannot be read. */
function readable<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw error instanceof ValidationError ? error : fileIssue(ParticipantsMessage.importUnreadable);
  }
}

type DeclaredPart = { name: string; size: number };

/**
 * The parts of a zip with the size each declares unpacked, from its central directory: nothing is unpacked.
 * A directory may claim billions of parts; reading stops at the first one past the limit.
 */
function declaredParts(bytes: Uint8Array): DeclaredPart[] {
  const parts: DeclaredPart[] = [];
  unzipSync(bytes, {
    filter: ({ name, originalSize }) => {
      if (parts.push({ name, size: originalSize }) > WORKBOOK_LIMITS.parts) {
        throw fileIssue(ParticipantsMessage.importTooManyParts, { max: String(WORKBOOK_LIMITS.parts) });
      }
      return false;
    },
  });
  return parts;
}

function checkDeclaredSizes(parts: DeclaredPart[]): void {
  const megabytes = (which: DeclaredPart[]) => which.reduce((sum, part) => sum + part.size, 0) / MEGABYTE;
  if (megabytes(parts) > WORKBOOK_LIMITS.megabytes) throw fileIssue(ParticipantsMessage.importTooLarge, { max: String(WORKBOOK_LIMITS.megabytes) });
  if (megabytes(parts.filter((part) => SHARED_TEXTS_PART.test(part.name))) > WORKBOOK_LIMITS.textMegabytes) {
    throw fileIssue(ParticipantsMessage.importTextsTooLarge, { max: String(WORKBOOK_LIMITS.textMegabytes) });
  }
}

/**
 * The workbook with each part unpacked here into no more than the size its zip declares, and stored again
 * uncompressed for SheetJS. SheetJS itself would unpack a part that claims less than it holds to its end,
 * hundreds of MB; cut off at its declared size, such a part is at worst unreadable.
 */
function storedWorkbook(bytes: Uint8Array): Uint8Array {
  checkDeclaredSizes(readable(() => declaredParts(bytes)));
  return readable(() => zipSync(unzipSync(bytes), { level: 0 }));
}

/** UTF-8 (without its byte order mark), else Windows-1252 as older spreadsheet programs write it. */
function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  if (text.includes('\u0000')) throw new Error('binary data is no CSV');
  return text;
}

/** The separator of the first line: the most frequent of ";", "," and tab outside quotes. */
function separatorOf(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0].replace(/"[^"]*"/g, '');
  const counts = [';', ',', '\t'].map((s) => ({ s, n: firstLine.split(s).length }));
  return counts.reduce((best, c) => (c.n > best.n ? c : best), { s: ',', n: 1 }).s;
}

/** A workbook within the limits of its size; SheetJS keeps the shared texts it read, which its types do not tell. */
function readZipWorkbook(bytes: Uint8Array): XLSX.WorkBook {
  const stored = storedWorkbook(bytes);
  // Only the first sheet is imported; the others are not even parsed.
  const workbook = readable(() => XLSX.read(stored, { type: 'array', sheetRows: SHEET_ROWS_READ, sheets: 0 }));
  const texts = (workbook as { Strings?: unknown[] }).Strings?.length ?? 0;
  if (texts > MAX_IMPORT_TEXTS) throw fileIssue(ParticipantsMessage.importTooManyTexts, { max: String(MAX_IMPORT_TEXTS) });
  return workbook;
}

function readWorkbook(bytes: Uint8Array): { workbook: XLSX.WorkBook; csv: boolean } {
  if (bytes.length === 0) throw fileIssue(ParticipantsMessage.importEmpty);
  if (isZip(bytes)) return { workbook: readZipWorkbook(bytes), csv: false };
  // Read as plain strings: a zip code like 01234 must not become the number 1234.
  const text = readable(() => decodeText(bytes));
  return { workbook: readable(() => XLSX.read(text, { type: 'string', raw: true, FS: separatorOf(text), sheetRows: SHEET_ROWS_READ })), csv: true };
}

/**
 * The sheet's range up to its last column with a value: a workbook's dimension may claim thousands of empty
 * columns (a formatted row does), and reading the sheet fills every cell of its range.
 */
function usedRange(sheet: XLSX.WorkSheet): XLSX.Range {
  const range = XLSX.utils.decode_range(sheet['!ref']!);
  const lastColumn = Object.keys(sheet)
    .filter((address) => !address.startsWith('!'))
    .reduce((last, address) => Math.max(last, XLSX.utils.decode_cell(address).c), range.s.c);
  return { s: range.s, e: { r: range.e.r, c: Math.min(range.e.c, lastColumn) } };
}

const headerColumns = new Map<string, ColumnKey>(
  COLUMNS.flatMap(({ key }) => spellings(ColumnHeader[key], key).map((spelling) => [normalized(spelling), key] as const)),
);

/** The first sheet's rows with their numbers in the spreadsheet; the first row names the columns. */
function readSheet(bytes: Uint8Array, language: Language): ParticipantSheet {
  const { workbook, csv } = readWorkbook(bytes);
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  if (!sheet?.['!ref']) throw fileIssue(ParticipantsMessage.importEmpty);
  const range = usedRange(sheet);
  if (sheet['!fullref'] && XLSX.utils.decode_range(sheet['!fullref']).e.r > range.e.r) {
    throw fileIssue(ParticipantsMessage.importTooManyRows, { max: String(MAX_IMPORT_ROWS) });
  }
  if (range.e.c - range.s.c >= MAX_IMPORT_COLUMNS) throw fileIssue(ParticipantsMessage.importTooManyColumns, { max: String(MAX_IMPORT_COLUMNS) });
  const grid = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true, range });
  const [header = [], ...body] = grid.map((row) => row.map((cell) => (csv ? unguardFormula(String(cell)) : String(cell))));

  const columns = header.map((h) => headerColumns.get(normalized(h)));
  // A column named twice counts once: the first one.
  const known = columns.map((key, c) => (key && columns.indexOf(key) === c ? key : undefined));
  if (!known.includes('lastname')) {
    if (grid.every((row) => row.every((cell) => String(cell).trim() === ''))) throw fileIssue(ParticipantsMessage.importEmpty);
    throw fileIssue(ParticipantsMessage.importNoHeader, { column: word(language, ColumnHeader.lastname) });
  }
  const rows = body
    .map((cells, i) => ({
      rowNumber: range.s.r + i + 2,
      cells: Object.fromEntries(known.flatMap((key, c) => (key ? [[key, cells[c] ?? '']] : []))) as SheetRow['cells'],
    }))
    .filter((row) => Object.values(row.cells).some((cell) => cell.trim() !== ''));
  if (rows.length === 0) throw fileIssue(ParticipantsMessage.importEmpty);
  if (rows.length > MAX_IMPORT_ROWS) throw fileIssue(ParticipantsMessage.importTooManyRows, { max: String(MAX_IMPORT_ROWS) });
  return { rows, ignoredColumns: header.filter((h, c) => !known[c] && h.trim() !== '') };
}

/** The first sheet's rows, or the file's issue: a huge or hostile file is refused before it is read in full. */
export function readParticipantSheet(bytes: Uint8Array, language: Language): SheetReading {
  try {
    return { sheet: readSheet(bytes, language) };
  } catch (error) {
    if (error instanceof ValidationError) return { issues: error.issues };
    throw error;
  }
}

// ---- import: checking the rows ----

const words = (descriptor: { id: string; message: string }, extra: string[]) => new Set([...spellings(descriptor), ...extra].map(normalized));
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

const wholeNumber = (cell: string | undefined) => (cell !== undefined && /^\d+$/.test(cell.trim()) ? Number(cell.trim()) : null);

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
function partnerOf(row: SheetRow, byNumber: ReadonlyMap<number, SheetRow>): { partnerRowNumber: number | null; issue?: Issue } {
  const cell = (row.cells.registeredTogetherWith ?? '').trim();
  if (cell === '') return { partnerRowNumber: null };
  const number = wholeNumber(cell);
  if (number === null) return { partnerRowNumber: null, issue: { field: 'registeredTogetherWith', message: msgId('invalidValue') } };
  const partner = byNumber.get(number);
  if (!partner) return { partnerRowNumber: null, issue: { field: 'registeredTogetherWith', message: ParticipantsMessage.importPartnerMissing.id, values: { number: String(number) } } };
  if (partner === row || wholeNumber(partner.cells.registeredTogetherWith) !== wholeNumber(row.cells.participantNumber)) {
    return { partnerRowNumber: null, issue: { field: 'registeredTogetherWith', message: ParticipantsMessage.importPartnerMismatch.id, values: { number: String(number) } } };
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
      else if (firstRow !== undefined) addIssue({ field: 'email', message: ParticipantsMessage.importEmailTwice.id, values: { rowNumber: String(firstRow) } });
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

    const registeredTogetherWith = wholeNumber(row.cells.registeredTogetherWith) ?? ((row.cells.registeredTogetherWith ?? '').trim() || null);
    return {
      rowNumber: row.rowNumber,
      participant: { ...(validation.ok ? validation.value : shownFields(input)), languageCode: languageCode ?? row.cells.languageCode ?? '', registeredTogetherWith },
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
      row.issues.push({ field: 'registeredTogetherWith', message: ParticipantsMessage.importPartnerInvalid.id, values: { rowNumber: String(row.partnerRowNumber) } });
    }
  }
  return checked;
}
