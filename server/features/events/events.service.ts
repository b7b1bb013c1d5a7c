import {
  type AfterPartyLocation,
  type BasicDetails,
  type Contract,
  type CreateRunningDinner,
  type CreateRunningDinnerResponse,
  completeMealTimes,
  defaultEndOfRegistration,
  type MealInput,
  type PublicSettingsInput,
  type RunningDinner,
} from '../../../contract/dinner.js';
import { TeamsMessage } from '../../../contract/teams.messages.js';
import type { MealRow, RunningDinnerRow, RunningDinnerUpdate } from '../../../db/schema.js';
import { noteCreated, type Trx, writeTransaction } from '../../../db/transaction.js';
import { compareDates, type LocalDate, shiftByDateChange } from '../../../domain/local-dates.js';
import type { Deps } from '../../deps.js';
import { AppError, ErrorMessage } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { insertDemoParticipants } from '../demo/demo.service.js';
import { afterPartyColumns, afterPartyOf } from '../dinner/after-party-row.js';
import { assertWritable, readOnlyReason } from '../dinner/dinner-access.js';
import {
  afterPartyGeocodingColumns,
  geocodingQueued,
  markGivenPositionsLocated,
  newAfterPartyGeocodingColumns,
} from '../geocoding/geocoding.service.js';
import { acknowledgeUrl, administrationUrl, publicDinnerUrl } from '../links/links.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { reserveMailTo } from '../mail/mail-limits.js';
import { enqueueMail } from '../mail/mail-queue.js';
import { runningDinnerCreatedMail } from '../mail/system-mails.js';
import { teamsExist } from '../teams/teams.queries.js';
import * as repo from './events.repo.js';

const CANCELLED_DINNER_KEPT_DAYS = 2;

const flag = (b: boolean) => (b ? 1 : 0) as 0 | 1;

// Column helpers: their inferred types are exact, so a new row is built from them without casts;
// `satisfies` keeps the column names honest.
function publicSettingsColumns(settings: PublicSettingsInput, date: LocalDate) {
  return {
    public_title: settings.title,
    public_description: settings.description,
    public_contact_name: settings.publicContactName,
    public_contact_email: settings.publicContactEmail,
    public_contact_mobile_number: settings.publicContactMobileNumber,
    end_of_registration_date: settings.endOfRegistrationDate ?? defaultEndOfRegistration(date),
  } satisfies RunningDinnerUpdate;
}

function basicDetailsColumns(details: BasicDetails) {
  return {
    title: details.title,
    city: details.city,
    zip: details.zip,
    date: details.date,
    registration_type: details.registrationType,
    language_code: details.languageCode,
  } satisfies RunningDinnerUpdate;
}

function optionsColumns(options: CreateRunningDinner['options']) {
  return {
    team_size: options.teamSize,
    force_equal_distributed_capacity_teams: flag(options.forceEqualDistributedCapacityTeams),
    gender_aspects: options.genderAspects,
    consider_shortest_paths: flag(options.considerShortestPaths),
    team_partner_wish_disabled: flag(options.teamPartnerWishDisabled),
    zip_restrictions: options.zipRestrictions,
  } satisfies RunningDinnerUpdate;
}

/** A demo has no contract: the organiser's address stands in for it. */
function contractColumns(contract: Contract | null | undefined, email: string) {
  return {
    contract_fullname: contract?.fullname ?? '',
    contract_street_with_nr: contract?.streetWithNr ?? '',
    contract_zip: contract?.zip ?? '',
    contract_city: contract?.city ?? '',
    contract_email: contract?.email ?? email,
    newsletter_enabled: flag(contract?.newsletterEnabled ?? false),
  } satisfies RunningDinnerUpdate;
}

/** A closed dinner needs no public settings; its public data then comes from the basics and the organiser. */
function publicSettingsOf(body: CreateRunningDinner): PublicSettingsInput {
  return (
    body.publicSettings ?? {
      title: body.basicDetails.title,
      description: '',
      publicContactName: body.contract?.fullname ?? '',
      publicContactEmail: body.email,
      publicContactMobileNumber: '',
    }
  );
}

