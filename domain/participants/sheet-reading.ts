import * as XLSX from '@e965/xlsx';
import { unzipSync, zipSync } from 'fflate';
import type { Issue } from '../validation.js';

// Reading an uploaded list of participants, CSV or Excel workbook (SheetJS), in a worker thread: a huge or
// hostile file is refused before it is read in full. Which header names which column is the caller's to say.

const MAX_IMPORT_ROWS = 2000;

/** Texts of a file that cannot be imported as catalog descriptors (see validation-messages.ts). */
export const SheetReadingMessage = {
  importUnreadable: /*i18n*/ {
    id: 'participants.import.unreadable',
    message: 'The file cannot be read. Please upload a CSV file or an Excel workbook (.xlsx)',
  },
  importEmpty: /*i18n*/ { id: 'participants.import.empty', message: 'The file contains no participants' },
  importNoHeader: /*i18n*/ {
    id: 'participants.import.noHeader',
    message: 'The first row of the file must name the columns, at least the column "{column}"',
  },
  importTooManyRows: /*i18n*/ {
    id: 'participants.import.tooManyRows',
    message: 'A file can hold at most {max} participants',
  },
  importTooManyColumns: /*i18n*/ {
    id: 'participants.import.tooManyColumns',
    message: 'A file can have at most {max} columns',
  },
  importTooManyParts: /*i18n*/ {
    id: 'participants.import.tooManyParts',
    message: 'The workbook consists of more than {max} parts, far more than a list of participants needs',
  },
  importTooLarge: /*i18n*/ {
    id: 'participants.import.tooLarge',
    message: 'The workbook unpacks to more than {max} MB, far more than a list of participants needs',
  },
  importTextsTooLarge: /*i18n*/ {
    id: 'participants.import.textsTooLarge',
    message: 'The texts of the workbook unpack to more than {max} MB, far more than a list of participants needs',
  },
  importTooManyTexts: /*i18n*/ {
    id: 'participants.import.tooManyTexts',
    message: 'The workbook holds more than {max} different texts, more than a list of participants can have',
  },
} as const;

/** Headers and words compare without case, accents, spaces and punctuation: "E-Mail" is "email", "Straße" is "strasse". */
export const normalized = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Spreadsheet programs run a CSV cell that starts like a formula; participants' own entries must not, so export
 * gives such a cell a leading apostrophe, which import takes off again.
 */
export const FORMULA_START = /^'*[=+\-@\t\r]/;
const unguardFormula = (cell: string) => (FORMULA_START.test(cell) && cell.startsWith("'") ? cell.slice(1) : cell);

/** What the worker is asked: the file, and which header (normalised) names which column. */
export interface SheetReadingTask {
  bytes: Uint8Array;
  headers: readonly (readonly [string, string])[];
  /** The column every file must have, and its header in the caller's language for the message. */
  required: { key: string; header: string };
}

export interface SheetRow {
  rowNumber: number;
  /** The cells of the recognised columns, as text, by column key. */
  cells: Partial<Record<string, string>>;
}

export interface ParticipantSheet {
  rows: SheetRow[];
  ignoredColumns: string[];
}

/** The file's rows, or why it cannot be imported: plain data, as it comes back from a worker thread. */
export type SheetReading = { sheet: ParticipantSheet } | { issues: Issue[] };

/** The file as a whole cannot be imported. */
class FileIssue extends Error {
  constructor(readonly issue: Issue) {
    super(issue.message);
  }
}
const fileIssue = (message: { id: string }, values?: Record<string, string>) =>
  new FileIssue({ field: 'file', message: message.id, ...(values ? { values } : {}) });

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
    throw error instanceof FileIssue ? error : fileIssue(SheetReadingMessage.importUnreadable);
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
        throw fileIssue(SheetReadingMessage.importTooManyParts, { max: String(WORKBOOK_LIMITS.parts) });
      }
      return false;
    },
  });
  return parts;
}

