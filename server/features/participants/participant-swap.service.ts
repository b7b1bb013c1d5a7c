import type { ParticipantList } from '../../../contract/participants.js';
import { ParticipantsMessage } from '../../../contract/participants.messages.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { ValidationError } from '../../lib/errors.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { assertNotInTeam } from './not-in-team.js';
import * as repo from './participants.repo.js';
import { findParticipantRow, participantList } from './participants-reading.service.js';

/** Swaps the list positions (numbers) of two participants. */
export async function swapParticipants(
  deps: Deps,
  dinner: RunningDinnerRow,
  firstId: string,
  secondId: string,
): Promise<ParticipantList> {
  assertWritable(deps, dinner);
  const [first, second] = [
    await findParticipantRow(deps, dinner, firstId),
    await findParticipantRow(deps, dinner, secondId),
  ];
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
