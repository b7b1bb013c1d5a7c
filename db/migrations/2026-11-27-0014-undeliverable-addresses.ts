import type { Kysely } from 'kysely';

/**
 * Addresses a mail of an event failed for good at (a 5xx answer, a bounce or complaint reported later), lower case:
 * the event's later message jobs do not mail them again until the organiser changes the address or clears the mark.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('undeliverable_address')
    .addColumn('running_dinner_id', 'text', (c) => c.notNull().references('running_dinner.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('failure_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('undeliverable_address_pk', ['running_dinner_id', 'email'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('undeliverable_address').execute();
}
