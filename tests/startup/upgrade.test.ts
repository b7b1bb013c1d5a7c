import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Migration, Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../../db/connection.js';
import { loadConfig } from '../../server/config.js';
import { start } from '../../server/main.js';
import { freshPostgresDatabase, onPostgres, testPostgresUrl } from '../support/postgres.js';
import { CLIENT_STUB_HTML, call, freePort, RELAXED_LIMITS } from '../support/test-server.js';
import { type AllowedLoss, fillEmptyTables, lostData, readSchema, SEEDED, snapshot } from '../support/upgrade-rows.js';

// Upgrades keep data: every migration is applied, one after another, to a database that holds rows in every table as
// the migrations before it left them (tests/support/upgrade-rows.ts writes them), and must keep every row and every
// value; at the end the app starts on that database and serves the event. On the SQLite run a SQLite file, on the
// PostgreSQL run (TEST_POSTGRES_URL) a fresh database of the test cluster. A new migration is picked up by itself.

const MIGRATIONS_DIR = fileURLToPath(new URL('../../db/migrations/', import.meta.url));

/**
 * What a migration drops or rewrites on purpose (tables; "table.column" for columns): everything else must keep every
 * row and every value. A migration that moves or deletes data by design says so here, with why.
 */
const DELIBERATE_LOSSES: Record<string, AllowedLoss> = {
  // The first migration's `payment` table was never written by the app; the payment orders replace it.
  '2026-11-26-0007-payment-orders': { tables: ['payment'] },
  // The after-party's columns move to its own table; the app's answer at the end shows the seeded one arrived whole.
  '2026-11-27-0012-after-party': {
    columns: [
      'title',
      'time',
      'street',
      'street_nr',
      'zip',
      'city_name',
      'address_name',
      'address_remarks',
      'lat',
      'lng',
      'geocoding_status',
      'geocoding_reason',
      'geocoding_attempts',
      'geocoding_next_attempt_at',
    ].map((column) => `running_dinner.after_party_${column}`),
  },
};

/** The generic rows are tried on the tables up to this (released, frozen) migration. */
const GENERIC_UNTIL = '2026-11-27-0009-event-mail-use';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A scratch SQLite folder, removed after the test. */
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * The migrations the app applies (db/connection.ts registers them), in its order: read from a scratch database it
 * migrated, since connection.ts does not export its list. Its files are checked against db/migrations.
 */
async function appMigrationNames(): Promise<string[]> {
  const db = openDatabase({ file: path.join(tempDir('rd-upgrade-names-'), 'scratch.sqlite') });
  try {
    await migrateToLatest(db);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    return rows.map((r) => r.name);
  } finally {
    await db.destroy();
  }
}

/** A migrator over the files of `names` in db/migrations, to apply them one at a time. */
async function migratorOf(db: Db, names: readonly string[]): Promise<Migrator> {
  const migrations: Record<string, Migration> = {};
  for (const name of names) migrations[name] = await import(path.join(MIGRATIONS_DIR, `${name}.ts`));
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** The database under test: a SQLite file in `dataDir`, or a fresh PostgreSQL database on the PostgreSQL run. */
async function databaseUnderTest(dataDir: string): Promise<{ db: Db; env: Record<string, string> }> {
  const adminUrl = testPostgresUrl();
  if (!adminUrl) return { db: openDatabase({ file: path.join(dataDir, 'runningdinner.sqlite') }), env: {} };
  const database = await freshPostgresDatabase(adminUrl);
  cleanups.push(() => database.drop());
  return { db: openDatabase({ url: database.url }), env: { DATABASE_URL: database.url } };
}

/** The app in this process on `dataDir` (its SQLite file) or `env.DATABASE_URL`, as tests/support/test-server.ts starts it. */
async function startApp(dataDir: string, env: Record<string, string>) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    GEOCODER_URL: 'off',
    ...RELAXED_LIMITS,
    ...env,
  });
  const clientDir = path.join(dataDir, 'client');
  mkdirSync(clientDir);
  writeFileSync(path.join(clientDir, 'index.html'), CLIENT_STUB_HTML);
  const running = await start(config, { clientDir });
  cleanups.push(() => running.stop());
  return { baseUrl };
}

