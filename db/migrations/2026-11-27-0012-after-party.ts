import { type Kysely, sql } from 'kysely';

/** The after-party's columns on the dinner's row before this migration, in the order they were added. */
const DINNER_COLUMNS = [
  ['after_party_title', 'title', 'text'],
  ['after_party_time', 'time', 'text'],
  ['after_party_street', 'street', 'text'],
  ['after_party_street_nr', 'street_nr', 'text'],
  ['after_party_zip', 'zip', 'text'],
  ['after_party_city_name', 'city_name', 'text'],
  ['after_party_address_name', 'address_name', 'text'],
  ['after_party_address_remarks', 'address_remarks', 'text'],
  ['after_party_lat', 'lat', 'double precision'],
  ['after_party_lng', 'lng', 'double precision'],
  ['after_party_geocoding_status', 'geocoding_status', 'text'],
  ['after_party_geocoding_reason', 'geocoding_reason', 'text'],
  ['after_party_geocoding_attempts', 'geocoding_attempts', 'integer'],
  ['after_party_geocoding_next_attempt_at', 'geocoding_next_attempt_at', 'text'],
] as const;

/**
 * The after-party gets its own table with the participant's address-and-position shape (the same column names and
 * geocoding states), so geocoding reads and writes both kinds of address with the same code. A dinner has at most
 * one; it goes with its dinner. Existing after-parties (those with a time) move over unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('after_party')
    .addColumn('running_dinner_id', 'text', (c) => c.primaryKey().references('running_dinner.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('street_nr', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('city_name', 'text', (c) => c.notNull())
    .addColumn('address_name', 'text', (c) => c.notNull())
    .addColumn('address_remarks', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('geocoding_status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('geocoding_reason', 'text')
    .addColumn('geocoding_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('geocoding_next_attempt_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('after_party_by_geocoding_status')
    .on('after_party')
    .columns(['geocoding_status', 'geocoding_next_attempt_at'])
    .execute();
  await sql`insert into after_party (running_dinner_id, title, time, street, street_nr, zip, city_name, address_name,
      address_remarks, lat, lng, geocoding_status, geocoding_reason, geocoding_attempts, geocoding_next_attempt_at,
      updated_at)
    select id, coalesce(after_party_title, ''), after_party_time, coalesce(after_party_street, ''),
      coalesce(after_party_street_nr, ''), coalesce(after_party_zip, ''), coalesce(after_party_city_name, ''),
      coalesce(after_party_address_name, ''), coalesce(after_party_address_remarks, ''), after_party_lat,
      after_party_lng, coalesce(after_party_geocoding_status, 'PENDING'), after_party_geocoding_reason,
      after_party_geocoding_attempts, after_party_geocoding_next_attempt_at, updated_at
    from running_dinner where after_party_time is not null`.execute(db);
  await db.schema.dropIndex('running_dinner_by_after_party_geocoding').execute();
  for (const [column] of DINNER_COLUMNS) await db.schema.alterTable('running_dinner').dropColumn(column).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [column, , type] of DINNER_COLUMNS) {
    await db.schema
      .alterTable('running_dinner')
      .addColumn(column, type, (c) => (column === 'after_party_geocoding_attempts' ? c.notNull().defaultTo(0) : c))
      .execute();
  }
  for (const [column, source] of DINNER_COLUMNS) {
    await sql`update running_dinner set ${sql.ref(column)} = (
        select ${sql.ref(source)} from after_party where after_party.running_dinner_id = running_dinner.id
      ) where exists (select 1 from after_party where after_party.running_dinner_id = running_dinner.id)`.execute(db);
  }
  await db.schema
    .createIndex('running_dinner_by_after_party_geocoding')
    .on('running_dinner')
    .column('after_party_geocoding_status')
    .execute();
  await db.schema.dropTable('after_party').execute();
}
