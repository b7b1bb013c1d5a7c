import * as v from 'valibot';
import { participantInputSchema } from '../../../../contract/participants.js';
import { type ColumnKey, ParticipantsMessage } from '../../../../contract/participants.messages.js';
import type { ImportedParticipant } from '../../../../contract/participants-import.js';
import { normalized, type SheetRow } from '../../../../domain/participants/sheet-reading.js';
import { COLUMNS, spellings } from './columns.js';

const words = (descriptor: { id: string; message: string }, extra: string[]) =>
  new Set([...spellings(descriptor), ...extra].map(normalized));
const YES = words(ParticipantsMessage.yes, ['yes', 'ja', 'true', 'wahr', '1', 'x']);
const NO = words(ParticipantsMessage.no, ['no', 'nein', 'false', 'falsch', '0', '']);
const MALE = words(ParticipantsMessage.male, ['MALE']);
const FEMALE = words(ParticipantsMessage.female, ['FEMALE']);
const DIVERSE = words(ParticipantsMessage.diverse, ['DIVERSE']);

/** A flag or gender the file writes in words; a word it does not know stays as written, so validation names it. */
export const flagOf = (cell: string) => (YES.has(normalized(cell)) ? true : NO.has(normalized(cell)) ? false : cell);
function genderOf(cell: string) {
  const w = normalized(cell);
  if (w === '' || w === 'undefined') return 'UNDEFINED';
  return MALE.has(w) ? 'MALE' : FEMALE.has(w) ? 'FEMALE' : DIVERSE.has(w) ? 'DIVERSE' : cell;
}

type InputKey = keyof typeof participantInputSchema.entries;
const INPUT_KEYS = Object.keys(participantInputSchema.entries) as InputKey[];
const kindOf = (key: ColumnKey) => COLUMNS.find((c) => c.key === key)!.kind;

/** What the organiser's form would send for this row; missing columns stay missing (their defaults apply). */
export function inputOf(cells: SheetRow['cells']): Partial<Record<InputKey, unknown>> {
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
export function shownFields(input: Partial<Record<InputKey, unknown>>) {
  return Object.fromEntries(
    INPUT_KEYS.map((key) => {
      const parsed = v.safeParse(participantInputSchema.entries[key], input[key]);
      return [key, parsed.success ? parsed.output : (input[key] ?? '')];
    }),
  ) as Omit<ImportedParticipant, 'languageCode' | 'registeredTogetherWith'>;
}

export const wholeNumber = (cell: string | undefined) =>
  cell !== undefined && /^\d+$/.test(cell.trim()) ? Number(cell.trim()) : null;
