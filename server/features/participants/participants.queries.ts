import type { NewParticipant } from '../../../db/schema.js';
import type { DbOrTrx } from '../../../db/transaction.js';
import { inBatches } from '../../lib/batches.js';

// The queries of participants that other features read too (repositories stay private to their feature).

/**
 * The number the next participant of the event gets: registration order without gaps. Call it inside the
 * transaction that inserts, so concurrent registrations (serialised by the single writer) never share one.
 */
export async function nextParticipantNumber(db: DbOrTrx, runningDinnerId: string): Promise<number> {
  const { max } = await db
    .selectFrom('participant')
    .select((eb) => eb.fn.max<number | null>('participant_number').as('max'))
    .where('running_dinner_id', '=', runningDinnerId)
    .executeTakeFirstOrThrow();
  return (max ?? 0) + 1;
}

export async function insertParticipant(db: DbOrTrx, row: NewParticipant): Promise<void> {
  await db.insertInto('participant').values(row).execute();
}

/** Rows per INSERT: a few hundred rows of some 30 columns stay below the bound parameters both databases allow. */
const INSERT_CHUNK = 200;

/** Many participants in few statements, with turns of the event loop between them (an import of thousands). */
export async function insertParticipants(db: DbOrTrx, rows: readonly NewParticipant[]): Promise<void> {
  await inBatches(rows, INSERT_CHUNK, (batch) => db.insertInto('participant').values(batch).execute());
}

export async function countParticipants(db: DbOrTrx, runningDinnerId: string): Promise<number> {
  const { count } = await db
    .selectFrom('participant')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('running_dinner_id', '=', runningDinnerId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Whether an e-mail address is already registered for the event (addresses are stored lower-cased). */
export async function emailTaken(
  db: DbOrTrx,
  runningDinnerId: string,
  email: string,
  exceptId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('participant')
    .select('id')
    .where('running_dinner_id', '=', runningDinnerId)
    .where('email', '=', email);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The partner wish of whoever registered with the address, if anyone did. */
export function findWishByEmail(db: DbOrTrx, runningDinnerId: string, email: string) {
  return db
    .selectFrom('participant')
    .select(['team_partner_wish_email', 'team_partner_wish_originator_id'])
    .where('running_dinner_id', '=', runningDinnerId)
    .where('email', '=', email)
    .executeTakeFirst();
}

export function listParticipantRows(db: DbOrTrx, runningDinnerId: string) {
  return db
    .selectFrom('participant')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .orderBy('participant_number')
    .execute();
}

export function findParticipant(db: DbOrTrx, runningDinnerId: string, participantId: string) {
  return db
    .selectFrom('participant')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .where('id', '=', participantId)
    .executeTakeFirst();
}

/** Sets (or, with null, clears) the e-mail of a participant's wished team partner. */
export async function setTeamPartnerWish(
  db: DbOrTrx,
  runningDinnerId: string,
  participantId: string,
  email: string | null,
  now: Date,
): Promise<void> {
  await db
    .updateTable('participant')
    .set({ team_partner_wish_email: email, updated_at: now.toISOString() })
    .where('running_dinner_id', '=', runningDinnerId)
    .where('id', '=', participantId)
    .execute();
}

/** Marks that a participant in a team cannot come, once: false when they had told it before. */
export async function markWithdrawn(
  db: DbOrTrx,
  runningDinnerId: string,
  participantId: string,
  note: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('participant')
    .set({ withdrawn_at: now.toISOString(), withdrawal_note: note, updated_at: now.toISOString() })
    .where('running_dinner_id', '=', runningDinnerId)
    .where('id', '=', participantId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