function newRunningDinnerRow(body: CreateRunningDinner, now: string): RunningDinnerRow {
  return {
    id: newId(),
    admin_id: newId(),
    acknowledge_id: newId(),
    public_dinner_id: newId(),
    self_admin_id: newId(),
    team_plan_seed: null,
    teams_generated_at: null,
    running_dinner_type: body.runningDinnerType,
    email: body.email,
    ...basicDetailsColumns(body.basicDetails),
    ...optionsColumns(body.options),
    ...publicSettingsColumns(publicSettingsOf(body), body.basicDetails.date),
    registration_deactivated: 0,
    ...contractColumns(body.contract, body.email),
    ...afterPartyColumns(body.afterPartyLocation),
    ...newAfterPartyGeocodingColumns(body.afterPartyLocation ?? null),
    acknowledged_at: null,
    cancelled_at: null,
    delete_after: null,
    creation_key: null,
    created_at: now,
    updated_at: now,
  };
}

function toRunningDinner(
  deps: Deps,
  row: RunningDinnerRow,
  meals: MealRow[],
  count: { all: number; confirmed: number },
): RunningDinner {
  return {
    adminId: row.admin_id,
    email: row.email,
    runningDinnerType: row.running_dinner_type,
    basicDetails: {
      title: row.title,
      city: row.city,
      zip: row.zip,
      date: row.date,
      registrationType: row.registration_type,
      languageCode: row.language_code,
    },
    options: {
      teamSize: 2,
      meals: meals.map((m) => ({ id: m.id, label: m.label, time: m.time })),
      forceEqualDistributedCapacityTeams: row.force_equal_distributed_capacity_teams === 1,
      genderAspects: row.gender_aspects,
      considerShortestPaths: row.consider_shortest_paths === 1,
      teamPartnerWishDisabled: row.team_partner_wish_disabled === 1,
      zipRestrictions: row.zip_restrictions,
    },
    publicSettings: {
      title: row.public_title,
      description: row.public_description,
      publicContactName: row.public_contact_name,
      publicContactEmail: row.public_contact_email,
      publicContactMobileNumber: row.public_contact_mobile_number,
      endOfRegistrationDate: row.end_of_registration_date,
      registrationDeactivated: row.registration_deactivated === 1,
      publicDinnerId: row.public_dinner_id,
      publicDinnerUrl: publicDinnerUrl(deps, row.public_dinner_id),
    },
    contract: {
      fullname: row.contract_fullname,
      streetWithNr: row.contract_street_with_nr,
      zip: row.contract_zip,
      city: row.contract_city,
      email: row.contract_email,
      newsletterEnabled: row.newsletter_enabled === 1,
    },
    afterPartyLocation: afterPartyOf(row),
    acknowledgedDate: row.acknowledged_at,
    cancellationDate: row.cancelled_at,
    deletionDate: row.delete_after,
    createdAt: row.created_at,
    messagingLocked: row.acknowledged_at === null,
    readOnlyReason: readOnlyReason(row, deps.clock.today()),
    participantCount: count.all,
    confirmedParticipantCount: count.confirmed,
  };
}

export async function loadRunningDinner(deps: Deps, row: RunningDinnerRow): Promise<RunningDinner> {
  const [meals, count] = await Promise.all([repo.listMeals(deps.db, row.id), repo.countParticipants(deps.db, row.id)]);
  return toRunningDinner(deps, row, meals, count);
}

export const listMeals = (deps: Deps, row: RunningDinnerRow) => repo.listMeals(deps.db, row.id);

async function reload(deps: Deps, id: string): Promise<RunningDinner> {
  return loadRunningDinner(deps, (await repo.findById(deps.db, id))!);
}

