import type { Kysely } from 'kysely';

/**
 * A message may be sent later: its job waits as SCHEDULED with `send_at` (an instant) and no tasks; when it is due,
 * one instance claims it and writes its mails from the data as it is then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('message_job').addColumn('send_at', 'text').execute();
  await db.schema
    .createIndex('message_job_by_status_send_at')
    .on('message_job')
    .columns(['status', 'send_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('message_job_by_status_send_at').execute();
  await db.schema.alterTable('message_job').dropColumn('send_at').execute();
}
