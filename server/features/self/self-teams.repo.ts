import type { ParticipantRow, RouteVisitRow, TeamRow } from '../../../db/schema.js';
import type { DbOrTrx } from '../../../db/transaction.js';

// Reads of one team and its route for the personal links; every query is bound to the event.

export function findTeam(db: DbOrTrx, runningDinnerId: string, teamId: string): Promise<TeamRow | undefined> {
  return db
    .selectFrom('team')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .where('id', '=', teamId)
    .executeTakeFirst();
}

export function listTeamsById(db: DbOrTrx, runningDinnerId: string, teamIds: string[]): Promise<TeamRow[]> {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('team')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .where('id', 'in', teamIds)
    .execute();
}

/** The members of the teams, in registration order. */
export function listMembersOf(db: DbOrTrx, runningDinnerId: string, teamIds: string[]): Promise<ParticipantRow[]> {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('participant')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .where('team_id', 'in', teamIds)
    .orderBy('participant_number')
    .execute();
}

/** The visits a team takes part in: its guests at home and its own visits to the other hosts. */
export function listVisitsOf(db: DbOrTrx, runningDinnerId: string, teamId: string): Promise<RouteVisitRow[]> {
  return db
    .selectFrom('route_visit')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .where((eb) => eb.or([eb('host_team_id', '=', teamId), eb('guest_team_id', '=', teamId)]))
    .execute();
}

export async function setTeamHost(
  db: DbOrTrx,
  runningDinnerId: string,
  teamId: string,
  hostParticipantId: string,
): Promise<void> {
  await db
    .updateTable('team')
    .set({ host_participant_id: hostParticipantId })
    .where('running_dinner_id', '=', runningDinnerId)
    .where('id', '=', teamId)
    .execute();
}

/** The teams that eat at the team's home. */
export async function guestTeamIdsOf(db: DbOrTrx, runningDinnerId: string, teamId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('route_visit')
    .select('guest_team_id')
    .where('running_dinner_id', '=', runningDinnerId)
    .where('host_team_id', '=', teamId)
    .execute();
  return rows.map((r) => r.guest_team_id);
}
