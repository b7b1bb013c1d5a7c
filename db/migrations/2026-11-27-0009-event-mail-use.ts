import type { Kysely } from 'kysely';

/**
 * Every mail an event causes (message jobs, resends, samples, the app's own mails about it) is counted here by the hour
 * it was queued in (`used_at` is the hour's start), so that its daily allowance counts all of them, under the write
 * lock, on both databases, reading at most 25 rows however many mails went out. Rows go with their event and are
 * pruned after a day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event_mail_use')
    .addColumn('running_dinner_id', 'text', (c) => c.notNull().references('running_dinner.id').onDelete('cascade'))
    .addColumn('used_at', 'text', (c) => c.notNull())
    .addColumn('mails', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('event_mail_use_by_hour')
    .on('event_mail_use')
    .columns(['running_dinner_id', 'used_at'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_mail_use').execute();
}
