import Database from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  PostgresDriver,
  SqliteDialect,
  SqliteDriver,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import * as initial from './migrations/2026-11-21-0001-initial.js';
import * as participants from './migrations/2026-11-21-0002-participants.js';
import * as teams from './migrations/2026-11-21-0003-teams.js';
import * as messages from './migrations/2026-11-25-0004-messages.js';
import * as geocoding from './migrations/2026-11-25-0005-geocoding.js';
import * as routeOptimizations from './migrations/2026-11-26-0006-route-optimizations.js';
import * as paymentOrders from './migrations/2026-11-26-0007-payment-orders.js';
import * as instances from './migrations/2026-11-26-0008-instances.js';
import * as eventMailUse from './migrations/2026-11-27-0009-event-mail-use.js';
import * as creationKey from './migrations/2026-11-27-0010-creation-key.js';
import * as activityOrder from './migrations/2026-11-27-0011-activity-order.js';
import * as afterParty from './migrations/2026-11-27-0012-after-party.js';
import * as replyTo from './migrations/2026-11-27-0013-reply-to.js';
import * as undeliverable from './migrations/2026-11-27-0014-undeliverable-addresses.js';
import * as scheduledMessages from './migrations/2026-11-27-0015-scheduled-messages.js';
import * as told from './migrations/2026-11-27-0016-told.js';
import * as cancelMessage from './migrations/2026-11-27-0017-cancel-message.js';
import * as eventStatistics from './migrations/2026-11-27-0018-event-statistics.js';
import * as withdrawn from './migrations/2026-11-27-0019-withdrawn.js';
import type { Database as Schema } from './schema.js';

export type Db = Kysely<Schema>;

const migrations: Record<string, Migration> = {
  '2026-11-21-0001-initial': initial,
  '2026-11-21-0002-participants': participants,
  '2026-11-21-0003-teams': teams,
  '2026-11-25-0004-messages': messages,
  '2026-11-25-0005-geocoding': geocoding,
  '2026-11-26-0006-route-optimizations': routeOptimizations,
  '2026-11-26-0007-payment-orders': paymentOrders,
  '2026-11-26-0008-instances': instances,
  '2026-11-27-0009-event-mail-use': eventMailUse,
  '2026-11-27-0010-creation-key': creationKey,
  '2026-11-27-0011-activity-order': activityOrder,
  '2026-11-27-0012-after-party': afterParty,
  '2026-11-27-0013-reply-to': replyTo,
  '2026-11-27-0014-undeliverable-addresses': undeliverable,
  '2026-11-27-0015-scheduled-messages': scheduledMessages,
  '2026-11-27-0016-told': told,
  '2026-11-27-0017-cancel-message': cancelMessage,
  '2026-11-27-0018-event-statistics': eventStatistics,
  '2026-11-27-0019-withdrawn': withdrawn,
};

/** Static provider: the migrations are part of the build, so a bundled or tsc-emitted server finds them. */
const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Every transaction here writes, so it takes the write lock when it begins: SQLite then waits for another
 * writer within the busy timeout, where a deferred transaction upgrading its read lock would fail at once.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  constructor(private readonly sqlite: Database.Database) {
    super({ database: sqlite });
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * SQLite rolls a transaction back itself after some errors (a full disk, SQLITE_FULL): a second rollback would
   * fail with "no transaction is active", and that error would replace the one that says what happened.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

/** A dialect as it is, with its driver replaced: the two drivers below change only how a transaction begins. */
const withDriver = (dialect: Dialect, createDriver: () => Driver): Dialect => ({
  createAdapter: () => dialect.createAdapter(),
  createQueryCompiler: () => dialect.createQueryCompiler(),
  createIntrospector: (db) => dialect.createIntrospector(db),
  createDriver,
});

const BUSY_TIMEOUT_MS = 5_000;

/** Any number; the key of the PostgreSQL advisory lock every write transaction holds (see below). */
export const WRITE_LOCK_KEY = 73_110_001;

/**
 * PostgreSQL gets SQLite's model of writing: every write transaction takes one advisory lock when it begins, so
 * transactions of all instances write one after another and every rule the services check before they write (a
 * free seat, an address not yet registered) still holds when they write. Reads do not take the lock, and the write
 * transactions of one instance wait for their turn outside the pool (transaction.ts), so reads keep its connections.
 * The claims of background work are single statements that lock only their rows (see dialect.ts).
 */
class SerialWritesDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await super.beginTransaction(connection, settings);
    try {
      // SQLite's busy timeout: a writer that waits longer gives up, and the request is answered 503 (isDatabaseBusyOrUnreachable).
      await connection.executeQuery(CompiledQuery.raw(`set local lock_timeout = '${BUSY_TIMEOUT_MS}ms'`));
      await connection.executeQuery(CompiledQuery.raw(`select pg_advisory_xact_lock(${WRITE_LOCK_KEY})`));
    } catch (error) {
      // kysely rolls back only transactions that began: this connection goes back to the pool, it must not stay aborted.
      // A connection too broken to roll back is dropped by the pool; the caller hears why the transaction failed.
      await super.rollbackTransaction(connection).catch(() => undefined);
      throw error;
    }
  }
}

/** How long a request waits for a PostgreSQL connection: a new one, or a free one of the pool. */
const CONNECT_TIMEOUT_MS = 10_000;

