import type { ParticipantUpdate } from '../../../contract/updates.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import type { DbOrTrx } from '../../../db/transaction.js';
import { type Change, changesSince, type Facts, type Told } from '../../../domain/updates/told-facts.js';
import { sentMails } from '../teams/teams.queries.js';
import { type DinnerRows, factsNow, loadDinnerRows } from './dinner-facts.js';
import { latestTold } from './told.queries.js';

/** Which kinds of mail went out: the team once team or route mails did (a route mail names the partner too). */
export async function mailsWent(db: DbOrTrx, runningDinnerId: string): Promise<Told> {
  const sent = await sentMails(db, runningDinnerId);
  return { teams: sent.teamMails || sent.dinnerRouteMails, routes: sent.dinnerRouteMails };
}

/** Everything an update is computed from, read once. */
export interface UpdateState {
  rows: DinnerRows;
  now: Map<string, Facts>;
  told: Map<string, Facts>;
  went: Told;
}

export async function loadUpdateState(db: DbOrTrx, dinner: RunningDinnerRow): Promise<UpdateState> {
  const [rows, told, went] = await Promise.all([
    loadDinnerRows(db, dinner),
    latestTold(db, dinner.id),
    mailsWent(db, dinner.id),
  ]);
  return { rows, now: factsNow(rows), told, went };
}

/** What changed for a participant since they were told (nothing for whom no mail concerns). */
export function changesOf(state: UpdateState, participantId: string): Change[] {
  const now = state.now.get(participantId);
  return now ? changesSince(state.told.get(participantId), now, state.went) : [];
}

/**
 * Everyone who cooks in a team, can be mailed, and whose team or route is no longer as the mails told them (or was
 * never told though the others were), in team order.
 */
export function pendingUpdates(state: UpdateState): ParticipantUpdate[] {
  const teamNumber = new Map(state.rows.teams.map((t) => [t.id, t.team_number]));
  return state.rows.participants
    .filter((p) => p.activated_at !== null && p.email !== '' && p.team_id !== null)
    .map((p) => ({
      participantId: p.id,
      email: p.email,
      firstnamePart: p.firstname_part,
      lastname: p.lastname,
      teamNumber: teamNumber.get(p.team_id ?? '') ?? 0,
      changes: changesOf(state, p.id),
    }))
    .filter((update) => update.changes.length > 0)
    .sort((a, b) => a.teamNumber - b.teamNumber);
}

export async function listUpdates(db: DbOrTrx, dinner: RunningDinnerRow): Promise<ParticipantUpdate[]> {
  return pendingUpdates(await loadUpdateState(db, dinner));
}
