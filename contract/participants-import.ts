import * as v from 'valibot';
import type { Issue } from '../domain/validation.js';
import { msgId } from '../domain/validation-messages.js';
import type { Language } from './dinner.js';
import type { ParticipantInput } from './participants.js';

// Isomorphic: the wire types of the participants' export and import, imported by the server and the client.

const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `GET …/participants/export?format=xlsx|csv`; missing means xlsx. */
export const exportFormatSchema = v.optional(v.picklist(EXPORT_FORMATS, msgId('invalidValue')), 'xlsx');

/** `POST …/participants/import?skipInvalid=true|false`; missing means false: a file with errors stores nothing. */
export const skipInvalidSchema = v.pipe(
  v.optional(v.picklist(['true', 'false'], msgId('invalidValue')), 'false'),
  v.transform((s) => s === 'true'),
);

/** The Content-Types an import accepts; the body is the file itself. */
export const IMPORT_CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * One row of the file as the import reads it: the parsed values when the cell is valid, otherwise the cell's
 * text as written in the file (so a preview can show what is wrong).
 */
export type ImportedParticipant = { [K in keyof ParticipantInput]: ParticipantInput[K] | string } & {
  /** The participant's language for mails; the event's language when the column is missing or empty. */
  languageCode: Language | string;
  /** The number (column "No.") of the partner in the same file this participant registered together with. */
  registeredTogetherWith: number | string | null;
};

export interface ImportRow {
  /** The row's number in the spreadsheet (the header is row 1). */
  rowNumber: number;
  participant: ImportedParticipant;
  /** Translated; `field` names a key of `participant`. Empty for a row that would be stored. */
  issues: Issue[];
}

export interface ImportPreview {
  rows: ImportRow[];
  validCount: number;
  invalidCount: number;
  /** Headers of the file's columns that the import does not know and leaves out. */
  ignoredColumns: string[];
}

export interface ImportResult {
  imported: number;
  /** Invalid rows left out (only with skipInvalid=true). */
  skipped: number;
}
