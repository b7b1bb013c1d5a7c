import type { Kysely } from 'kysely';

/**
 * Paid registrations as orders with a status: PENDING (the registration waits for Stripe) → PAID (registered) or
 * PAID_NOT_REGISTERED (paid when the registration had become impossible) → REFUNDED; or FAILED. The order keeps the
 * registration as entered, so the webhook can register it. `stripe_event` holds every Stripe event handled, written
 * in the transaction of the change it made: a repeated event finds its id and changes nothing. The `payment` table
 * of the first migration was never written; the orders replace it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment').execute();
  await db.schema
    .createTable('payment_order')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('running_dinner_id', 'text', (c) => c.notNull().references('running_dinner.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('firstname_part', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('registration', 'text', (c) => c.notNull())
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('checkout_session_id', 'text', (c) => c.unique())
    .addColumn('payment_intent_id', 'text')
    .addColumn('participant_id', 'text', (c) => c.references('participant.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_order_by_dinner')
    .on('payment_order')
    .columns(['running_dinner_id', 'status'])
    .execute();
  await db.schema
    .createTable('stripe_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stripe_event').execute();
  await db.schema.dropTable('payment_order').execute();
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
