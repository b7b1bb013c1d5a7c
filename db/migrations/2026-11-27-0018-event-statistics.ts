import type { Kysely } from 'kysely';

/**
 * Every event is deleted with its people's data some days after its date (`EVENT_RETENTION_DAYS`):
 * - `running_dinner.deletion_warned_at` is when the organiser was told, two days before, that the event will be
 *   deleted (once; the deletion waits for it);
 * - `event_statistics` is all that is kept of a deleted event: its date and how many participants, teams and meals it
 *   had. No name, no address, no link: nothing that leads back to a person or the event's pages.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('running_dinner').addColumn('deletion_warned_at', 'text').execute();
  await db.schema
    .createTable('event_statistics')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_date', 'text', (c) => c.notNull())
    .addColumn('demo', 'integer', (c) => c.notNull())
    .addColumn('cancelled', 'integer', (c) => c.notNull())
    .addColumn('participants', 'integer', (c) => c.notNull())
    .addColumn('teams', 'integer', (c) => c.notNull())
    .addColumn('meals', 'integer', (c) => c.notNull())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_statistics').execute();
  await db.schema.alterTable('running_dinner').dropColumn('deletion_warned_at').execute();
}
