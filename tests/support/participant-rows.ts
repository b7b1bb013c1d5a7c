import { validateParticipantInput } from '../../contract/participants.js';
import type { Db } from '../../db/connection.js';
import type { NewParticipant } from '../../db/schema.js';
import {
  type ParticipantFieldColumns,
  participantColumns,
} from '../../server/features/participants/participant-row.js';

// Participant rows written straight to the database, for what the API never writes or would take too long to
// write one by one. No server and no test runner needed: the bench uses these too.

/** The columns an organiser's form fills, through the server's own validation (throws on an invalid form). */
export function formColumns(input: unknown): ParticipantFieldColumns {
  const validation = validateParticipantInput(input);
  if (!validation.ok) throw new Error(JSON.stringify(validation.issues));
  return participantColumns(validation.value);
}

/** A new, confirmed participant in no team, German, registered alone; the caller spreads changes over it. */
export const confirmedRow = (
  runningDinnerId: string,
  participantNumber: number,
  columns: ParticipantFieldColumns,
  now: string,
  language: NewParticipant['language_code'],
): NewParticipant => ({
  id: crypto.randomUUID(),
  running_dinner_id: runningDinnerId,
  participant_number: participantNumber,
  ...columns,
  team_partner_wish_originator_id: null,
  team_id: null,
  language_code: language,
  activated_at: now,
  created_at: now,
  updated_at: now,
});

/** The event's language: a participant the organiser adds has it, as the app gives it. */
export const dinnerLanguage = async (db: Db, runningDinnerId: string) =>
  (
    await db
      .selectFrom('running_dinner')
      .select('language_code')
      .where('id', '=', runningDinnerId)
      .executeTakeFirstOrThrow()
  ).language_code;

/** Inserts the rows in batches of 500: thousands in a few statements. */
export async function insertParticipantRows(db: Db, rows: readonly NewParticipant[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('participant')
      .values(rows.slice(i, i + 500))
      .execute();
}
