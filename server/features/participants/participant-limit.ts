import { ParticipantsMessage } from '../../../contract/participants.messages.js';
import type { Trx } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { ValidationError } from '../../lib/errors.js';
import { countParticipants } from './participants.queries.js';

/**
 * Refuses (406) participants beyond MAX_PARTICIPANTS_PER_EVENT: registrations, the organiser's additions and imports
 * alike. Call it in the write transaction that inserts them: it is serial on both databases, so concurrent
 * registrations at the limit cannot pass it together. An import names how many of its rows would still fit.
 */
export async function assertRoomForParticipants(
  deps: Pick<Deps, 'config'>,
  trx: Trx,
  runningDinnerId: string,
  adding: number,
  field?: string,
): Promise<void> {
  const max = deps.config.maxParticipantsPerEvent;
  const free = Math.max(0, max - (await countParticipants(trx, runningDinnerId)));
  if (adding <= free) return;
  const values = { max: String(max), free: String(free), adding: String(adding) };
  const message = field === undefined ? ParticipantsMessage.eventFull : ParticipantsMessage.importTooMany;
  throw new ValidationError([{ ...(field === undefined ? {} : { field }), message: message.id, values }]);
}