const codeOf = (error: unknown) => String((error as { code?: unknown })?.code ?? '');

/** A write broke the unique index on `column` ("table.column"; on PostgreSQL the index is named table_column_unique). */
export const isUniqueViolation = (error: unknown, column: string): boolean =>
  (codeOf(error) === 'SQLITE_CONSTRAINT_UNIQUE' && String((error as Error).message).includes(column)) ||
  (codeOf(error) === '23505' && (error as { constraint?: string }).constraint === `${column.replace('.', '_')}_unique`);

/** PostgreSQL errors a restart or failover causes; the pool opens new connections once the server answers again. */
const CONNECTION_LOST_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
/** What pg says, without a code, of a connection that broke under a query or could not be had in time. */
const CONNECTION_LOST_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Worth a retry in a few seconds, not a bug: the database stayed locked by another writer for longer than the busy
 * timeout (SQLite), PostgreSQL gave up on a lock or a deadlock, or the PostgreSQL server cannot be reached for the
 * moment (connection classes 08 and 57P, too many connections).
 */
export const isDatabaseBusyOrUnreachable = (error: unknown): boolean => {
  const code = codeOf(error);
  return (
    /^SQLITE_BUSY/.test(code) ||
    ['40001', '40P01', '55P03'].includes(code) ||
    CONNECTION_LOST_CODES.has(code) ||
    code.startsWith('08') ||
    CONNECTION_LOST_MESSAGE.test(String((error as Error)?.message ?? ''))
  );
};

/** A write failed because the disk is full: SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100). Not the client's fault, nor a bug. */
export const isDiskFull = (error: unknown): boolean => ['SQLITE_FULL', '53100'].includes(codeOf(error));

/** Where the data lives: a SQLite file (the embedded default) or a PostgreSQL server (DATABASE_URL). */
export type DatabaseTarget = { file: string } | { url: string };

export const openDatabase = (target: DatabaseTarget): Db =>
  'url' in target ? openPostgres(target.url) : openSqlite(target.file);

/** PostgreSQL answers counts and sums as bigint text; the app's numbers stay far below 2^53, so they are read as numbers. */
const numericTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC ? Number : pg.types.getTypeParser(oid, format),
};

function openPostgres(url: string): Db {
  // A server that does not answer (a dropped network) must not hold requests for minutes: they are answered 503.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: numericTypes,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A connection the server closed (a restart, a failover) is dropped by the pool; the next query opens a new one.
  pool.on('error', (error) => console.error('database connection lost:', error.message));
  // A connection that breaks while a request holds it also reports it as an 'error' event, which would end the
  // process unheard: its query or its next one fails instead (a 503), and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new Kysely<Schema>({
    dialect: withDriver(new PostgresDialect({ pool }), () => new SerialWritesDriver({ pool })),
  });
}

/**
 * Opens the SQLite file with the pragmas every connection must have (WAL, foreign keys, busy timeout)
 * and refuses to go on without them.
 */
function openSqlite(file: string): Db {
  const sqlite = new Database(file);
  // First: another process holding the file's lock at start makes the pragmas below wait, not fail.
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  // A deleted row leaves no trace in the file: an event deleted with its people's data is gone from the disk too.
  sqlite.pragma('secure_delete = ON');
  assertPragmas(sqlite);
  const db = new Kysely<Schema>({
    dialect: withDriver(new SqliteDialect({ database: sqlite }), () => new ImmediateTransactionDriver(sqlite)),
  });
  sqliteHandles.set(db, sqlite);
  return db;
}

const sqliteHandles = new WeakMap<Db, Database.Database>();

/**
 * At a stop: SQLite waits for another process's write lock with the thread blocked, so the wait is shortened on the
 * handle itself, at once, not through kysely's queue behind the writes that wait. Nothing on PostgreSQL.
 */
export const shortenSqliteBusyTimeout = (db: Db, ms: number): void =>
  void sqliteHandles.get(db)?.pragma(`busy_timeout = ${ms}`);

/**
 * After a deletion of personal data: SQLite's write-ahead log still holds the pages as they were, until a checkpoint
 * copies it into the file and empties it. Nothing on PostgreSQL (its old row versions go with VACUUM).
 */
export const checkpointSqlite = (db: Db): void => void sqliteHandles.get(db)?.pragma('wal_checkpoint(TRUNCATE)');

function assertPragmas(sqlite: Database.Database): void {
  const journal = sqlite.pragma('journal_mode', { simple: true });
  const foreignKeys = sqlite.pragma('foreign_keys', { simple: true });
  if (journal !== 'wal' || foreignKeys !== 1) {
    throw new Error(
      `SQLite did not accept WAL mode and foreign keys (journal_mode=${journal}, foreign_keys=${foreignKeys})`,
    );
  }
}

/** A migration the database refused: the app needs all of them, so it does not start. */
export class MigrationError extends Error {
  constructor(
    readonly migrationName: string,
    reason: string,
  ) {
    super(`database migration ${migrationName} failed: ${reason}`);
  }
}

/** Brings the schema up to date; a database that cannot be reached throws its own error, a failed migration a MigrationError. */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (failed) throw new MigrationError(failed.migrationName, error instanceof Error ? error.message : String(error));
  if (error) throw error;
}
