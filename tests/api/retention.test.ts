import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp } from '../../server/composition/housekeeping.js';
import { addressKey } from '../../server/features/geocoding/geocoding.address.js';
import {
  adminPath,
  createBody,
  createDinner,
  inDays,
  participantsPath,
  publicPath,
  runningDinnerIdOf,
} from '../support/factories.js';
import { confirmOrganiser } from '../support/mail-server.js';
import { type NominatimFake, startNominatimFake } from '../support/nominatim-fake.js';
import { onPostgres } from '../support/postgres.js';
import { activate, createPublicDinner, registeredId } from '../support/registration.js';
import { generateTeams, insertParticipants } from '../support/teams.js';
import { call, DAY_MS, startTestServer, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

// Issue 25, "delete when done": every event goes with all its people's data EVENT_RETENTION_DAYS (5) after its date;
// its organiser is told two days before, once, with a link to the participant list.

let server: TestServer;
let fake: NominatimFake;
beforeAll(async () => {
  fake = await startNominatimFake();
  server = await startTestServer({ env: { GEOCODER_URL: fake.url, GEOCODER_REQUESTS_PER_SECOND: '200' } });
});
afterAll(async () => {
  await server.stop();
  await fake.close();
});

const ORGANISER = 'orga.vergesslich@example.org';
/** The address two events share: its geocoding answer stays while the other event still has it. */
const SHARED = { street: 'Gemeinsamgasse', streetNr: '3', zip: '79117', cityName: 'Freiburg' };
const OWN = { street: 'Xanthippeweg', streetNr: '17', zip: '79111', cityName: 'Freiburg' };

/** Everything of the event's people a file or a row might still hold (but the shared street, which the other event has). */
const MARKERS = [
  'Quirinella',
  'Zabrowskifeld',
  'quirinella.zabrowski@example.org',
  'Xanthippeweg',
  'Ottokar',
  'Pfefferminzl',
  'ottokar.pfefferminzl@example.org',
  'Retentia',
  'Loeschmann',
  'retentia.loeschmann',
  'Vergessensweg',
];

/** Every file of the data folder (the SQLite file, its log, the outbox), read as bytes. */
function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesOf(file) : [file];
  });
}

/** The markers still found: in the data folder after a checkpoint (SQLite), or in any table's text (PostgreSQL). */
async function tracesOf(markers: string[]): Promise<string[]> {
  const found: string[] = [];
  if (onPostgres) {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
      server.deps.db,
    );
    for (const { table_name } of tables.rows) {
      const rows = await sql<{ t: string }>`select t::text as t from ${sql.table(table_name)} t`.execute(
        server.deps.db,
      );
      const text = rows.rows.map((r) => r.t).join('\n');
      for (const marker of markers) if (text.includes(marker)) found.push(`${marker} in the table ${table_name}`);
    }
  } else {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(server.deps.db);
  }
  for (const file of filesOf(server.dataDir)) {
    const bytes = readFileSync(file).toString('latin1');
    for (const marker of markers)
      if (bytes.includes(marker)) found.push(`${marker} in ${path.relative(server.dataDir, file)}`);
  }
  return found;
}

const cachedKeys = async () =>
  (await server.deps.db.selectFrom('geocode_cache').select('query').execute()).map((r) => r.query);

const warningsTo = (email: string) =>
  server.deps.db
    .selectFrom('message_task')
    .selectAll()
    .where('recipient_email', '=', email)
    .where('subject', 'like', '%deleted%')
    .execute();

