import type {
  AfterPartyLocationInput,
  BasicDetails,
  MealInput,
  PublicSettingsInput,
  RunningDinner,
} from '../../../contract/dinner.js';
import { TeamsMessage } from '../../../contract/teams.messages.js';
import type { RunningDinnerRow, RunningDinnerUpdate } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import { completeMealTimes, defaultEndOfRegistration } from '../../../domain/events/dinner-rules.js';
import { compareDates, shiftByDateChange } from '../../../domain/local-dates.js';
import type { Deps } from '../../deps.js';
import { AppError, ErrorMessage } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { afterPartyColumns, findAfterParty, saveAfterParty, setAfterPartyTime } from '../dinner/after-party.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { addressGeocodingColumns, geocodingQueued } from '../geocoding/geocoding.service.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { reserveMailTo } from '../mail/mail-limits.js';
import { teamsExist } from '../teams/teams.queries.js';
import { queueCreatedMail } from './created-mail.js';
import { basicDetailsColumns, flag, publicSettingsColumns } from './events.columns.js';
import * as repo from './events.repo.js';
import { toRunningDinner } from './events.view.js';

export async function loadRunningDinner(deps: Deps, row: RunningDinnerRow): Promise<RunningDinner> {
  const [meals, afterParty, count] = await Promise.all([
    repo.listMeals(deps.db, row.id),
    findAfterParty(deps.db, row.id),
    repo.countParticipants(deps.db, row.id),
  ]);
  return toRunningDinner(deps, row, meals, afterParty, count);
}

export const listMeals = (deps: Deps, row: RunningDinnerRow) => repo.listMeals(deps.db, row.id);

/** When the dinner's after-party starts, or null without one: new meal times must end before it. */
export const afterPartyTime = async (deps: Deps, row: RunningDinnerRow) =>
  (await findAfterParty(deps.db, row.id))?.time ?? null;

export async function reloadRunningDinner(deps: Deps, id: string): Promise<RunningDinner> {
  return loadRunningDinner(deps, (await repo.findById(deps.db, id))!);
}

async function update(
  deps: Deps,
  row: RunningDinnerRow,
  changes: RunningDinnerUpdate,
  activity?: (typeof ActivityType)[keyof typeof ActivityType],
) {
  assertWritable(deps, row);
  await writeTransaction(deps.db, async (trx) => {
    await repo.updateRunningDinner(trx, row.id, { ...changes, updated_at: deps.clock.now().toISOString() });
    if (activity) await recordActivity(deps, trx, row.id, activity, 'ORGANIZER', deps.clock.now());
  });
  return reloadRunningDinner(deps, row.id);
}

/** Meal labels and times may change at any time; their number is fixed once the teams are made (the design depends on it). */
export async function updateMeals(deps: Deps, row: RunningDinnerRow, meals: MealInput[]): Promise<RunningDinner> {
  assertWritable(deps, row);
  await writeTransaction(deps.db, async (trx) => {
    if ((await repo.listMeals(trx, row.id)).length !== meals.length && (await teamsExist(trx, row.id))) {
      throw new AppError('meal_count_fixed', TeamsMessage.mealCountFixed.id);
    }
    await repo.replaceMeals(trx, row.id, completeMealTimes(meals, row.date));
    await repo.updateRunningDinner(trx, row.id, { updated_at: deps.clock.now().toISOString() });
    await recordActivity(deps, trx, row.id, ActivityType.mealTimesUpdated, 'ORGANIZER', deps.clock.now());
  });
  return reloadRunningDinner(deps, row.id);
}

/**
 * A new date moves every meal and the after-party by the same number of days, and pulls the end of
 * registration back if it would lie after the dinner.
 */
export async function updateBasicSettings(
  deps: Deps,
  row: RunningDinnerRow,
  details: BasicDetails,
  teamPartnerWishDisabled?: boolean,
): Promise<RunningDinner> {
  assertWritable(deps, row);
  const dateChanged = details.date !== row.date;
  await writeTransaction(deps.db, async (trx) => {
    const changes: RunningDinnerUpdate = {
      ...basicDetailsColumns(details),
      updated_at: deps.clock.now().toISOString(),
    };
    if (teamPartnerWishDisabled !== undefined) changes.team_partner_wish_disabled = flag(teamPartnerWishDisabled);
    if (dateChanged) {
      const meals = await repo.listMeals(trx, row.id);
      await repo.replaceMeals(
        trx,
        row.id,
        meals.map((m) => ({ label: m.label, time: shiftByDateChange(m.time, row.date, details.date) })),
      );
      const afterParty = await findAfterParty(trx, row.id);
      if (afterParty)
        await setAfterPartyTime(
          trx,
          row.id,
          shiftByDateChange(afterParty.time, row.date, details.date),
          deps.clock.now(),
        );
      if (compareDates(row.end_of_registration_date, details.date) > 0)
        changes.end_of_registration_date = defaultEndOfRegistration(details.date);
    }
    await repo.updateRunningDinner(trx, row.id, changes);
    await recordActivity(deps, trx, row.id, ActivityType.customAdminChange, 'ORGANIZER', deps.clock.now(), {
      change: 'basicDetails',
    });
  });
  return reloadRunningDinner(deps, row.id);
}

