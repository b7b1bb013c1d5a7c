import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/**
 * Participants: each event gets the secret id of its participants' personal links, and the same e-mail
 * twice is refused only when there is one (the organiser may add participants without an address).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('running_dinner').addColumn('self_admin_id', 'text').execute();
  const dinners = await db.selectFrom('running_dinner').select('id').execute();
  for (const { id } of dinners)
    await db.updateTable('running_dinner').set({ self_admin_id: randomUUID() }).where('id', '=', id).execute();
  await db.schema
    .createIndex('running_dinner_self_admin_id')
    .on('running_dinner')
    .column('self_admin_id')
    .unique()
    .execute();

  await db.schema.dropIndex('participant_email_unique').execute();
  await db.schema
    .createIndex('participant_email_unique')
    .on('participant')
    .columns(['running_dinner_id', 'email'])
    .unique()
    .where(sql.ref('email'), '<>', '')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('participant_email_unique').execute();
  await db.schema
    .createIndex('participant_email_unique')
    .on('participant')
    .columns(['running_dinner_id', 'email'])
    .unique()
    .execute();
  await db.schema.dropIndex('running_dinner_self_admin_id').execute();
  await db.schema.alterTable('running_dinner').dropColumn('self_admin_id').execute();
}
