import * as XLSX from '@e965/xlsx';
import type { Language } from '../../../../contract/dinner.js';
import { type Gender, type Participant, UNKNOWN } from '../../../../contract/participants.js';
import { ColumnHeader, type ColumnKey, ParticipantsMessage } from '../../../../contract/participants.messages.js';
import type { ExportFormat } from '../../../../contract/participants-import.js';
import { FORMULA_START } from '../../../../domain/participants/sheet-reading.js';
import { COLUMNS, type Kind, word } from './columns.js';

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

const GENDER_WORDS = {
  MALE: ParticipantsMessage.male,
  FEMALE: ParticipantsMessage.female,
  DIVERSE: ParticipantsMessage.diverse,
} as const;

function exportCell(p: ExportedParticipant, key: ColumnKey, kind: Kind, language: Language): Cell {
  const value = p[key];
  switch (kind) {
    case 'count':
      return value === UNKNOWN ? '' : (value as number);
    case 'flag':
      return word(language, value ? ParticipantsMessage.yes : ParticipantsMessage.no);
    case 'gender':
      return value === 'UNDEFINED' ? '' : word(language, GENDER_WORDS[value as Exclude<Gender, 'UNDEFINED'>]);
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
