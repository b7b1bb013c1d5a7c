import type { Kysely } from 'kysely';

/**
 * The Idempotency-Key an event was created with (scoped by the creator's address), so a retried creation, after an
 * answer that never arrived, answers the event the first request made instead of making a second one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('running_dinner').addColumn('creation_key', 'text').execute();
  await db.schema
    .createIndex('running_dinner_creation_key_unique')
    .on('running_dinner')
    .column('creation_key')
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('running_dinner_creation_key_unique').execute();
  await db.schema.alterTable('running_dinner').dropColumn('creation_key').execute();
}
