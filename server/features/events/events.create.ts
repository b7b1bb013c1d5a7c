import type {
  CreateRunningDinner,
  CreateRunningDinnerResponse,
  PublicSettingsInput,
} from '../../../contract/dinner.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { noteCreated, writeTransaction } from '../../../db/transaction.js';
import { completeMealTimes } from '../../../domain/events/dinner-rules.js';
import type { Deps } from '../../deps.js';
import { newId } from '../../lib/ids.js';
import { insertDemoParticipants } from '../demo/demo.service.js';
import { afterPartyColumns, saveAfterParty } from '../dinner/after-party.js';
import { addressGeocodingColumns, geocodingQueued, markGivenPositionsLocated } from '../geocoding/geocoding.service.js';
import { administrationUrl } from '../links/links.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { reserveMailTo } from '../mail/mail-limits.js';
import { queueCreatedMail } from './created-mail.js';
import { basicDetailsColumns, contractColumns, optionsColumns, publicSettingsColumns } from './events.columns.js';
import * as repo from './events.repo.js';
import { reloadRunningDinner } from './events.service.js';

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
    teams_published: 0,
    routes_published: 0,
    running_dinner_type: body.runningDinnerType,
    email: body.email,
    ...basicDetailsColumns(body.basicDetails),
    ...optionsColumns(body.options),
    ...publicSettingsColumns(publicSettingsOf(body), body.basicDetails.date),
    registration_deactivated: 0,
    ...contractColumns(body.contract, body.email),
    acknowledged_at: null,
    cancelled_at: null,
    delete_after: null,
    deletion_warned_at: null,
    cancel_subject: null,
    cancel_message: null,
    creation_key: null,
    created_at: now,
    updated_at: now,
  };
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
      const count = await insertDemoParticipants(trx, row.id, row.language_code, now);
      await markGivenPositionsLocated(trx, row.id);
      await recordActivity(deps, trx, row.id, ActivityType.participantsUploaded, 'SYSTEM', now, { count });
    }
    const afterParty = body.afterPartyLocation;
    if (afterParty) {
      const geocoding = addressGeocodingColumns(null, afterParty, afterParty.geocodingResult);
      await saveAfterParty(trx, row.id, {
        ...afterPartyColumns(afterParty, row.language_code),
        ...geocoding,
        updated_at: row.created_at,
      });
      if (geocoding?.geocoding_status === 'PENDING') geocodingQueued(deps, trx);
    }
    await queueCreatedMail(deps, trx, row);
    return row;
  });
  noteCreated({ administrationUrl: administrationUrl(deps, stored.admin_id) });
  return creationAnswer(deps, stored);
}

async function creationAnswer(deps: Deps, row: RunningDinnerRow): Promise<CreateRunningDinnerResponse> {
  return {
    runningDinner: await reloadRunningDinner(deps, row.id),
    administrationUrl: administrationUrl(deps, row.admin_id),
  };
}
