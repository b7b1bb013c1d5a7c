import type { Kysely } from 'kysely';

/**
 * What the organiser wrote to everyone registered when cancelling the event: the personal pages show it next to
 * "cancelled". Both stay null for an event cancelled without a message (the DELETE) and for one not cancelled.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['cancel_subject', 'cancel_message'])
    await db.schema.alterTable('running_dinner').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['cancel_subject', 'cancel_message'])
    await db.schema.alterTable('running_dinner').dropColumn(column).execute();
}
