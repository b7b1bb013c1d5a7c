import { type Kysely, sql } from 'kysely';

// Frozen: a released migration is never edited; later changes get a new dated file. (Its types were once respelt
// for PostgreSQL: 'double precision' has the same REAL affinity on SQLite as the 'real' it replaced.)
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('running_dinner')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_id', 'text', (c) => c.notNull().unique())
    .addColumn('acknowledge_id', 'text', (c) => c.notNull())
    .addColumn('public_dinner_id', 'text', (c) => c.notNull().unique())
    .addColumn('running_dinner_type', 'text', (c) => c.notNull().check(sql`running_dinner_type in ('STANDARD','DEMO')`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('registration_type', 'text', (c) =>
      c.notNull().check(sql`registration_type in ('CLOSED','OPEN','PUBLIC')`),
    )
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('team_size', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('force_equal_distributed_capacity_teams', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('gender_aspects', 'text', (c) => c.notNull())
    .addColumn('consider_shortest_paths', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('team_partner_wish_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('zip_restrictions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('public_title', 'text', (c) => c.notNull())
    .addColumn('public_description', 'text', (c) => c.notNull())
    .addColumn('public_contact_name', 'text', (c) => c.notNull())
    .addColumn('public_contact_email', 'text', (c) => c.notNull())
    .addColumn('public_contact_mobile_number', 'text', (c) => c.notNull())
    .addColumn('end_of_registration_date', 'text', (c) => c.notNull())
    .addColumn('registration_deactivated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('contract_fullname', 'text', (c) => c.notNull())
    .addColumn('contract_street_with_nr', 'text', (c) => c.notNull())
    .addColumn('contract_zip', 'text', (c) => c.notNull())
    .addColumn('contract_city', 'text', (c) => c.notNull())
    .addColumn('contract_email', 'text', (c) => c.notNull())
    .addColumn('newsletter_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('after_party_title', 'text')
    .addColumn('after_party_time', 'text')
    .addColumn('after_party_street', 'text')
    .addColumn('after_party_street_nr', 'text')
    .addColumn('after_party_zip', 'text')
    .addColumn('after_party_city_name', 'text')
    .addColumn('after_party_address_name', 'text')
    .addColumn('after_party_address_remarks', 'text')
    .addColumn('after_party_lat', 'double precision')
    .addColumn('after_party_lng', 'double precision')
    .addColumn('acknowledged_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('delete_after', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('running_dinner_delete_after').on('running_dinner').column('delete_after').execute();

  await db.schema
    .createTable('meal')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('running_dinner_id', 'text', (c) => c.notNull().references('running_dinner.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addUniqueConstraint('meal_position_unique', ['running_dinner_id', 'position'])
    .execute();

  await db.schema
    .createTable('team')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('running_dinner_id', 'text', (c) => c.notNull().references('running_dinner.id').onDelete('cascade'))
    .addColumn('team_number', 'integer', (c) => c.notNull())
    .addColumn('meal_id', 'text', (c) => c.notNull().references('meal.id').onDelete('cascade'))
    .addColumn('host_participant_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('OK'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('team_number_unique', ['running_dinner_id', 'team_number'])
    .execute();

  await db.schema
    .createTable('participant')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('running_dinner_id', 'text', (c) => c.notNull().references('running_dinner.id').onDelete('cascade'))
    .addColumn('participant_number', 'integer', (c) => c.notNull())
    .addColumn('firstname_part', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull().defaultTo('UNDEFINED'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('mobile_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('street_nr', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('city_name', 'text', (c) => c.notNull())
    .addColumn('address_remarks', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('age', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('num_seats', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('vegetarian', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lactose', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gluten', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vegan', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('meal_specifics_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('team_partner_wish_email', 'text')
    .addColumn('team_partner_wish_originator_id', 'text', (c) => c.references('participant.id').onDelete('set null'))
    .addColumn('team_id', 'text', (c) => c.references('team.id').onDelete('set null'))
    .addColumn('language_code', 'text', (c) => c.notNull().defaultTo('de'))
    .addColumn('activated_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('participant_number_unique', ['running_dinner_id', 'participant_number'])
    .execute();
  // The same address twice in one event is refused; the stored address is trimmed and lower-cased.
  await db.schema
    .createIndex('participant_email_unique')
    .on('participant')
    .columns(['running_dinner_id', 'email'])
    .unique()
    .execute();

  await db.schema
    .createTable('route_visit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('running_dinner_id', 'text', (c) => c.notNull().references('running_dinner.id').onDelete('cascade'))
    .addColumn('meal_id', 'text', (c) => c.notNull().references('meal.id').onDelete('cascade'))
    .addColumn('host_team_id', 'text', (c) => c.notNull().references('team.id').onDelete('cascade'))
    .addColumn('guest_team_id', 'text', (c) => c.notNull().references('team.id').onDelete('cascade'))
    .addUniqueConstraint('route_visit_unique', ['guest_team_id', 'meal_id'])
    .execute();

  await db.schema
    .createTable('message_job')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('running_dinner_id', 'text', (c) => c.notNull().references('running_dinner.id').onDelete('cascade'))
    .addColumn('message_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('QUEUED'))
    .addColumn('sending_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();

  await db.schema
    .createTable('message_task')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('running_dinner_id', 'text', (c) => c.references('running_dinner.id').onDelete('cascade'))
    .addColumn('message_job_id', 'text', (c) => c.references('message_job.id').onDelete('cascade'))
    .addColumn('participant_id', 'text', (c) => c.references('participant.id').onDelete('set null'))
    .addColumn('recipient_email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('QUEUED'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('message_task_due').on('message_task').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('activity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('running_dinner_id', 'text', (c) => c.notNull().references('running_dinner.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activity_by_dinner')
    .on('activity')
    .columns(['running_dinner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('payment_option')
    .addColumn('running_dinner_id', 'text', (c) => c.primaryKey().references('running_dinner.id').onDelete('cascade'))
    .addColumn('brand_name', 'text', (c) => c.notNull())
    .addColumn('price_per_registration_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('EUR'))
    .addColumn('redirect_after_purchase_link', 'text')
    .addColumn('agb_link', 'text')
    .execute();

  await db.schema
    .createTable('payment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('running_dinner_id', 'text', (c) => c.notNull().references('running_dinner.id').onDelete('cascade'))
    .addColumn('participant_id', 'text', (c) => c.references('participant.id').onDelete('set null'))
    .addColumn('provider_session_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'payment',
    'payment_option',
    'activity',
    'message_task',
    'message_job',
    'route_visit',
    'participant',
    'team',
    'meal',
    'running_dinner',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
