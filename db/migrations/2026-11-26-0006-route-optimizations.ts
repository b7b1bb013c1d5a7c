import type { Kysely } from 'kysely';

/**
 * Route optimisations as rows with a status: RUNNING → FINISHED (a preview waits) → APPLIED, or CANCELLED or
 * FAILED. `plan_fingerprint` is the stored plan the run started from (applying is refused once it differs);
 * `result` the proposed routes as JSON. A run the server was stopped during is marked FAILED at the next start.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('route_optimization')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('running_dinner_id', 'text', (c) => c.notNull().references('running_dinner.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failure', 'text')
    .addColumn('ignore_meal_assignments', 'integer', (c) => c.notNull())
    .addColumn('minimum_distance_meters', 'integer', (c) => c.notNull())
    .addColumn('automatic', 'integer', (c) => c.notNull())
    .addColumn('seed', 'integer', (c) => c.notNull())
    .addColumn('budget_seconds', 'double precision', (c) => c.notNull())
    .addColumn('plan_fingerprint', 'text', (c) => c.notNull())
    .addColumn('progress', 'text')
    .addColumn('start_longest_leg_meters', 'double precision')
    .addColumn('longest_leg_meters', 'double precision')
    .addColumn('result', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('route_optimization_by_dinner')
    .on('route_optimization')
    .columns(['running_dinner_id', 'status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('route_optimization').execute();
}
