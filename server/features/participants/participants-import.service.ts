import type { Language } from '../../../contract/dinner.js';
import { ParticipantsMessage } from '../../../contract/participants.messages.js';
import type { ImportPreview, ImportResult } from '../../../contract/participants-import.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import type { ParticipantSheet, SheetReading } from '../../../domain/participants/sheet-reading.js';
import type { Issue } from '../../../domain/validation.js';
import type { Deps } from '../../deps.js';
import { ValidationError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { geocodingQueued } from '../geocoding/geocoding.service.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { newParticipantRow } from './new-participant-row.js';
import { assertRoomForParticipants } from './participant-limit.js';
import * as repo from './participants.repo.js';
import { type CheckedRow, checkImportRows } from './spreadsheet/check-import-rows.js';
import { sheetReadingTask } from './spreadsheet/reading-task.js';
import { withUniqueEmail } from './unique-email.js';

/** A real list of participants is read in well under a second; a file that takes this long is refused. */
const IMPORT_READ_SECONDS = 15;

/** A reading thread that ran out of time or memory: the file is refused, the server goes on. */
function readingFailure(error: unknown): unknown {
  const fileIssue = (message: { id: string }, values?: Record<string, string>) =>
    new ValidationError([{ field: 'file', message: message.id, values }]);
  if (error instanceof Error && error.name === 'AbortError')
    return fileIssue(ParticipantsMessage.importTimeout, { seconds: String(IMPORT_READ_SECONDS) });
  if ((error as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY')
    return fileIssue(ParticipantsMessage.importUnreadable);
  return error;
}

/** The file's rows, read in the worker pool: no upload, however hostile, holds up the other requests. */
async function readSheet(deps: Deps, file: Uint8Array, language: Language): Promise<ParticipantSheet> {
  let reading: SheetReading;
  try {
    reading = await deps.workers.readParticipantSheet(
      sheetReadingTask(file, language),
      AbortSignal.timeout(IMPORT_READ_SECONDS * 1000),
    );
  } catch (error) {
    throw readingFailure(error);
  }
  if ('issues' in reading) throw new ValidationError(reading.issues);
  return reading.sheet;
}

async function checkImport(
  db: Deps['db'] | Trx,
  dinner: RunningDinnerRow,
  sheet: ParticipantSheet,
): Promise<CheckedRow[]> {
  const existing = await repo.listParticipantRows(db, dinner.id);
  return checkImportRows(sheet, {
    takenEmails: new Set(existing.map((p) => p.email).filter((e) => e !== '')),
    teamPartnerWishDisabled: dinner.team_partner_wish_disabled === 1,
    language: dinner.language_code,
  });
}

/** What an import of the file would store and what is wrong with each row; writes nothing. */
export async function previewImport(
  deps: Deps,
  dinner: RunningDinnerRow,
  file: Uint8Array,
  language: Language,
): Promise<ImportPreview> {
  assertWritable(deps, dinner);
  const sheet = await readSheet(deps, file, language);
  const rows = await checkImport(deps.db, dinner, sheet);
  const validCount = rows.filter((r) => r.issues.length === 0).length;
  return {
    rows: rows.map(({ rowNumber, participant, issues }) => ({ rowNumber, participant, issues })),
    validCount,
    invalidCount: rows.length - validCount,
    ignoredColumns: sheet.ignoredColumns,
  };
}

const rowIssues = (rows: CheckedRow[]): Issue[] =>
  rows.flatMap((r) => r.issues.map((i) => ({ ...i, field: `rows.${r.rowNumber}${i.field ? `.${i.field}` : ''}` })));

/**
 * Stores the file's participants, confirmed and numbered in file order after the existing ones, all in one
 * transaction. Invalid rows refuse the whole file unless `skipInvalid` leaves them out.
 */
export async function importParticipants(
  deps: Deps,
  dinner: RunningDinnerRow,
  file: Uint8Array,
  skipInvalid: boolean,
  language: Language,
): Promise<ImportResult> {
  assertWritable(deps, dinner);
  const sheet = await readSheet(deps, file, language);
  const now = deps.clock.now();
  return withUniqueEmail(() =>
    writeTransaction(deps.db, async (trx) => {
      // Checked again inside the transaction: the event's addresses are the ones the rows are stored next to.
      const rows = await checkImport(trx, dinner, sheet);
      const invalid = rows.filter((r) => r.issues.length > 0);
      if (invalid.length > 0 && !skipInvalid) throw new ValidationError(rowIssues(invalid));
      const valid = rows.filter((r) => r.issues.length === 0);
      await assertRoomForParticipants(deps, trx, dinner.id, valid.length, 'file');
      const ids = new Map(valid.map((r) => [r.rowNumber, newId()]));
      const first = await repo.nextParticipantNumber(trx, dinner.id);
      const newRows = valid.map((row, i) => {
        // The first of two partners registered together in the file is the one who registered both.
        const originator =
          row.partnerRowNumber === null ? null : ids.get(Math.min(row.rowNumber, row.partnerRowNumber))!;
        return newParticipantRow(dinner, row.input!, first + i, now.toISOString(), {
          id: ids.get(row.rowNumber)!,
          language_code: row.languageCode,
          team_partner_wish_originator_id: originator,
          activated_at: row.activated ? now.toISOString() : null,
        });
      });
      await repo.insertParticipants(trx, newRows);
      if (valid.length > 0) {
        await recordActivity(deps, trx, dinner.id, ActivityType.participantsUploaded, 'ORGANIZER', now, {
          count: valid.length,
        });
        geocodingQueued(deps, trx);
      }
      return { imported: valid.length, skipped: invalid.length };
    }),
  );
}
