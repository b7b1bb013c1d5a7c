import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import type { Database as Schema } from './schema.js';
import * as initial from './migrations/2026-11-21-0001-initial.js';
import * as participants from './migrations/2026-11-21-0002-participants.js';
import * as teams from './migrations/2026-11-21-0003-teams.js';

export type Db = Kysely<Schema>;

const migrations: Record<string, Migration> = {
  '2026-11-21-0001-initial': initial,
  '2026-11-21-0002-participants': participants,
  '2026-11-21-0003-teams': teams,
};

/** Static provider: the migrations are part of the build, so a bundled or tsc-emitted server finds them. */
const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

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
  return new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) });
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
