import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * Several server instances on one PostgreSQL database:
 * - a claim on background work names the instance that took it and until when it holds (`claimed_by`,
 *   `lease_until`): a mail being sent, an optimisation run searching. An instance that died leaves its claims,
 *   and another one takes them over once the lease ran out;
 * - `bus_event` keeps what the event bus published, so a browser resuming with Last-Event-ID on any instance is
 *   sent what it missed (SQLite's single instance keeps them in memory and leaves the table empty);
 * - `rate_limit_hit` counts the per-address allowances (mails to an address, events created by a client, wrong
 *   secret links) for every instance at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['message_task', 'route_optimization']) {
    await db.schema.alterTable(table).addColumn('claimed_by', 'text').execute();
    await db.schema.alterTable(table).addColumn('lease_until', 'text').execute();
  }
  await db.schema.createIndex('message_task_claims').on('message_task').columns(['status', 'lease_until']).execute();

  await db.schema
    .createTable('bus_event')
    // SQLite numbers an integer primary key itself; PostgreSQL needs a sequence for it.
    .addColumn('id', isPostgres(db) ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bus_event_by_topic').on('bus_event').columns(['topic', 'id']).execute();
  await db.schema.createIndex('bus_event_by_age').on('bus_event').column('created_at').execute();

  await db.schema
    .createTable('rate_limit_hit')
    .addColumn('limit_name', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_hit_by_subject')
    .on('rate_limit_hit')
    .columns(['limit_name', 'subject', 'at_ms'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_hit').execute();
  await db.schema.dropTable('bus_event').execute();
  await db.schema.dropIndex('message_task_claims').execute();
  for (const table of ['route_optimization', 'message_task']) {
    await db.schema.alterTable(table).dropColumn('lease_until').execute();
    await db.schema.alterTable(table).dropColumn('claimed_by').execute();
  }
}
