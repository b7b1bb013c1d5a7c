import type { Updateable } from 'kysely';
import type { ParticipantTable } from '../../../db/schema.js';
import type { DbOrTrx } from '../../../db/transaction.js';

export * from './participants.queries.js';

type ParticipantUpdate = Updateable<ParticipantTable>;

/** Newest first; the participant number orders registrations of the same instant. */
export function listRegistrations(db: DbOrTrx, runningDinnerId: string, offset: number, limit: number) {
  return db
    .selectFrom('participant')
    .select(['id', 'firstname_part', 'lastname', 'email', 'created_at', 'activated_at'])
    .where('running_dinner_id', '=', runningDinnerId)
    .orderBy('created_at', 'desc')
    .orderBy('participant_number', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function updateParticipant(
  db: DbOrTrx,
  runningDinnerId: string,
  participantId: string,
  changes: ParticipantUpdate,
): Promise<void> {
  await db
    .updateTable('participant')
    .set(changes)
    .where('running_dinner_id', '=', runningDinnerId)
    .where('id', '=', participantId)
    .execute();
}

export async function deleteParticipant(db: DbOrTrx, runningDinnerId: string, participantId: string): Promise<void> {
  await db
    .deleteFrom('participant')
    .where('running_dinner_id', '=', runningDinnerId)
    .where('id', '=', participantId)
    .execute();
}

/**
 * Moves every participant numbered above `removedNumber` one place up. SQLite checks the unique
 * (event, number) constraint row by row in no set order, so the numbers pass through negative values first
 * (n becomes 1 − n, then n − 1).
 */
export async function closeNumberGap(db: DbOrTrx, runningDinnerId: string, removedNumber: number): Promise<void> {
  const numbered = (op: '>' | '<', value: number) =>
    db
      .updateTable('participant')
      .where('running_dinner_id', '=', runningDinnerId)
      .where('participant_number', op, value);
  await numbered('>', removedNumber)
    .set((eb) => ({ participant_number: eb(eb.val(1), '-', eb.ref('participant_number')) }))
    .execute();
  await numbered('<', 0)
    .set((eb) => ({ participant_number: eb.neg(eb.ref('participant_number')) }))
    .execute();
}

/** Swaps the numbers of two participants of the event (through a free negative number, see closeNumberGap). */
export async function swapNumbers(
  db: DbOrTrx,
  runningDinnerId: string,
  a: { id: string; number: number },
  b: { id: string; number: number },
): Promise<void> {
  const setNumber = (id: string, number: number) =>
    db
      .updateTable('participant')
      .set({ participant_number: number })
      .where('running_dinner_id', '=', runningDinnerId)
      .where('id', '=', id)
      .execute();
  await setNumber(a.id, -a.number);
  await setNumber(b.id, a.number);
  await setNumber(a.id, b.number);
}

/** Participants registered together share the originator id; without it they are singles. */
export async function dissolveRegisteredTogether(
  db: DbOrTrx,
  runningDinnerId: string,
  originatorId: string,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('participant')
    .set({ team_partner_wish_originator_id: null, updated_at: updatedAt })
    .where('running_dinner_id', '=', runningDinnerId)
    .where('team_partner_wish_originator_id', '=', originatorId)
    .execute();
}

/** Confirms the not yet confirmed ones among the given participants; a confirmation keeps its first date. */
export async function activateParticipants(
  db: DbOrTrx,
  runningDinnerId: string,
  participantIds: string[],
  at: string,
): Promise<void> {
  await db
    .updateTable('participant')
    .set({ activated_at: at, updated_at: at })
    .where('running_dinner_id', '=', runningDinnerId)
    .where('id', 'in', participantIds)
    .where('activated_at', 'is', null)
    .execute();
}
