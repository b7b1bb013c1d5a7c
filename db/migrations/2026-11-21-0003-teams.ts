import type { Kysely } from 'kysely';

/**
 * Teams: the seed that makes a plan reproducible, and each team's place in the meet-once design (its meal is
 * its class, `design_position` its index in the class), from which the dinner routes follow.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('running_dinner').addColumn('team_plan_seed', 'integer').execute();
  await db.schema.alterTable('running_dinner').addColumn('teams_generated_at', 'text').execute();
  await db.schema
    .alterTable('team')
    .addColumn('design_position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('participant_team').on('participant').column('team_id').execute();
  await db.schema.createIndex('route_visit_host').on('route_visit').column('host_team_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('route_visit_host').execute();
  await db.schema.dropIndex('participant_team').execute();
  await db.schema.alterTable('team').dropColumn('design_position').execute();
  await db.schema.alterTable('running_dinner').dropColumn('teams_generated_at').execute();
  await db.schema.alterTable('running_dinner').dropColumn('team_plan_seed').execute();
}
