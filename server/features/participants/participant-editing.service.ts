import type { Participant, ParticipantInput } from '../../../contract/participants.js';
import type { ParticipantRow, RunningDinnerRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import { msgId } from '../../../domain/validation-messages.js';
import type { Deps } from '../../deps.js';
import { ValidationError } from '../../lib/errors.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { addressGeocodingColumns, geocodingQueued, publishGeocodingProgress } from '../geocoding/geocoding.service.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { clearUndeliverable } from '../mail/undeliverable-addresses.js';
import { newParticipantRow } from './new-participant-row.js';
import { assertRoomForParticipants } from './participant-limit.js';
import { fullNameOf, participantColumns, toParticipant } from './participant-row.js';
import * as repo from './participants.repo.js';
import { findParticipantRow, getParticipant } from './participants-reading.service.js';
import { assertTeamPartnersKept } from './team-partners-kept.js';
import { emailAlreadyRegistered, withUniqueEmail } from './unique-email.js';

/** Where the event takes no partner wishes, the organiser cannot enter a new one either. */
function assertWishAllowed(dinner: RunningDinnerRow, wish: string | null, storedWish: string | null = null): void {
  if (dinner.team_partner_wish_disabled === 1 && wish !== null && wish !== storedWish) {
    throw new ValidationError([{ field: 'teamPartnerWishEmail', message: msgId('teamPartnerWishDisabled') }]);
  }
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
  const stored = await findParticipantRow(deps, dinner, participantId);
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
      const geocoding = addressGeocodingColumns(stored, input, input.geocodingResult);
      await repo.updateParticipant(trx, dinner.id, stored.id, {
        ...participantColumns(input),
        ...geocoding,
        updated_at: deps.clock.now().toISOString(),
      });
      if (geocoding?.geocoding_status === 'PENDING') geocodingQueued(deps, trx);
      // A corrected mail address is tried again by the next message (the old one stays marked for its own sake).
      if (input.email.trim().toLowerCase() !== stored.email.trim().toLowerCase())
        await clearUndeliverable(trx, dinner.id, input.email);
      // The position went (a new address) or was set by hand: the located count changed.
      if (geocoding) await publishGeocodingProgress(deps, trx, dinner.id);
    }),
  );
  return getParticipant(deps, dinner, stored.id);
}
