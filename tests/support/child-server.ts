import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, openDatabase } from '../../db/connection.js';
import { freePort, RELAXED_LIMITS } from './test-server.js';
import { testDatabaseEnv } from './postgres.js';

const MAIN = new URL('../../dist/server/main.js', import.meta.url).pathname;

export interface ChildServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  databaseFile: string;
  child: ChildProcess;
  /** The server's PostgreSQL database; null on SQLite (`databaseFile`). */
  databaseUrl: string | null;
  /** Reads or writes the server's database (its SQLite file, or its PostgreSQL database on that run) beside it. */
  withDatabase<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** Sends SIGTERM (unless it already ended) and waits for the exit; removes the data folder unless told to keep it. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

type TestDatabaseEnv = Awaited<ReturnType<typeof testDatabaseEnv>>;

/** On the PostgreSQL run a data folder has its database: a server started again on the folder finds its data. */
const databases = new Map<string, TestDatabaseEnv>();

async function databaseOf(dataDir: string, env: Record<string, string>): Promise<TestDatabaseEnv> {
  // A test that names its own DATABASE_URL owns that database.
  if (env.DATABASE_URL !== undefined) return { env: {}, drop: async () => undefined };
  const database = databases.get(dataDir) ?? (await testDatabaseEnv());
  databases.set(dataDir, database);
  return database;
}

/**
 * The built server (`npm run build`) as its own process, for what only a process shows: signals, a database
 * another process locks, the start-up lines. Without `env.SMTP_URL` mail goes to its outbox.
 */
export async function startChildServer(env: Record<string, string> = {}, { dataDir = mkdtempSync(path.join(tmpdir(), 'rd-child-')) } = {}): Promise<ChildServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const database = await databaseOf(dataDir, env);
  const child = spawn(process.execPath, [MAIN], {
    // GEOCODER_URL off: no test process asks the public Nominatim.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      SMTP_URL: '',
      GEOCODER_URL: 'off',
      ...RELAXED_LIMITS,
      ...database.env,
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await Promise.race([
    new Promise<void>((resolve) => child.stdout!.on('data', () => output.includes('serving on') && resolve())),
    exited.then((code) => Promise.reject(new Error(`server exited with ${code}: ${output}`))),
  ]);
  return {
    baseUrl,
    port,
    dataDir,
    databaseFile: path.join(dataDir, 'runningdinner.sqlite'),
    child,
    databaseUrl: env.DATABASE_URL ?? database.env.DATABASE_URL ?? null,
    async withDatabase(fn) {
      const url = env.DATABASE_URL ?? database.env.DATABASE_URL;
      const db = openDatabase(url ? { url } : { file: path.join(dataDir, 'runningdinner.sqlite') });
      try {
        return await fn(db);
      } finally {
        await db.destroy();
      }
    },
    output: () => output,
    exited,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (keepData) return;
      rmSync(dataDir, { recursive: true, force: true });
      databases.delete(dataDir);
      await database.drop();
    },
  };
}