export const updatePublicSettings = (deps: Deps, row: RunningDinnerRow, settings: PublicSettingsInput) =>
  update(deps, row, publicSettingsColumns(settings, row.date), ActivityType.customAdminChange);

export const setRegistrationActive = (deps: Deps, row: RunningDinnerRow, active: boolean) =>
  update(deps, row, { registration_deactivated: flag(!active) }, ActivityType.customAdminChange);

/** A new or changed address is geocoded again; an edit that keeps the address keeps the position (also one set by hand). */
export async function setAfterPartyLocation(
  deps: Deps,
  row: RunningDinnerRow,
  location: AfterPartyLocationInput | null,
): Promise<RunningDinner> {
  assertWritable(deps, row);
  await writeTransaction(deps.db, async (trx) => {
    const now = deps.clock.now();
    const geocoding =
      location &&
      addressGeocodingColumns((await findAfterParty(trx, row.id)) ?? null, location, location.geocodingResult);
    await saveAfterParty(
      trx,
      row.id,
      location && { ...afterPartyColumns(location, row.language_code), ...geocoding, updated_at: now.toISOString() },
    );
    await repo.updateRunningDinner(trx, row.id, { updated_at: now.toISOString() });
    await recordActivity(deps, trx, row.id, ActivityType.customAdminChange, 'ORGANIZER', now);
    if (geocoding?.geocoding_status === 'PENDING') geocodingQueued(deps, trx);
  });
  return reloadRunningDinner(deps, row.id);
}

/**
 * Confirming twice is harmless: the first confirmation's date stays. Once the address is confirmed any link
 * answers the confirmed dinner, an old or mistyped one too: there is nothing left to prove, and the organiser
 * should read "already confirmed", not be sent to request another link.
 */
export async function acknowledge(deps: Deps, row: RunningDinnerRow, acknowledgeId: string): Promise<RunningDinner> {
  assertWritable(deps, row);
  if (row.acknowledged_at !== null) return reloadRunningDinner(deps, row.id);
  if (acknowledgeId !== row.acknowledge_id)
    throw new AppError('wrong_acknowledge_link', ErrorMessage.wrongAcknowledgeLink.id);
  await writeTransaction(deps.db, async (trx) => {
    await repo.updateRunningDinner(trx, row.id, { acknowledged_at: deps.clock.now().toISOString() });
    await recordActivity(deps, trx, row.id, ActivityType.dinnerAcknowledged, 'ORGANIZER', deps.clock.now());
  });
  return reloadRunningDinner(deps, row.id);
}

/**
 * Mails the creation mail again. With a new address (a typo in the wizard), only while the creator has not
 * confirmed: the organiser and contract addresses (and a public contact that was the old address) change, and the
 * confirmation id is new, so the links mailed to the old address confirm nothing any more.
 */
export async function resendCreatedMessage(
  deps: Deps,
  row: RunningDinnerRow,
  newEmailAddress?: string,
): Promise<RunningDinner> {
  assertWritable(deps, row);
  if (newEmailAddress === undefined || sameAddress(newEmailAddress, row.email)) {
    await reserveMailTo(deps, row.email);
    await writeTransaction(deps.db, (trx) => queueCreatedMail(deps, trx, row));
    return reloadRunningDinner(deps, row.id);
  }
  if (row.acknowledged_at !== null)
    throw new AppError('organiser_address_confirmed', ErrorMessage.organiserAddressConfirmed.id, { email: row.email });
  await reserveMailTo(deps, newEmailAddress);
  await writeTransaction(deps.db, async (trx) => {
    const changes = {
      email: newEmailAddress,
      contract_email: newEmailAddress,
      acknowledge_id: newId(),
      updated_at: deps.clock.now().toISOString(),
      ...(sameAddress(row.public_contact_email, row.email) ? { public_contact_email: newEmailAddress } : {}),
    } satisfies RunningDinnerUpdate;
    await repo.updateRunningDinner(trx, row.id, changes);
    await recordActivity(deps, trx, row.id, ActivityType.customAdminChange, 'ORGANIZER', deps.clock.now(), {
      change: 'organiserAddress',
    });
    await queueCreatedMail(deps, trx, { ...row, ...changes });
  });
  return reloadRunningDinner(deps, row.id);
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
