import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, openDatabase } from '../../db/connection.js';
import { testDatabaseEnv } from './postgres.js';
import { freePort, RELAXED_LIMITS } from './test-server.js';

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

/** Polls /healthz until the server answers 200 (it prints nothing a test could read). */
async function answering(baseUrl: string, exited: Promise<number | null>): Promise<void> {
  let ended = false;
  void exited.then(() => (ended = true));
  for (;;) {
    if (ended) throw new Error('server exited before it answered');
    const status = await fetch(`${baseUrl}/healthz`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The built server (`npm run build`) as its own process, for what only a process shows: signals, a database
 * another process locks, the start-up lines. Without `env.SMTP_URL` mail goes to its outbox. `logTo` sends what it
 * prints to that file descriptor instead of the test (such as /dev/full, where every write fails).
 */
export async function startChildServer(
  env: Record<string, string> = {},
  { dataDir = mkdtempSync(path.join(tmpdir(), 'rd-child-')), logTo }: { dataDir?: string; logTo?: number } = {},
): Promise<ChildServer> {
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
    stdio: logTo === undefined ? 'pipe' : ['ignore', logTo, logTo],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await Promise.race([
    child.stdout
      ? new Promise<void>((resolve) => child.stdout!.on('data', () => output.includes('serving on') && resolve()))
      : answering(baseUrl, exited),
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

/** Marks the creator's address of the dinner confirmed, as the mailed link would: registration opens only then. */
export const confirmOrganiserIn = (server: Pick<ChildServer, 'withDatabase'>, adminId: string) =>
  server.withDatabase((db) =>
    db
      .updateTable('running_dinner')
      .set({ acknowledged_at: new Date().toISOString() })
      .where('admin_id', '=', adminId)
      .execute(),
  );

/** What the signal deadline allows a stop (issue 21: SIGTERM ends the process within 8 s). */
export const STOP_WITHIN_MS = 8_000;

/**
 * How long the stop took by the process's own clock, from its signal handler to its exit, as its last line says;
 * undefined when it ended another way (the deadline, a crash). The test's own clock would count what a busy machine
 * adds before the process even gets to run.
 */
export function stopMsOf(output: string): number | undefined {
  const match = /running-dinner: stopped in (\d+) ms/.exec(output);
  return match ? Number(match[1]) : undefined;
}
