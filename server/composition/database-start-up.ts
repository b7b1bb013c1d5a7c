import { access, constants, mkdir } from 'node:fs/promises';
import { type Db, isDatabaseBusyOrUnreachable, MigrationError, migrateToLatest } from '../../db/connection.js';
import { type Config, databaseDescription } from '../config.js';
import { reasonOf, type Stops } from '../lib/stops.js';
import { refuse } from './refuse.js';

/** The pause between tries to reach the database at start-up: doubles up to the second. */
const DATABASE_WAIT_MS = { first: 1_000, max: 5_000 };

export async function ensureWritableDataDir(config: Config): Promise<void> {
  try {
    await mkdir(config.dataDir, { recursive: true });
    await access(config.dataDir, constants.W_OK);
  } catch {
    refuse(`DATA_DIR ${config.dataDir} is not writable; set DATA_DIR to a folder this user may write to`);
  }
}

/** Why the app cannot start on its database, in one line with the password masked. */
function whyDatabaseUnusable(config: Config, error: Error): string {
  const where = databaseDescription(config);
  if (error instanceof MigrationError)
    return `${error.message} (${where}); the app needs every migration and does not start`;
  return `cannot use ${where} (${error.message})${config.databaseUrl ? '; check DATABASE_URL' : ''}`;
}

/**
 * Brings the schema up to date. A PostgreSQL server that cannot be reached (refused, silent, starting up: in compose
 * the app may start before its database) is waited for: one line per try, the pause doubling up to 5 s. A failed
 * migration, a wrong password or an unknown database is no matter of time: the app refuses at once. SQLite never waits.
 */
export async function migrateWhenReachable(config: Config, db: Db, stops: Stops): Promise<void> {
  let pauseMs = DATABASE_WAIT_MS.first;
  let waited = false;
  for (;;) {
    try {
      await stops.during(migrateToLatest(db));
      stops.databaseAnswers = true;
      if (waited) console.log('running-dinner: the database answers; starting');
      return;
    } catch (error) {
      const transient =
        config.databaseUrl !== null && !(error instanceof MigrationError) && isDatabaseBusyOrUnreachable(error);
      if (!transient) refuse(whyDatabaseUnusable(config, error as Error));
      console.error(
        `running-dinner: waiting for the database (${databaseDescription(config)}): ${reasonOf(error)}; trying again in ${pauseMs / 1000} s`,
      );
      waited = true;
      // A timer that keeps the process alive: nothing else may while it waits.
      await stops.during(new Promise<void>((resolve) => setTimeout(resolve, pauseMs)));
      pauseMs = Math.min(pauseMs * 2, DATABASE_WAIT_MS.max);
    }
  }
}