function checkDeclaredSizes(parts: DeclaredPart[]): void {
  const megabytes = (which: DeclaredPart[]) => which.reduce((sum, part) => sum + part.size, 0) / MEGABYTE;
  if (megabytes(parts) > WORKBOOK_LIMITS.megabytes)
    throw fileIssue(SheetReadingMessage.importTooLarge, { max: String(WORKBOOK_LIMITS.megabytes) });
  if (megabytes(parts.filter((part) => SHARED_TEXTS_PART.test(part.name))) > WORKBOOK_LIMITS.textMegabytes) {
    throw fileIssue(SheetReadingMessage.importTextsTooLarge, { max: String(WORKBOOK_LIMITS.textMegabytes) });
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
  if (texts > MAX_IMPORT_TEXTS)
    throw fileIssue(SheetReadingMessage.importTooManyTexts, { max: String(MAX_IMPORT_TEXTS) });
  return workbook;
}

function readWorkbook(bytes: Uint8Array): { workbook: XLSX.WorkBook; csv: boolean } {
  if (bytes.length === 0) throw fileIssue(SheetReadingMessage.importEmpty);
  if (isZip(bytes)) return { workbook: readZipWorkbook(bytes), csv: false };
  // Read as plain strings: a zip code like 01234 must not become the number 1234.
  const text = readable(() => decodeText(bytes));
  return {
    workbook: readable(() =>
      XLSX.read(text, { type: 'string', raw: true, FS: separatorOf(text), sheetRows: SHEET_ROWS_READ }),
    ),
    csv: true,
  };
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

/** The first sheet's rows with their numbers in the spreadsheet; the first row names the columns. */
function readSheet({ bytes, headers, required }: SheetReadingTask): ParticipantSheet {
  const headerColumns = new Map(headers);
  const { workbook, csv } = readWorkbook(bytes);
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  if (!sheet?.['!ref']) throw fileIssue(SheetReadingMessage.importEmpty);
  const range = usedRange(sheet);
  if (sheet['!fullref'] && XLSX.utils.decode_range(sheet['!fullref']).e.r > range.e.r) {
    throw fileIssue(SheetReadingMessage.importTooManyRows, { max: String(MAX_IMPORT_ROWS) });
  }
  if (range.e.c - range.s.c >= MAX_IMPORT_COLUMNS)
    throw fileIssue(SheetReadingMessage.importTooManyColumns, { max: String(MAX_IMPORT_COLUMNS) });
  const grid = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true, range });
  const [header = [], ...body] = grid.map((row) =>
    row.map((cell) => (csv ? unguardFormula(String(cell)) : String(cell))),
  );

  const columns = header.map((h) => headerColumns.get(normalized(h)));
  // A column named twice counts once: the first one.
  const known = columns.map((key, c) => (key && columns.indexOf(key) === c ? key : undefined));
  if (!known.includes(required.key)) {
    if (grid.every((row) => row.every((cell) => String(cell).trim() === '')))
      throw fileIssue(SheetReadingMessage.importEmpty);
    throw fileIssue(SheetReadingMessage.importNoHeader, { column: required.header });
  }
  const rows = body
    .map((cells, i) => ({
      rowNumber: range.s.r + i + 2,
      cells: Object.fromEntries(known.flatMap((key, c) => (key ? [[key, cells[c] ?? '']] : []))) as SheetRow['cells'],
    }))
    .filter((row) => Object.values(row.cells).some((cell) => cell?.trim()));
  if (rows.length === 0) throw fileIssue(SheetReadingMessage.importEmpty);
  if (rows.length > MAX_IMPORT_ROWS)
    throw fileIssue(SheetReadingMessage.importTooManyRows, { max: String(MAX_IMPORT_ROWS) });
  return { rows, ignoredColumns: header.filter((h, c) => !known[c] && h.trim() !== '') };
}

/** The first sheet's rows, or the file's issue: a huge or hostile file is refused before it is read in full. */
export function readParticipantSheet(task: SheetReadingTask): SheetReading {
  try {
    return { sheet: readSheet(task) };
  } catch (error) {
    if (error instanceof FileIssue) return { issues: [error.issue] };
    throw error;
  }
}