async function queueCreatedMail(deps: Deps, trx: Trx, row: RunningDinnerRow): Promise<void> {
  const mail = runningDinnerCreatedMail({
    language: row.language_code,
    demo: row.running_dinner_type === 'DEMO',
    name: row.contract_fullname,
    title: row.title,
    date: row.date,
    city: row.city,
    administrationUrl: administrationUrl(deps, row.admin_id),
    acknowledgeUrl: acknowledgeUrl(deps, row.admin_id, row.acknowledge_id),
  });
  await enqueueMail(deps, trx, {
    runningDinnerId: row.id,
    recipientEmail: row.email,
    confirmsAddress: true,
    cause: 'ORGANISER',
    ...mail,
  });
}

/** `<creator's address>:<Idempotency-Key>`: one creator's keys never answer another creator's event. */
const creationKeyOf = (email: string, idempotencyKey: string | undefined) =>
  idempotencyKey === undefined ? null : `${email}:${idempotencyKey}`;

/** The event an earlier request with this address and Idempotency-Key created, answered as its creation was. */
export async function createdEarlier(
  deps: Deps,
  email: string,
  idempotencyKey: string | undefined,
): Promise<CreateRunningDinnerResponse | undefined> {
  const creationKey = creationKeyOf(email, idempotencyKey);
  const earlier = creationKey === null ? undefined : await repo.findByCreationKey(deps.db, creationKey);
  return earlier && creationAnswer(deps, earlier);
}

/**
 * Creates the event with its meals (a demo with its participants) and mails the creator. With an Idempotency-Key, two
 * requests racing with one key make one event (the check is repeated under the write lock).
 */
export async function createRunningDinner(
  deps: Deps,
  body: CreateRunningDinner,
  idempotencyKey?: string,
): Promise<CreateRunningDinnerResponse> {
  const now = deps.clock.now();
  const creationKey = creationKeyOf(body.email, idempotencyKey);
  const row: RunningDinnerRow = { ...newRunningDinnerRow(body, now.toISOString()), creation_key: creationKey };
  await reserveMailTo(deps, row.email);
  const stored = await writeTransaction(deps.db, async (trx) => {
    const raced = creationKey === null ? undefined : await repo.findByCreationKey(trx, creationKey);
    if (raced) return raced;
    await repo.insertRunningDinner(trx, row);
    await repo.replaceMeals(trx, row.id, completeMealTimes(body.options.meals, row.date));
    await recordActivity(deps, trx, row.id, ActivityType.dinnerCreated, 'ORGANIZER', now, { title: row.title });
    if (row.running_dinner_type === 'DEMO') {
      const count = await insertDemoParticipants(trx, row.id, now);
      await markGivenPositionsLocated(trx, row.id);
      await recordActivity(deps, trx, row.id, ActivityType.participantsUploaded, 'SYSTEM', now, { count });
    }
    if (row.after_party_geocoding_status === 'PENDING') geocodingQueued(deps, trx);
    await queueCreatedMail(deps, trx, row);
    return row;
  });
  noteCreated({ administrationUrl: administrationUrl(deps, stored.admin_id) });
  return creationAnswer(deps, stored);
}

async function creationAnswer(deps: Deps, row: RunningDinnerRow): Promise<CreateRunningDinnerResponse> {
  return { runningDinner: await reload(deps, row.id), administrationUrl: administrationUrl(deps, row.admin_id) };
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
  return reload(deps, row.id);
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
  return reload(deps, row.id);
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
      if (row.after_party_time)
        changes.after_party_time = shiftByDateChange(row.after_party_time, row.date, details.date);
      if (compareDates(row.end_of_registration_date, details.date) > 0)
        changes.end_of_registration_date = defaultEndOfRegistration(details.date);
    }
    await repo.updateRunningDinner(trx, row.id, changes);
    await recordActivity(deps, trx, row.id, ActivityType.customAdminChange, 'ORGANIZER', deps.clock.now(), {
      change: 'basicDetails',
    });
  });
  return reload(deps, row.id);
}

