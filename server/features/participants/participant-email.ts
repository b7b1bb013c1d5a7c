import type { ParticipantRow, RunningDinnerRow } from '../../../db/schema.js';
import type { Trx } from '../../../db/transaction.js';
import { msgId } from '../../../domain/validation-messages.js';
import type { Deps } from '../../deps.js';
import { ValidationError } from '../../lib/errors.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { toParticipant } from './participant-row.js';
import { emailTaken } from './participants.queries.js';
import * as repo from './participants.repo.js';
import { assertTeamPartnersKept } from './team-partners-kept.js';

/**
 * A corrected address of a participant (the organiser's resend to a new address), checked as their edit would be:
 * one address per event, and partners who found each other by address stay partners. `field` names it in a refusal.
 */
export async function changeParticipantEmail(
  deps: Deps,
  trx: Trx,
  dinner: RunningDinnerRow,
  participant: ParticipantRow,
  email: string,
  field: string,
): Promise<void> {
  assertWritable(deps, dinner);
  if (await emailTaken(trx, dinner.id, email, participant.id))
    throw new ValidationError([{ field, message: msgId('emailAlreadyRegistered') }]);
  await assertTeamPartnersKept(trx, dinner, (all) =>
    all.map((p) => (p.id === participant.id ? toParticipant({ ...participant, email }) : p)),
  );
  await repo.updateParticipant(trx, dinner.id, participant.id, { email, updated_at: deps.clock.now().toISOString() });
}
