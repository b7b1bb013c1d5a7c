import { sql } from 'kysely';
import type { NewTeam, TeamTable } from '../../../db/schema.js';
import type { DbOrTrx, Trx } from '../../../db/transaction.js';
import { betweenStatements, inBatches } from '../../lib/batches.js';

export * from './teams.queries.js';

/** Rows per statement: few statements for thousands of rows, each short enough to keep the main thread free. */
const INSERT_BATCH = 250;

const insertBatched = <T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) =>
  inBatches(rows, INSERT_BATCH, insert);

/** The confirmed participants in registration order: the input of team generation. */
export async function confirmedParticipantIds(db: DbOrTrx, runningDinnerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('participant')
    .select('id')
    .where('running_dinner_id', '=', runningDinnerId)
    .where('activated_at', 'is not', null)
    .orderBy('participant_number')
    .execute();
  return rows.map((r) => r.id);
}

export async function insertTeams(trx: Trx, rows: readonly NewTeam[]): Promise<void> {
  await insertBatched(rows, (batch) => trx.insertInto('team').values(batch).execute());
}

export async function updateTeam(
  trx: Trx,
  runningDinnerId: string,
  teamId: string,
  changes: Partial<Omit<TeamTable, 'id' | 'running_dinner_id'>>,
): Promise<void> {
  await trx
    .updateTable('team')
    .set(changes)
    .where('running_dinner_id', '=', runningDinnerId)
    .where('id', '=', teamId)
    .execute();
}

/** Takes participants out of every team. */
export async function clearTeamOf(trx: Trx, runningDinnerId: string, participantIds: readonly string[]): Promise<void> {
  if (participantIds.length === 0) return;
  await trx
    .updateTable('participant')
    .set({ team_id: null })
    .where('running_dinner_id', '=', runningDinnerId)
    .where('id', 'in', participantIds)
    .execute();
}

/** Puts each participant into their team: one statement per batch, not one per team (thousands on generation). */
export async function setTeamsOf(
  trx: Trx,
  runningDinnerId: string,
  teamOfParticipant: ReadonlyMap<string, string>,
): Promise<void> {
  await insertBatched([...teamOfParticipant], async (batch) => {
    const rows = sql.join(batch.map(([participantId, teamId]) => sql`(${participantId}, ${teamId})`));
    await sql`update participant set team_id = moves.column2 from (values ${rows}) as moves
      where participant.id = moves.column1 and participant.running_dinner_id = ${runningDinnerId}`.execute(trx);
  });
}

/** The dinner routes follow from the teams' places: they are rewritten whole with every change of the plan. */
export async function replaceVisits(
  trx: Trx,
  runningDinnerId: string,
  visits: readonly { id: string; meal_id: string; host_team_id: string; guest_team_id: string }[],
): Promise<void> {
  await trx.deleteFrom('route_visit').where('running_dinner_id', '=', runningDinnerId).execute();
  await insertBatched(visits, (batch) =>
    trx
      .insertInto('route_visit')
      .values(batch.map((v) => ({ ...v, running_dinner_id: runningDinnerId })))
      .execute(),
  );
}

/**
 * Removes every team; the participants' team_id falls back to null and the visits go with the teams. In three
 * statements with turns of the event loop between them (one cascading delete of thousands of rows held it long).
 */
export async function deleteTeams(trx: Trx, runningDinnerId: string): Promise<void> {
  await trx.deleteFrom('route_visit').where('running_dinner_id', '=', runningDinnerId).execute();
  await betweenStatements();
  await trx
    .updateTable('participant')
    .set({ team_id: null })
    .where('running_dinner_id', '=', runningDinnerId)
    .where('team_id', 'is not', null)
    .execute();
  await betweenStatements();
  await trx.deleteFrom('team').where('running_dinner_id', '=', runningDinnerId).execute();
}

export async function planSeed(db: DbOrTrx, runningDinnerId: string): Promise<number | null> {
  return (
    await db
      .selectFrom('running_dinner')
      .select('team_plan_seed')
      .where('id', '=', runningDinnerId)
      .executeTakeFirstOrThrow()
  ).team_plan_seed;
}

export async function setPlanSeed(
  trx: Trx,
  runningDinnerId: string,
  seed: number | null,
  generatedAt: string | null,
): Promise<void> {
  await trx
    .updateTable('running_dinner')
    .set({ team_plan_seed: seed, teams_generated_at: generatedAt })
    .where('id', '=', runningDinnerId)
    .execute();
}
