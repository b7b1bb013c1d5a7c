import type { Kysely } from 'kysely';

/**
 * Message jobs: what a task's delivery failed of (the mail server's own words stay in `last_error`), how often the
 * organiser resent it, the calendar file a dinner-route mail carries, and indexes for a job's tasks and for the
 * daily count of an event's mails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('message_task').addColumn('failure_type', 'text').execute();
  await db.schema
    .alterTable('message_task')
    .addColumn('resend_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('message_task').addColumn('calendar', 'text').execute();
  await db.schema.createIndex('message_task_by_job').on('message_task').columns(['message_job_id', 'status']).execute();
  await db.schema
    .createIndex('message_task_by_dinner')
    .on('message_task')
    .columns(['running_dinner_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('message_job_by_dinner')
    .on('message_job')
    .columns(['running_dinner_id', 'message_type', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('message_job_by_dinner').execute();
  await db.schema.dropIndex('message_task_by_dinner').execute();
  await db.schema.dropIndex('message_task_by_job').execute();
  await db.schema.alterTable('message_task').dropColumn('calendar').execute();
  await db.schema.alterTable('message_task').dropColumn('resend_count').execute();
  await db.schema.alterTable('message_task').dropColumn('failure_type').execute();
}
