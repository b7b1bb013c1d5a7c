import type { NewParticipant } from '../../db/schema.js';
import { nextParticipantNumber } from '../../server/features/participants/participants.repo.js';
import { adminPath, participantInput, participantsPath, runningDinnerIdOf } from './factories.js';
import { confirmedRow, dinnerLanguage, formColumns } from './participant-rows.js';
import { call, type TestServer } from './test-server.js';

/** Adds `participantInput(overrides)` as the organiser does and answers the stored participant (throws on anything but 200). */
export async function addParticipant(server: TestServer, adminId: string, overrides: Record<string, unknown> = {}) {
  const res = await call(server, 'POST', participantsPath(adminId, '/participant'), participantInput(overrides));
  if (res.status !== 200) throw new Error(`add answered ${res.status}: ${res.text}`);
  return res.json;
}

/** The organiser's participant list: participants, waiting list and unconfirmed ones. */
export const listParticipants = async (server: TestServer, adminId: string) =>
  (await call(server, 'GET', participantsPath(adminId, '/participants'))).json;

/** The dinner's activities, newest first. */
export const listActivities = async (server: TestServer, adminId: string) =>
  (await call(server, 'GET', adminPath(adminId, '/activities'))).json.activities;

/**
 * Stores a participant the way a public registration does, straight in the database so that a test can set
 * what the organiser's API never writes: language, confirmation, ids of a pair registered together.
 * `fields` change the form of `participantInput` and go through the server's own validation and columns;
 * `row` then sets any column. Numbered after the last participant, confirmed unless `row` says otherwise.
 */
export async function insertRegistered(
  server: TestServer,
  adminId: string,
  fields: Record<string, unknown> = {},
  row: Partial<NewParticipant> = {},
): Promise<NewParticipant> {
  const runningDinnerId = await runningDinnerIdOf(server, adminId);
  const columns = formColumns(participantInput(fields));
  const number = await nextParticipantNumber(server.deps.db, runningDinnerId);
  const participant: NewParticipant = {
    ...confirmedRow(
      runningDinnerId,
      number,
      columns,
      new Date().toISOString(),
      await dinnerLanguage(server.deps.db, runningDinnerId),
    ),
    ...row,
  };
  await server.deps.db.insertInto('participant').values(participant).execute();
  return participant;
}

/** Stores a bare team at the dinner's first meal and answers its id: enough for rules that ask whether teams exist. */
export async function insertTeam(server: TestServer, runningDinnerId: string): Promise<string> {
  const meal = await server.deps.db
    .selectFrom('meal')
    .select('id')
    .where('running_dinner_id', '=', runningDinnerId)
    .executeTakeFirstOrThrow();
  const teamId = crypto.randomUUID();
  await server.deps.db
    .insertInto('team')
    .values({
      id: teamId,
      running_dinner_id: runningDinnerId,
      team_number: 1,
      meal_id: meal.id,
      host_participant_id: null,
      status: 'OK',
      design_position: 0,
      created_at: new Date().toISOString(),
    })
    .execute();
  return teamId;
}
