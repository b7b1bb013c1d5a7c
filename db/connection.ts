import Database from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type Migration,
  type MigrationProvider,
  type SqliteDialectConfig,
} from 'kysely';
import type { Database as Schema } from './schema.js';
import * as initial from './migrations/2026-11-21-0001-initial.js';
import * as participants from './migrations/2026-11-21-0002-participants.js';
import * as teams from './migrations/2026-11-21-0003-teams.js';
import * as messages from './migrations/2026-11-25-0004-messages.js';
import * as geocoding from './migrations/2026-11-25-0005-geocoding.js';
import * as routeOptimizations from './migrations/2026-11-26-0006-route-optimizations.js';
import * as paymentOrders from './migrations/2026-11-26-0007-payment-orders.js';

export type Db = Kysely<Schema>;

const migrations: Record<string, Migration> = {
  '2026-11-21-0001-initial': initial,
  '2026-11-21-0002-participants': participants,
  '2026-11-21-0003-teams': teams,
  '2026-11-25-0004-messages': messages,
  '2026-11-25-0005-geocoding': geocoding,
  '2026-11-26-0006-route-optimizations': routeOptimizations,
  '2026-11-26-0007-payment-orders': paymentOrders,
};

/** Static provider: the migrations are part of the build, so a bundled or tsc-emitted server finds them. */
const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Every transaction here writes, so it takes the write lock when it begins: SQLite then waits for another
 * writer within the busy timeout, where a deferred transaction upgrading its read lock would fail at once.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateTransactionDialect extends SqliteDialect {
  constructor(private readonly sqliteConfig: SqliteDialectConfig) {
    super(sqliteConfig);
  }
  override createDriver(): Driver {
    return new ImmediateTransactionDriver(this.sqliteConfig);
  }
}

/** A write broke the unique index on `column` ("table.column"). */
export const isUniqueViolation = (error: unknown, column: string): boolean =>
  (error as { code?: unknown })?.code === 'SQLITE_CONSTRAINT_UNIQUE' && String((error as Error).message).includes(column);

/** The database stayed locked by another writer for longer than the busy timeout: worth a retry, not a bug. */
export const isDatabaseBusy = (error: unknown): boolean => /^SQLITE_BUSY/.test(String((error as { code?: unknown })?.code ?? ''));

/**
 * Opens the SQLite file with the pragmas every connection must have (WAL, foreign keys, busy timeout)
 * and refuses to go on without them.
 */
export function openDatabase(file: string): Db {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  assertPragmas(sqlite);
  return new Kysely<Schema>({ dialect: new ImmediateTransactionDialect({ database: sqlite }) });
}

function assertPragmas(sqlite: Database.Database): void {
  const journal = sqlite.pragma('journal_mode', { simple: true });
  const foreignKeys = sqlite.pragma('foreign_keys', { simple: true });
  if (journal !== 'wal' || foreignKeys !== 1) {
    throw new Error(`SQLite did not accept WAL mode and foreign keys (journal_mode=${journal}, foreign_keys=${foreignKeys})`);
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
