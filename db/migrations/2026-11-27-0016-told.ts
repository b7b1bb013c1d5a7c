import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * What each participant was told about their team and route, so a change after the mails can be told to exactly the
 * people it concerns:
 * - `participant_told` keeps one row per telling: the facts of the team and of the route as the mail (or the
 *   participant's own change, without a mail) told them, as JSON. A row counts while its task has not failed; the
 *   newest row with team (route) facts is what the participant believes;
 * - `teams_published` and `routes_published` let the organiser show teams and routes on the personal pages without a
 *   mail. Until then a personal page shows a team (route) only to whom a mail told it. Events whose team or route
 *   mails went out before this migration keep showing them: nothing recorded what those mails told.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('participant_told')
    // SQLite numbers an integer primary key itself; PostgreSQL needs a sequence for it.
    .addColumn('id', isPostgres(db) ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('running_dinner_id', 'text', (c) => c.notNull().references('running_dinner.id').onDelete('cascade'))
    .addColumn('participant_id', 'text', (c) => c.notNull().references('participant.id').onDelete('cascade'))
    .addColumn('message_task_id', 'text', (c) => c.references('message_task.id').onDelete('set null'))
    .addColumn('team_facts', 'text')
    .addColumn('route_facts', 'text')
    .addColumn('told_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('participant_told_by_participant')
    .on('participant_told')
    .columns(['running_dinner_id', 'participant_id', 'id'])
    .execute();
  await db.schema.createIndex('participant_told_by_task').on('participant_told').column('message_task_id').execute();
  for (const column of ['teams_published', 'routes_published'])
    await db.schema
      .alterTable('running_dinner')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  const sentOfType = (types: string[]) =>
    db
      .selectFrom('message_job')
      .select('running_dinner_id')
      .where('message_type', 'in', types)
      .where('status', '!=', 'SCHEDULED');
  await db
    .updateTable('running_dinner')
    .set({ teams_published: 1 })
    .where('id', 'in', sentOfType(['TEAM', 'DINNER_ROUTE']))
    .execute();
  await db
    .updateTable('running_dinner')
    .set({ routes_published: 1 })
    .where('id', 'in', sentOfType(['DINNER_ROUTE']))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['teams_published', 'routes_published'])
    await db.schema.alterTable('running_dinner').dropColumn(column).execute();
  await db.schema.dropTable('participant_told').execute();
}
