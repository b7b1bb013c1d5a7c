import { type Kysely, sql } from 'kysely';

/** A stored position counts only when both numbers are there and neither is the -1 that means "not located". */
const located = (lat: string, lng: string) =>
  sql.raw(`${lat} is not null and ${lng} is not null and ${lat} <> -1 and ${lng} <> -1`);

/**
 * Geocoding as rows with a status, like the mail queue: every participant's address and the after-party have a
 * geocoding status (PENDING → LOCATED | UNRESOLVED, or MANUAL when the organiser set the position by hand), the
 * reason an address stayed unresolved, and for an unreachable geocoder the attempts and when to ask again. The
 * geocoder's answers are cached by the normalised address, across events, so an address is never asked twice.
 * Positions already stored (the demo's participants, an after-party set with its position) count as located.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('participant')
    .addColumn('geocoding_status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .execute();
  await db.schema.alterTable('participant').addColumn('geocoding_reason', 'text').execute();
  await db.schema
    .alterTable('participant')
    .addColumn('geocoding_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('participant').addColumn('geocoding_next_attempt_at', 'text').execute();
  await sql`update participant set geocoding_status = case when ${located('lat', 'lng')} then 'LOCATED' else 'PENDING' end`.execute(
    db,
  );
  await db.schema
    .createIndex('participant_by_geocoding_status')
    .on('participant')
    .columns(['geocoding_status', 'geocoding_next_attempt_at'])
    .execute();

  await db.schema.alterTable('running_dinner').addColumn('after_party_geocoding_status', 'text').execute();
  await db.schema.alterTable('running_dinner').addColumn('after_party_geocoding_reason', 'text').execute();
  await db.schema
    .alterTable('running_dinner')
    .addColumn('after_party_geocoding_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('running_dinner').addColumn('after_party_geocoding_next_attempt_at', 'text').execute();
  await sql`update running_dinner set after_party_geocoding_status = case
      when after_party_time is null then null
      when ${located('after_party_lat', 'after_party_lng')} then 'MANUAL'
      else 'PENDING' end`.execute(db);
  await db.schema
    .createIndex('running_dinner_by_after_party_geocoding')
    .on('running_dinner')
    .column('after_party_geocoding_status')
    .execute();

  await db.schema
    .createTable('geocode_cache')
    .addColumn('query', 'text', (c) => c.primaryKey())
    .addColumn('found', 'integer', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('geocode_cache').execute();
  await db.schema.dropIndex('running_dinner_by_after_party_geocoding').execute();
  for (const column of [
    'after_party_geocoding_next_attempt_at',
    'after_party_geocoding_attempts',
    'after_party_geocoding_reason',
    'after_party_geocoding_status',
  ]) {
    await db.schema.alterTable('running_dinner').dropColumn(column).execute();
  }
  await db.schema.dropIndex('participant_by_geocoding_status').execute();
  for (const column of ['geocoding_next_attempt_at', 'geocoding_attempts', 'geocoding_reason', 'geocoding_status']) {
    await db.schema.alterTable('participant').dropColumn(column).execute();
  }
}
