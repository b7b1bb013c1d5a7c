import type { Kysely } from 'kysely';

/**
 * A participant in a team who told the organiser they cannot come: marked with when and their note, while the team
 * stays as it is until the organiser changes it (one who is in no team leaves at once instead, with their data).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('participant').addColumn('withdrawn_at', 'text').execute();
  await db.schema
    .alterTable('participant')
    .addColumn('withdrawal_note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('participant').dropColumn('withdrawal_note').execute();
  await db.schema.alterTable('participant').dropColumn('withdrawn_at').execute();
}
