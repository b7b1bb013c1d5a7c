import type { DbOrTrx, Trx } from '../../../db/transaction.js';
import type { Facts } from '../../../domain/updates/told-facts.js';
import { inBatches } from '../../lib/batches.js';

// What each participant was told: a row per mail that told them their team or route (or per change of their own).

export interface Telling {
  participantId: string;
  /** The mail that tells it; null for what the participant knows without one (a change they made themselves). */
  messageTaskId: string | null;
  facts: Facts;
}

export async function recordTold(trx: Trx, runningDinnerId: string, tellings: readonly Telling[], now: Date) {
  const rows = tellings
    .filter((t) => t.facts.team !== null || t.facts.route !== null)
    .map((t) => ({
      running_dinner_id: runningDinnerId,
      participant_id: t.participantId,
      message_task_id: t.messageTaskId,
      team_facts: t.facts.team ? JSON.stringify(t.facts.team) : null,
      route_facts: t.facts.route ? JSON.stringify(t.facts.route) : null,
      told_at: now.toISOString(),
    }));
  await inBatches(rows, 500, (batch) => trx.insertInto('participant_told').values(batch).execute());
}

/**
 * Which of the tellings count: `believed` those whose mail has not failed (queued, on its way or delivered: what the
 * participant has or is about to have), `delivered` only those that reached them.
 */
type Counting = 'believed' | 'delivered';

function tellingsOf(db: DbOrTrx, runningDinnerId: string, counting: Counting) {
  return db
    .selectFrom('participant_told')
    .leftJoin('message_task', 'message_task.id', 'participant_told.message_task_id')
    .select([
      'participant_told.participant_id',
      'participant_told.team_facts',
      'participant_told.route_facts',
      'participant_told.id',
    ])
    .where('participant_told.running_dinner_id', '=', runningDinnerId)
    .where((eb) =>
      eb.or([
        eb('participant_told.message_task_id', 'is', null),
        counting === 'believed' ? eb('message_task.status', '!=', 'FAILED') : eb('message_task.status', '=', 'SENT'),
      ]),
    )
    .orderBy('participant_told.id');
}

/** The newest told team and route of every participant of the dinner who was told anything. */
export async function latestTold(db: DbOrTrx, runningDinnerId: string, counting: Counting = 'believed') {
  const told = new Map<string, Facts>();
  for (const row of await tellingsOf(db, runningDinnerId, counting).execute()) {
    const before = told.get(row.participant_id);
    told.set(row.participant_id, {
      team: row.team_facts ? JSON.parse(row.team_facts) : (before?.team ?? null),
      route: row.route_facts ? JSON.parse(row.route_facts) : (before?.route ?? null),
    });
  }
  return told;
}

/** Whether a mail delivered to the participant told them their team, and their route. */
export async function deliveredTo(db: DbOrTrx, runningDinnerId: string, participantId: string) {
  const rows = await tellingsOf(db, runningDinnerId, 'delivered')
    .where('participant_told.participant_id', '=', participantId)
    .execute();
  return { team: rows.some((r) => r.team_facts !== null), route: rows.some((r) => r.route_facts !== null) };
}

/** How often each participant was sent their route: a calendar file sent again must carry a higher SEQUENCE. */
export async function routeTellingCounts(db: DbOrTrx, runningDinnerId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('participant_told')
    .select(['participant_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('running_dinner_id', '=', runningDinnerId)
    .where('route_facts', 'is not', null)
    .groupBy('participant_id')
    .execute();
  return new Map(rows.map((r) => [r.participant_id, Number(r.count)]));
}