describe('an event EVENT_RETENTION_DAYS after its date', () => {
  afterAll(() => server.clock.advance(-7 * DAY_MS));

  it('is deleted with all its people’s data after a notice to its organiser two days before, with a working CSV link', async () => {
    const base = createBody({ date: inDays(1), languageCode: 'en' });
    const body = {
      ...base,
      email: ORGANISER,
      publicSettings: { ...base.publicSettings, endOfRegistrationDate: inDays(0) },
    };
    const dinner = await createPublicDinner(server, body);
    const quirinella = await registeredId(server, dinner, {
      firstnamePart: 'Quirinella',
      lastname: 'Zabrowskifeld',
      email: 'quirinella.zabrowski@example.org',
      gender: 'FEMALE',
      ...OWN,
    });
    const ottokar = await registeredId(server, dinner, {
      firstnamePart: 'Ottokar',
      lastname: 'Pfefferminzl',
      email: 'ottokar.pfefferminzl@example.org',
      ...SHARED,
    });
    for (const id of [quirinella, ottokar]) expect((await activate(server, dinner, id)).status).toBe(200);
    await insertParticipants(server, dinner.id, 16, (n) => ({
      firstname_part: `Retentia${n}`,
      lastname: `Loeschmann${n}`,
      email: `retentia.loeschmann${n}@example.org`,
      street: 'Vergessensweg',
      street_nr: String(n),
    }));
    await generateTeams(server, dinner.adminId);
    await confirmOrganiser(server, dinner.id);
    const job = await call(server, 'PUT', `/messageservice/v1/runningdinner/${dinner.adminId}/mails/participant`, {
      subject: 'Bis bald',
      message: 'Hallo {firstname} {lastname}',
      participantSelection: 'ALL',
    });
    expect(job.status, job.text).toBe(201);

    // Another event, kept, with a participant at the shared address.
    const other = await createPublicDinner(server, createBody({ date: inDays(20) }));
    await registeredId(server, other, { email: 'nachbarin@example.org', firstnamePart: 'Nachbarin', ...SHARED });
    const ownKey = addressKey(OWN);
    const sharedKey = addressKey(SHARED);
    await until(async () => {
      const keys = await cachedKeys();
      return keys.includes(ownKey) && keys.includes(sharedKey);
    }, 'the addresses geocoded');
    await until(
      async () =>
        (
          await server.deps.db
            .selectFrom('message_task')
            .select('status')
            .where('running_dinner_id', '=', dinner.id)
            .execute()
        ).every((t) => t.status === 'SENT'),
      'every mail of the event in the outbox',
    );
    expect(await tracesOf(MARKERS)).not.toEqual([]);

    // The day after the event (date + 1): nothing yet.
    server.clock.advance(2 * DAY_MS);
    await cleanUp(server.deps);
    expect(await warningsTo(ORGANISER)).toEqual([]);

    // date + 3 = two days before the deletion: one notice, however often the clean-up runs.
    server.clock.advance(2 * DAY_MS);
    await cleanUp(server.deps);
    await cleanUp(server.deps);
    const [warning, ...more] = await warningsTo(ORGANISER);
    expect(more).toEqual([]);
    const deletionDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${inDays(6)}T00:00:00Z`),
    );
    expect(warning.subject).toBe(`Your running dinner "Weihnachtsdinner Wiehre" will be deleted on ${deletionDate}`);
    const csvUrl = /https?:\/\/\S+\/participants\/export\?format=csv/.exec(warning.body_text)?.[0];
    expect(csvUrl, warning.body_text).toBeDefined();
    const csv = await fetch(csvUrl!);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const list = await csv.text();
    for (const name of ['Quirinella', 'Pfefferminzl', 'Retentia16']) expect(list).toContain(name);
    await until(async () => (await warningsTo(ORGANISER))[0]?.status === 'SENT', 'the notice sent');

    // date + 4 and date + 5: still there until its day; then gone at the next clean-up.
    server.clock.advance(DAY_MS);
    await cleanUp(server.deps);
    expect(await warningsTo(ORGANISER)).toHaveLength(1);
    expect((await call(server, 'GET', adminPath(dinner.adminId))).status).toBe(200);
    server.clock.advance(2 * DAY_MS);
    await cleanUp(server.deps);

    expect((await call(server, 'GET', adminPath(dinner.adminId))).status).toBe(404);
    expect((await call(server, 'GET', publicPath(dinner.publicDinnerId))).status).toBe(404);
    expect((await call(server, 'GET', `/self/v1/${dinner.selfAdminId}/${quirinella}/sessiondata`)).status).toBe(404);
    expect(
      (await call(server, 'GET', participantsPath(dinner.adminId, '/participants/export?format=csv'))).status,
    ).toBe(404);
    expect((await call(server, 'GET', adminPath(other.adminId))).status).toBe(200);

    const keys = await cachedKeys();
    expect(keys).not.toContain(ownKey);
    expect(keys).toContain(sharedKey);
    expect(
      await server.deps.db
        .selectFrom('event_statistics')
        .selectAll()
        .where('event_date', '=', body.basicDetails.date)
        .execute(),
    ).toEqual([expect.objectContaining({ participants: 18, teams: 9, meals: 3, demo: 0, cancelled: 0 })]);
    // The outbox files go right after the deletion's commit; the assertion below names what is left if any.
    await until(async () => (await tracesOf(MARKERS)).length === 0, 'no trace of its people', 10_000).catch(() => null);
    expect(await tracesOf(MARKERS)).toEqual([]);
  });
});

describe('deleting an event at once', () => {
  it('refuses a wrong title with 406 and deletes with the right one, also after the event was cancelled', async () => {
    const { adminId } = (await createDinner(server, createBody())).runningDinner;
    const id = await runningDinnerIdOf(server, adminId);
    const wrong = await call(server, 'DELETE', adminPath(adminId, '/data'), { title: 'Weihnachtsdinner' });
    expect(wrong.status).toBe(406);
    expect(wrong.json.issues).toEqual([
      { field: 'title', message: 'Type the title of the running dinner exactly as it is written' },
    ]);
    expect((await call(server, 'DELETE', adminPath(adminId, '/data'), {})).status).toBe(406);
    expect((await call(server, 'GET', adminPath(adminId))).status).toBe(200);

    expect((await call(server, 'DELETE', adminPath(adminId))).status).toBe(200);
    const right = await call(server, 'DELETE', adminPath(adminId, '/data'), { title: ' Weihnachtsdinner Wiehre ' });
    expect(right.status).toBe(204);
    expect((await call(server, 'GET', adminPath(adminId))).status).toBe(404);
    expect(
      await server.deps.db.selectFrom('participant').select('id').where('running_dinner_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      (await call(server, 'DELETE', adminPath(adminId, '/data'), { title: 'Weihnachtsdinner Wiehre' })).status,
    ).toBe(404);
  });
});
