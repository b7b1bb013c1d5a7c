import type { Kysely } from 'kysely';

/**
 * A mail about an event names whom to answer and whose it is: `reply_to` (the event's public contact, else its
 * organiser) and `event_title` (the name of From and the heading of the HTML part), and is written in `language`.
 * Fixed when the mail is queued, like its Message-ID; null for mails about no event. Mails queued before keep From as
 * configured, no Reply-To and the HTML part as it was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['reply_to', 'event_title', 'language'])
    await db.schema.alterTable('message_task').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['language', 'event_title', 'reply_to'])
    await db.schema.alterTable('message_task').dropColumn(column).execute();
}