export const updatePublicSettings = (deps: Deps, row: RunningDinnerRow, settings: PublicSettingsInput) =>
  update(deps, row, publicSettingsColumns(settings, row.date), ActivityType.customAdminChange);

export const setRegistrationActive = (deps: Deps, row: RunningDinnerRow, active: boolean) =>
  update(deps, row, { registration_deactivated: flag(!active) }, ActivityType.customAdminChange);

/** A new or changed address is geocoded again; an edit that keeps the address keeps the position (also one set by hand). */
export async function setAfterPartyLocation(
  deps: Deps,
  row: RunningDinnerRow,
  location: AfterPartyLocation | null,
): Promise<RunningDinner> {
  assertWritable(deps, row);
  await writeTransaction(deps.db, async (trx) => {
    const stored = (await repo.findById(trx, row.id)) ?? row;
    const geocoding = afterPartyGeocodingColumns(stored, location);
    await repo.updateRunningDinner(trx, row.id, {
      ...afterPartyColumns(location),
      ...geocoding,
      updated_at: deps.clock.now().toISOString(),
    });
    await recordActivity(deps, trx, row.id, ActivityType.customAdminChange, 'ORGANIZER', deps.clock.now());
    if (geocoding?.after_party_geocoding_status === 'PENDING') geocodingQueued(deps, trx);
  });
  return reload(deps, row.id);
}

/**
 * Confirming twice is harmless: the first confirmation's date stays. Once the address is confirmed any link
 * answers the confirmed dinner, an old or mistyped one too: there is nothing left to prove, and the organiser
 * should read "already confirmed", not be sent to request another link.
 */
export async function acknowledge(deps: Deps, row: RunningDinnerRow, acknowledgeId: string): Promise<RunningDinner> {
  assertWritable(deps, row);
  if (row.acknowledged_at !== null) return reload(deps, row.id);
  if (acknowledgeId !== row.acknowledge_id)
    throw new AppError('wrong_acknowledge_link', ErrorMessage.wrongAcknowledgeLink.id);
  await writeTransaction(deps.db, async (trx) => {
    await repo.updateRunningDinner(trx, row.id, { acknowledged_at: deps.clock.now().toISOString() });
    await recordActivity(deps, trx, row.id, ActivityType.dinnerAcknowledged, 'ORGANIZER', deps.clock.now());
  });
  return reload(deps, row.id);
}

export async function resendCreatedMessage(deps: Deps, row: RunningDinnerRow): Promise<RunningDinner> {
  assertWritable(deps, row);
  await reserveMailTo(deps, row.email);
  await writeTransaction(deps.db, (trx) => queueCreatedMail(deps, trx, row));
  return reload(deps, row.id);
}

/** Read-only at once; the scheduled clean-up deletes it with all its data two days later. */
export async function cancelRunningDinner(deps: Deps, row: RunningDinnerRow): Promise<RunningDinner> {
  assertWritable(deps, row);
  const now = deps.clock.now();
  const deleteAfter = new Date(now.getTime() + CANCELLED_DINNER_KEPT_DAYS * 24 * 3600_000);
  await writeTransaction(deps.db, async (trx) => {
    await repo.updateRunningDinner(trx, row.id, {
      cancelled_at: now.toISOString(),
      delete_after: deleteAfter.toISOString(),
      updated_at: now.toISOString(),
    });
    await recordActivity(deps, trx, row.id, ActivityType.dinnerCancelled, 'ORGANIZER', now);
  });
  return reload(deps, row.id);
}

export async function deleteCancelledDinners(deps: Deps): Promise<number> {
  return writeTransaction(deps.db, async (trx) => {
    const deleted = await repo.deleteDinnersDueForDeletion(trx, deps.clock.now());
    if (deleted > 0) trx.afterCommit(() => deps.mailQueue.emit('forgotten'));
    return deleted;
  });
}
