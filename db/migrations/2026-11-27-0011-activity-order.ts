import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * An event's activities in the order they were recorded: `seq` counts them per event (1, 2, …), written under the
 * write lock. Ordering by the physical row (SQLite's rowid, PostgreSQL's ctid) was wrong on PostgreSQL, where a row's
 * place changes when space is reused. Existing rows are numbered by time, ties by the physical row as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('activity')
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const physical = isPostgres(db) ? sql`ctid` : sql`rowid`;
  await sql`update activity set seq = numbered.n from (
      select id, row_number() over (partition by running_dinner_id order by created_at, ${physical}) as n from activity
    ) as numbered where activity.id = numbered.id`.execute(db);
  await db.schema
    .createIndex('activity_by_dinner_seq')
    .on('activity')
    .columns(['running_dinner_id', 'seq'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activity_by_dinner_seq').execute();
  await db.schema.alterTable('activity').dropColumn('seq').execute();
}
