import { LANGUAGES, type Language } from '../../../../contract/dinner.js';
import { type ParticipantInput, validateParticipantInput } from '../../../../contract/participants.js';
import { ParticipantsMessage } from '../../../../contract/participants.messages.js';
import type { ImportRow } from '../../../../contract/participants-import.js';
import type { ParticipantSheet, SheetRow } from '../../../../domain/participants/sheet-reading.js';
import type { Issue } from '../../../../domain/validation.js';
import { msgId } from '../../../../domain/validation-messages.js';
import { flagOf, inputOf, shownFields, wholeNumber } from './import-cells.js';

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
