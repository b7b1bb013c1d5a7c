import type { Kysely } from 'kysely';

/**
 * A mail about an event names whom to answer and whose it is: `reply_to` (the event's public contact, else its
 * organiser) and `sender_name` (the display name of From: the event's title). Fixed when the mail is queued, like its
 * Message-ID; null for mails about no event. Mails queued before keep From as configured and no Reply-To.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('message_task').addColumn('reply_to', 'text').execute();
  await db.schema.alterTable('message_task').addColumn('sender_name', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('message_task').dropColumn('sender_name').execute();
  await db.schema.alterTable('message_task').dropColumn('reply_to').execute();
}
