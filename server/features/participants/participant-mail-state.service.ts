import type { ParticipantMailState } from '../../../contract/participants.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { clearUndeliverable, undeliverableMark } from '../mail/undeliverable-addresses.js';
import { findParticipantRow } from './participants-reading.service.js';

/** Whether mail to the participant's address failed for good in this event, so that its messages skip it. */
export async function mailState(
  deps: Deps,
  dinner: RunningDinnerRow,
  participantId: string,
): Promise<ParticipantMailState> {
  const row = await findParticipantRow(deps, dinner, participantId);
  return { undeliverable: await undeliverableMark(deps.db, dinner.id, row.email) };
}

/** The organiser tries the address again: the next message goes to it. */
export async function clearMailState(
  deps: Deps,
  dinner: RunningDinnerRow,
  participantId: string,
): Promise<ParticipantMailState> {
  assertWritable(deps, dinner);
  const row = await findParticipantRow(deps, dinner, participantId);
  await writeTransaction(deps.db, (trx) => clearUndeliverable(trx, dinner.id, row.email));
  return { undeliverable: null };
}
