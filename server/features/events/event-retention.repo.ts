import type { NewEventStatistics, RunningDinnerRow } from '../../../db/schema.js';
import type { DbOrTrx } from '../../../db/transaction.js';

// The queries of the event's deletion: who is due, what is kept of it, and the deletion itself (the foreign keys
// cascade to every row of the event: meals, participants, teams, visits, messages, orders, activity, ...).

/** Events to warn: not cancelled (those go two days after the cancellation), not warned yet, dated on or before `lastDate`. */
export const listToWarn = (db: DbOrTrx, lastDate: string): Promise<RunningDinnerRow[]> =>
  db
    .selectFrom('running_dinner')
    .selectAll()
    .where('cancelled_at', 'is', null)
    .where('deletion_warned_at', 'is', null)
    .where('date', '<=', lastDate)
    .execute();

/** Cancelled events past their days, and warned events dated on or before `lastDate` (the caller checks the warning's age). */
export const listDue = (db: DbOrTrx, now: Date, lastDate: string): Promise<RunningDinnerRow[]> =>
  db
    .selectFrom('running_dinner')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('delete_after', '<=', now.toISOString()),
        eb.and([eb('deletion_warned_at', 'is not', null), eb('date', '<=', lastDate)]),
      ]),
    )
    .execute();

export async function markWarned(db: DbOrTrx, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('running_dinner')
    .set({ deletion_warned_at: now.toISOString() })
    .where('id', '=', id)
    .where('deletion_warned_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const countOf = async (db: DbOrTrx, table: 'participant' | 'team' | 'meal', runningDinnerId: string) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('running_dinner_id', '=', runningDinnerId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The counts kept of the event: no name, no address, no link. */
export async function statisticsOf(
  db: DbOrTrx,
  row: RunningDinnerRow,
): Promise<Omit<NewEventStatistics, 'id' | 'deleted_at'>> {
  return {
    event_date: row.date,
    demo: row.running_dinner_type === 'DEMO' ? 1 : 0,
    cancelled: row.cancelled_at === null ? 0 : 1,
    participants: await countOf(db, 'participant', row.id),
    teams: await countOf(db, 'team', row.id),
    meals: await countOf(db, 'meal', row.id),
  };
}

export async function insertStatistics(db: DbOrTrx, row: NewEventStatistics): Promise<void> {
  await db.insertInto('event_statistics').values(row).execute();
}

/** Deletes the event with all its rows; answers whether it was still there. */
export async function deleteEvent(db: DbOrTrx, id: string): Promise<boolean> {
  const result = await db.deleteFrom('running_dinner').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
