import type { Language } from '../../../contract/dinner.js';
import { DinnerEvent } from '../../../contract/dinner-events.js';
import { OrdersMessage } from '../../../contract/orders.messages.js';
import {
  type Participant,
  type ParticipantInput,
  type ParticipantList,
  type PersonalLink,
  REGISTRATIONS_PAGE_SIZE,
  type RegistrationsPage,
} from '../../../contract/participants.js';
import { ParticipantsMessage } from '../../../contract/participants.messages.js';
import type { ExportFormat, ImportPreview, ImportResult } from '../../../contract/participants-import.js';
import type { NewParticipant, ParticipantRow, RunningDinnerRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import type { ParticipantSheet, SheetReading } from '../../../domain/participants/sheet-reading.js';
import {
  fixedPartnerOf,
  teamPartnersChange,
  teamPartnerWishOf,
} from '../../../domain/participants/team-partner-wish.js';
import { splitWaitingList, waitingListStatus } from '../../../domain/participants/waiting-list.js';
import type { Issue } from '../../../domain/validation.js';
import { msgId } from '../../../domain/validation-messages.js';
import type { Deps } from '../../deps.js';
import { AppError, ErrorMessage, notFound, ValidationError } from '../../lib/errors.js';
import { translate } from '../../lib/i18n.js';
import { isUuid, newId } from '../../lib/ids.js';
import { listMeals } from '../dinner/dinner.queries.js';
import { assertWritable } from '../dinner/dinner-access.js';
import {
  geocodingQueued,
  participantGeocodingColumns,
  publishGeocodingProgress,
} from '../geocoding/geocoding.service.js';
import { personalPageUrl } from '../links/links.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { publishDinnerEvent } from '../live/dinner-events.js';
import { forgetParticipantMails } from '../mail/mail-queue.js';
import { assertRoomForParticipants } from './participant-limit.js';
import { fullNameOf, participantColumns, toParticipant } from './participant-row.js';
import * as repo from './participants.repo.js';
import {
  type CheckedRow,
  checkImportRows,
  EXPORT_CONTENT_TYPES,
  type ExportedParticipant,
  type ExtraColumn,
  sheetReadingTask,
  writeParticipants,
} from './participants.spreadsheet.js';
import { invitePartnerIfDue } from './partner-invitation.js';
import { paymentStatusByParticipant } from './payment-status.js';
import { emailAlreadyRegistered, withUniqueEmail } from './unique-email.js';

/** One page of the latest registrations; one row more than a page tells whether another page follows. */
export async function registrationsPage(
  deps: Deps,
  dinner: RunningDinnerRow,
  page: number,
): Promise<RegistrationsPage> {
  const rows = await repo.listRegistrations(
    deps.db,
    dinner.id,
    page * REGISTRATIONS_PAGE_SIZE,
    REGISTRATIONS_PAGE_SIZE + 1,
  );
  return {
    registrations: rows.slice(0, REGISTRATIONS_PAGE_SIZE).map((r) => ({
      participantId: r.id,
      firstnamePart: r.firstname_part,
      lastname: r.lastname,
      email: r.email,
      createdAt: r.created_at,
      activated: r.activated_at !== null,
    })),
    page,
    hasMore: rows.length > REGISTRATIONS_PAGE_SIZE,
  };
}

/**
 * Confirmed participants in registration order, split by the waiting-list rule (below the minimum nobody
 * waits), then the unconfirmed ones; each with their partner-wish state among all registered participants.
 */
export async function participantList(deps: Deps, dinner: RunningDinnerRow): Promise<ParticipantList> {
  const [rows, meals] = await Promise.all([
    repo.listParticipantRows(deps.db, dinner.id),
    listMeals(deps.db, dinner.id),
  ]);
  const all = rows.map(toParticipant);
  const item = (p: Participant) => ({ ...p, teamPartnerWish: teamPartnerWishOf(p, all) });
  const confirmed = all.filter((p) => p.activated);
  const byRule = waitingListStatus(confirmed.length, meals.length, dinner.team_size);
  // Once teams exist, they say who takes part: everyone confirmed without a team waits.
  const teamsExist = confirmed.some((p) => p.teamId !== null);
  const { teamMembers, waiting } = teamsExist
    ? { teamMembers: confirmed.filter((p) => p.teamId !== null), waiting: confirmed.filter((p) => p.teamId === null) }
    : splitWaitingList(confirmed, byRule, (p) => fixedPartnerOf(p, all)?.id);
  const waitingList = teamsExist
    ? {
        ...byRule,
        teamMembers: teamMembers.length,
        waiting: waiting.length,
        missingForNextBlock: byRule.blockSize - (waiting.length % byRule.blockSize),
      }
    : byRule;
  return {
    participants: teamMembers.map(item),
    participantsWaitingList: waiting.map(item),
    unconfirmedParticipants: all.filter((p) => !p.activated).map(item),
    waitingList,
  };
}

async function findRow(deps: Deps, dinner: RunningDinnerRow, participantId: string): Promise<ParticipantRow> {
  const row = isUuid(participantId) ? await repo.findParticipant(deps.db, dinner.id, participantId) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function getParticipant(
  deps: Deps,
  dinner: RunningDinnerRow,
  participantId: string,
): Promise<Participant> {
  return toParticipant(await findRow(deps, dinner, participantId));
}

/** The participant's personal link, as their mails carry it. */
export async function personalLink(deps: Deps, dinner: RunningDinnerRow, participantId: string): Promise<PersonalLink> {
  const row = await findRow(deps, dinner, participantId);
  return { url: personalPageUrl(deps, dinner.self_admin_id, row.id) };
}

/** Where the event takes no partner wishes, the organiser cannot enter a new one either. */
function assertWishAllowed(dinner: RunningDinnerRow, wish: string | null, storedWish: string | null = null): void {
  if (dinner.team_partner_wish_disabled === 1 && wish !== null && wish !== storedWish) {
    throw new ValidationError([{ field: 'teamPartnerWishEmail', message: msgId('teamPartnerWishDisabled') }]);
  }
}

export const teamPartnersFixed = () =>
  new AppError('team_partner_wish_not_changeable', ParticipantsMessage.teamPartnersFixed.id);

/**
 * Once teams exist, the fixed partners of everyone in a team stay as they are: the plan keeps every fixed pair
 * in one team, and a pair across two teams (or with someone waiting) would break it. `change` applies the
 * edit to the participants as stored; 409 when it pairs or separates someone in a team.
 */
export async function assertTeamPartnersKept(
  db: Deps['db'] | Trx,
  dinner: RunningDinnerRow,
  change: (all: Participant[]) => Participant[],
): Promise<void> {
  const all = (await repo.listParticipantRows(db, dinner.id)).map(toParticipant);
  if (teamPartnersChange(all, change(all))) throw teamPartnersFixed();
}

function newParticipantRow(
  dinner: RunningDinnerRow,
  input: ParticipantInput,
  number: number,
  now: string,
  extra: Partial<
    Pick<NewParticipant, 'id' | 'language_code' | 'team_partner_wish_originator_id' | 'activated_at'>
  > = {},
): NewParticipant {
  return {
    id: newId(),
    running_dinner_id: dinner.id,
    participant_number: number,
    ...participantColumns(input),
    // PENDING for the geocoder, or MANUAL with the position the organiser sent along.
    ...participantGeocodingColumns(null, input, input.geocodingResult),
    team_partner_wish_originator_id: null,
    team_id: null,
    language_code: dinner.language_code,
    // Whoever the organiser enters takes part: there is nobody to confirm a mail.
    activated_at: now,
    created_at: now,
    updated_at: now,
    ...extra,
  };
}

/** Adds a confirmed participant at the end of the list. */
export async function addParticipant(
  deps: Deps,
  dinner: RunningDinnerRow,
  input: ParticipantInput,
): Promise<Participant> {
  assertWritable(deps, dinner);
  assertWishAllowed(dinner, input.teamPartnerWishEmail);
  const now = deps.clock.now();
  const row = await withUniqueEmail(() =>
    writeTransaction(deps.db, async (trx) => {
      if (input.email !== '' && (await repo.emailTaken(trx, dinner.id, input.email))) throw emailAlreadyRegistered();
      await assertRoomForParticipants(deps, trx, dinner.id, 1);
      const row = newParticipantRow(dinner, input, await repo.nextParticipantNumber(trx, dinner.id), now.toISOString());
      await assertTeamPartnersKept(trx, dinner, (all) => [...all, toParticipant(row as ParticipantRow)]);
      await repo.insertParticipant(trx, row);
      await recordActivity(deps, trx, dinner.id, ActivityType.participantSubscribed, 'ORGANIZER', now, {
        name: fullNameOf(row),
      });
      geocodingQueued(deps, trx);
      return row;
    }),
  );
  return getParticipant(deps, dinner, row.id);
}

export async function updateParticipant(
  deps: Deps,
  dinner: RunningDinnerRow,
  participantId: string,
  input: ParticipantInput,
): Promise<Participant> {
  assertWritable(deps, dinner);
  const stored = await findRow(deps, dinner, participantId);
  assertWishAllowed(dinner, input.teamPartnerWishEmail, stored.team_partner_wish_email);
  await withUniqueEmail(() =>
    writeTransaction(deps.db, async (trx) => {
      if (input.email !== '' && (await repo.emailTaken(trx, dinner.id, input.email, stored.id)))
        throw emailAlreadyRegistered();
      await assertTeamPartnersKept(trx, dinner, (all) =>
        all.map((p) =>
          p.id === stored.id ? { ...p, email: input.email, teamPartnerWishEmail: input.teamPartnerWishEmail } : p,
        ),
      );
      // A changed address is geocoded again (a position set by hand for the old one goes); other edits keep the position.
      const geocoding = participantGeocodingColumns(stored, input, input.geocodingResult);
      await repo.updateParticipant(trx, dinner.id, stored.id, {
        ...participantColumns(input),
        ...geocoding,
        updated_at: deps.clock.now().toISOString(),
      });
      if (geocoding?.geocoding_status === 'PENDING') geocodingQueued(deps, trx);
      // The position went (a new address) or was set by hand: the located count changed.
      if (geocoding) await publishGeocodingProgress(deps, trx, dinner.id);
    }),
  );
  return getParticipant(deps, dinner, stored.id);
}

/** Teams refer to their members: whoever is in a team keeps their place until the teams change. */
function assertNotInTeam(...rows: ParticipantRow[]): void {
  if (rows.some((r) => r.team_id !== null)) throw new AppError('participant_in_team', ParticipantsMessage.inTeam.id);
}

/**
 * Removes the participant and their personal data from the mails; the later ones move up so the numbers stay
 * 1..n. A partner registered together with them stays as a single participant.
 */
export async function deleteParticipant(deps: Deps, dinner: RunningDinnerRow, participantId: string): Promise<void> {
  assertWritable(deps, dinner);
  const row = await findRow(deps, dinner, participantId);
  assertNotInTeam(row);
  const now = deps.clock.now();
  await writeTransaction(deps.db, async (trx) => {
    await removeParticipant(deps, trx, dinner.id, toParticipant(row), now);
    await recordActivity(deps, trx, dinner.id, ActivityType.participantUnsubscribed, 'ORGANIZER', now, {
      name: fullNameOf(row),
    });
  });
}

/**
 * Removes a participant inside the caller's transaction, as deleting one does: their personal data leaves the
 * mails, a partner registered together with them stays as a single participant, and the later ones move up so
 * the numbers stay 1..n. The caller records the activity.
 */
export async function removeParticipant(
  deps: Pick<Deps, 'mailQueue'>,
  trx: Trx,
  runningDinnerId: string,
  participant: Pick<Participant, 'id' | 'participantNumber' | 'teamPartnerWishOriginatorId'>,
  now: Date,
): Promise<void> {
  await forgetParticipantMails(deps, trx, participant.id);
  await repo.deleteParticipant(trx, runningDinnerId, participant.id);
  if (participant.teamPartnerWishOriginatorId)
    await repo.dissolveRegisteredTogether(
      trx,
      runningDinnerId,
      participant.teamPartnerWishOriginatorId,
      now.toISOString(),
    );
  await repo.closeNumberGap(trx, runningDinnerId, participant.participantNumber);
}

/**
 * The organiser confirms a registration (with the partner registered together) and, as the mailed link would,
 * invites the wished partner; confirming twice changes nothing.
 */
export async function activateParticipant(
  deps: Deps,
  dinner: RunningDinnerRow,
  participantId: string,
): Promise<Participant> {
  assertWritable(deps, dinner);
  if (dinner.running_dinner_type === 'DEMO')
    throw new AppError('demo_cannot_activate', ErrorMessage.demoCannotActivate.id);
  const row = await findRow(deps, dinner, participantId);
  if (row.activated_at === null) {
    await writeTransaction(deps.db, async (trx) => {
      const all = (await repo.listParticipantRows(trx, dinner.id)).map(toParticipant);
      const partner = row.team_partner_wish_originator_id ? fixedPartnerOf(toParticipant(row), all) : undefined;
      const participantIds = partner ? [row.id, partner.id] : [row.id];
      await repo.activateParticipants(trx, dinner.id, participantIds, deps.clock.now().toISOString());
      await invitePartnerIfDue(deps, trx, dinner, row);
      publishDinnerEvent(deps, trx, dinner.id, DinnerEvent.participants, { change: 'CONFIRMED', participantIds });
    });
  }
  return getParticipant(deps, dinner, row.id);
}

/** Swaps the list positions (numbers) of two participants. */
export async function swapParticipants(
  deps: Deps,
  dinner: RunningDinnerRow,
  firstId: string,
  secondId: string,
): Promise<ParticipantList> {
  assertWritable(deps, dinner);
  const [first, second] = [await findRow(deps, dinner, firstId), await findRow(deps, dinner, secondId)];
  if (first.id === second.id) throw new ValidationError([{ message: ParticipantsMessage.swapWithItself.id }]);
  assertNotInTeam(first, second);
  await writeTransaction(deps.db, async (trx) => {
    await repo.swapNumbers(
      trx,
      dinner.id,
      { id: first.id, number: first.participant_number },
      { id: second.id, number: second.participant_number },
    );
  });
  return participantList(deps, dinner);
}

// ---- export and import ----

export interface ParticipantsExport {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  fileName: string;
}

/** Confirmed participants first, then the unconfirmed ones, each in registration order. */
export async function exportParticipants(
  deps: Deps,
  dinner: RunningDinnerRow,
  format: ExportFormat,
  language: Language,
): Promise<ParticipantsExport> {
  const all = (await repo.listParticipantRows(deps.db, dinner.id)).map(toParticipant);
  const ordered = [...all.filter((p) => p.activated), ...all.filter((p) => !p.activated)];
  const numberOf = new Map(all.map((p) => [p.id, p.participantNumber]));
  const registeredTogetherWith = (p: Participant) =>
    p.teamPartnerWishOriginatorId ? (numberOf.get(fixedPartnerOf(p, all)?.id ?? '') ?? null) : null;
  const exported: ExportedParticipant[] = ordered.map((p) => ({
    ...p,
    registeredTogetherWith: registeredTogetherWith(p),
  }));
  return {
    body: writeParticipants(exported, language, format, await paymentColumns(deps, dinner, language)),
    contentType: EXPORT_CONTENT_TYPES[format],
    fileName: `${translate(language, ParticipantsMessage.fileName.id, { title: dinner.title })}.${format}`,
  };
}

/**
 * When the event takes a fee: a column with the status of the order that registered each participant (PAID,
 * REFUNDED, …); a partner registered together was paid with the order of the one who registered them.
 */
async function paymentColumns(deps: Deps, dinner: RunningDinnerRow, language: Language): Promise<ExtraColumn[]> {
  const statuses = await paymentStatusByParticipant(deps.db, dinner.id);
  if (!statuses) return [];
  const payer = (p: ExportedParticipant) =>
    p.teamPartnerWishOriginatorId && p.teamPartnerWishOriginatorId !== p.id ? p.teamPartnerWishOriginatorId : p.id;
  return [
    {
      header: translate(language, OrdersMessage.exportColumn.id),
      cellOf: (p) => statuses.get(p.id) ?? statuses.get(payer(p)) ?? '',
    },
  ];
}

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
