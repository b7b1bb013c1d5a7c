import { DinnerEvent } from '../../../contract/dinner-events.js';
import type { Participant } from '../../../contract/participants.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import { fixedPartnerOf } from '../../../domain/participants/team-partner-wish.js';
import type { Deps } from '../../deps.js';
import { AppError, ErrorMessage } from '../../lib/errors.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { publishDinnerEvent } from '../live/dinner-events.js';
import { toParticipant } from './participant-row.js';
import * as repo from './participants.repo.js';
import { findParticipantRow, getParticipant } from './participants-reading.service.js';
import { invitePartnerIfDue } from './partner-invitation.js';

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
  const row = await findParticipantRow(deps, dinner, participantId);
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
