import type { Participant } from '../../../contract/participants.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { forgetParticipantMails } from '../mail/mail-queue.js';
import { assertNotInTeam } from './not-in-team.js';
import { fullNameOf, toParticipant } from './participant-row.js';
import * as repo from './participants.repo.js';
import { findParticipantRow } from './participants-reading.service.js';

/**
 * Removes the participant and their personal data from the mails; the later ones move up so the numbers stay
 * 1..n. A partner registered together with them stays as a single participant.
 */
export async function deleteParticipant(deps: Deps, dinner: RunningDinnerRow, participantId: string): Promise<void> {
  assertWritable(deps, dinner);
  const row = await findParticipantRow(deps, dinner, participantId);
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
