// `npm run backup [-- FOLDER]` (in the container `node dist/server/backup.js [FOLDER]`): an online copy of the SQLite
// database, also while the app runs and writes. The copy goes to FOLDER/runningdinner.sqlite, by default to
// <DATA_DIR>/backups/<timestamp>/; `DATA_DIR=<that folder> npm start` starts the app on it. On PostgreSQL it writes
// nothing and prints the pg_dump command instead.

import { existsSync, mkdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type Config, ConfigError, loadConfig, withoutPassword } from './config.js';

const USAGE = 'usage: npm run backup [-- FOLDER]';
/** Pages per step of the backup API: all of them, see copyDatabase. */
const ALL_PAGES = 0x7fffffff;

function fail(message: string): never {
  console.error(`backup: ${message}`);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? `invalid configuration: ${error.message}` : String(error));
  }
}

function targetFolder(config: Config, args: string[]): string {
  if (args.length > 1 || args[0]?.startsWith('-')) fail(`give at most one folder (${USAGE})`);
  if (args[0] !== undefined) return path.resolve(args[0]);
  return path.join(config.dataDir, 'backups', new Date().toISOString().replace(/[:.]/g, '-'));
}

/** The URL with its password (also one in the query) replaced by ***: what is printed must not leak it. */
function postgresAdvice(databaseUrl: string): void {
  const url = withoutPassword(databaseUrl);
  console.log(
    [
      'backup: DATABASE_URL points at PostgreSQL; this command copies only the SQLite file and wrote nothing.',
      'Take a backup with pg_dump (it reads a consistent snapshot while the app runs):',
      `  pg_dump --format=custom --file=runningdinner.dump "${url}"`,
      'and restore it into an empty database with pg_restore:',
      `  pg_restore --no-owner --dbname="${url}" runningdinner.dump`,
    ].join('\n'),
  );
}

/**
 * All pages in one step, so the copy is one read transaction: in WAL mode it does not hold up the app's writers,
 * and a write between smaller steps would make SQLite restart the copy, without end on a busy app.
 */
async function copyDatabase(sourceFile: string, target: string): Promise<void> {
  const source = new Database(sourceFile, { readonly: true, fileMustExist: true });
  try {
    await source.backup(target, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
}

/**
 * Takes the copy out of WAL mode first, so it is one file without -wal and -shm beside it and can be moved alone;
 * the app switches it back to WAL when it starts on it.
 */
function checkCopy(file: string): string {
  const copy = new Database(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    return String(copy.pragma('integrity_check', { simple: true }));
  } finally {
    copy.close();
  }
}

function removeCopy(target: string, createdFolder: boolean): void {
  for (const file of [target, `${target}-wal`, `${target}-shm`]) rmSync(file, { force: true });
  if (!createdFolder) return;
  // Only the folder this run made, and only while empty: never anything someone else put there.
  try {
    rmdirSync(path.dirname(target));
  } catch {}
}

async function backupSqlite(config: Config, folder: string): Promise<void> {
  const target = path.join(folder, path.basename(config.databaseFile));
  if (!existsSync(config.databaseFile))
    fail(`no database at ${config.databaseFile}; set DATA_DIR to the app's data folder`);
  if (existsSync(target)) fail(`${target} already exists; a backup is never overwritten, give another folder`);
  const createdFolder = !existsSync(folder);
  mkdirSync(folder, { recursive: true });
  let integrity: string;
  try {
    await copyDatabase(config.databaseFile, target);
    integrity = checkCopy(target);
  } catch (error) {
    removeCopy(target, createdFolder);
    fail(`copying ${config.databaseFile} to ${target} failed, nothing kept: ${(error as Error).message}`);
  }
  if (integrity !== 'ok') {
    removeCopy(target, createdFolder);
    fail(`the copy ${target} failed integrity_check (${integrity}), removed it; the app's database may need a look`);
  }
  console.log(`backup: ${target} (${statSync(target).size} bytes), integrity_check ok`);
}

const config = readConfig();
const folder = targetFolder(config, process.argv.slice(2));
if (config.databaseUrl) postgresAdvice(config.databaseUrl);
else await backupSqlite(config, folder);