describe(`upgrading a database with data (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('applies every migration to rows in every table as the migration before left them, loses none, and the app serves the event', async () => {
    const names = await appMigrationNames();
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(
      files,
      'every file in db/migrations is registered in db/connection.ts, and every registered migration has its file',
    ).toEqual(names);
    for (const name of Object.keys(DELIBERATE_LOSSES))
      expect(names, `DELIBERATE_LOSSES names a migration that exists`).toContain(name);

    const dataDir = tempDir('rd-upgrade-');
    const { db, env } = await databaseUnderTest(dataDir);
    let closed = false;
    cleanups.push(() => (closed ? undefined : db.destroy()));
    const migrator = await migratorOf(db, names);

    for (const name of names) {
      await fillEmptyTables(db, `before migration ${name}`);
      const before = await snapshot(db);
      const { error, results } = await migrator.migrateTo(name);
      expect(
        error === undefined ? undefined : String((error as Error).message ?? error),
        `migration ${name} on a database with rows in every table`,
      ).toBeUndefined();
      expect(results?.map((r) => `${r.migrationName} ${r.direction} ${r.status}`)).toEqual([`${name} Up Success`]);
      expect(
        lostData(before, await snapshot(db), DELIBERATE_LOSSES[name]),
        `rows or values migration ${name} lost or changed`,
      ).toEqual([]);
    }
    // The tables of the last migration get their rows too: the app starts with every table holding data.
    await fillEmptyTables(db, 'after the last migration');
    const selfAdminId = (
      await db
        .selectFrom('running_dinner')
        .select('self_admin_id')
        .where('id', '=', SEEDED.dinnerId)
        .executeTakeFirstOrThrow()
    ).self_admin_id;
    await db.destroy();
    closed = true;

    const app = await startApp(dataDir, env);
    const admin = (suffix = '') => `/runningdinnerservice/v1/runningdinner/${SEEDED.adminId}${suffix}`;
    const ok = async (route: string) => {
      const res = await call(app, 'GET', route);
      expect(res.status, `GET /rest${route} answered ${res.status}: ${res.text.slice(0, 300)}`).toBe(200);
      return res.json;
    };

    const dinner = await ok(admin());
    expect(dinner.basicDetails.title).toBe(SEEDED.title);
    expect(dinner.afterPartyLocation).toEqual(SEEDED.afterParty);
    expect(JSON.stringify(await ok(admin('/activities')))).toContain('TEAMS_GENERATED');
    const participants = JSON.stringify(
      await ok(`/participantservice/v1/runningdinner/${SEEDED.adminId}/participants`),
    );
    for (let n = 1; n <= SEEDED.participants; n++) expect(participants).toContain(SEEDED.participantId(n));
    const teams = JSON.stringify(await ok(`/teamservice/v1/runningdinner/${SEEDED.adminId}`));
    for (let n = 1; n <= SEEDED.teams; n++) expect(teams).toContain(SEEDED.teamId(n));
    await ok(`/dinnerrouteservice/v1/runningdinner/${SEEDED.adminId}/teams`);
    await ok(`/dinnerrouteservice/v1/runningdinner/${SEEDED.adminId}/geocoding`);
    await ok(`/dinnerrouteservice/v1/runningdinner/${SEEDED.adminId}/optimization/${SEEDED.optimizationId}/status`);
    expect(
      JSON.stringify(
        await ok(`/messageservice/v1/runningdinner/${SEEDED.adminId}/messagejobs?messageType=DINNER_ROUTE`),
      ),
    ).toContain(SEEDED.messageJobId);
    await ok(`/messageservice/v1/runningdinner/${SEEDED.adminId}/messagetasks/${SEEDED.messageJobId}`);
    await ok(`/waitinglistservice/v1/runningdinner/${SEEDED.adminId}`);
    await ok(`/paymentoptionsservice/v1/runningdinner/${SEEDED.adminId}`);
    expect(JSON.stringify(await ok(`/paymentoptionsservice/v1/runningdinner/${SEEDED.adminId}/payments`))).toContain(
      SEEDED.orderId,
    );

    expect(JSON.stringify(await ok(`/frontend/v1/runningdinner/${SEEDED.publicDinnerId}`))).toContain(
      SEEDED.publicTitle,
    );
    expect(JSON.stringify(await ok('/frontend/v1/runningdinner'))).toContain(SEEDED.publicDinnerId);
    await ok(`/frontend/v1/runningdinner/${SEEDED.publicDinnerId}/order/${SEEDED.orderId}`);

    const self = `/self/v1/${selfAdminId}/${SEEDED.participantId(1)}`;
    expect(JSON.stringify(await ok(`${self}/sessiondata`))).toContain(SEEDED.participantId(1));
    await ok(`${self}/${SEEDED.teamId(1)}/team`);
    await ok(`${self}/${SEEDED.teamId(1)}/dinnerroute`);
  });

  it('writes a generic row into every table by itself (a new table needs no entry in ROWS unless the app needs real values)', async () => {
    // Released migrations are frozen, so these tables stay as they are: foreign keys, CHECK lists, a numbered id.
    const { db } = await databaseUnderTest(tempDir('rd-upgrade-generic-'));
    cleanups.push(() => db.destroy());
    const migrator = await migratorOf(
      db,
      (await appMigrationNames()).filter((name) => name <= GENERIC_UNTIL),
    );
    const { error } = await migrator.migrateTo(GENERIC_UNTIL);
    expect(error).toBeUndefined();
    const tables = [...(await readSchema(db)).keys()];
    expect(tables).toContain('running_dinner');
    expect((await fillEmptyTables(db, 'with generic rows only', {})).sort()).toEqual(tables.sort());
  });
});
