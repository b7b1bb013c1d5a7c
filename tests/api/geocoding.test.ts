import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeocodingOverview } from '../../contract/geocoding.js';
import { openDatabase } from '../../db/connection.js';
import { loadConfig } from '../../server/config.js';
import { start } from '../../server/main.js';
import {
  adminPath,
  afterParty,
  createBody,
  inDays,
  newDinner,
  participantInput,
  participantsPath,
  publicPath,
  registrationForm,
  runningDinnerIdOf,
} from '../support/factories.js';
import { askedAddress, type NominatimFake, positionOf, startNominatimFake } from '../support/nominatim-fake.js';
import { createPublicDinner } from '../support/registration.js';
import { openSse, received, waitUntil } from '../support/sse-client.js';
import { CLIENT_STUB_HTML, call, freePort, RELAXED_LIMITS, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

/**
 * The real server with its geocoder pointed at a local Nominatim-format fake. Started on `dataDir` when given (and
 * the folder is then kept at stop), so a restart can find what the last run left.
 */
async function startGeocodingServer(
  fake: Pick<NominatimFake, 'url'>,
  { rate = '20', timeoutMs = 2_000, retryBaseMs = 60_000, dataDir = '' } = {},
) {
  const port = await freePort();
  const dir = dataDir || mkdtempSync(path.join(tmpdir(), 'rd-geo-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    PUBLIC_URL: baseUrl,
    GEOCODER_URL: fake.url,
    GEOCODER_REQUESTS_PER_SECOND: rate,
    ...RELAXED_LIMITS,
  });
  const clientDir = path.join(dir, 'client');
  mkdirSync(clientDir, { recursive: true });
  writeFileSync(path.join(clientDir, 'index.html'), CLIENT_STUB_HTML);
  const running = await start(config, { geocoderTimeoutMs: timeoutMs, geocoderRetryBaseMs: retryBaseMs, clientDir });
  return {
    baseUrl,
    dataDir: dir,
    deps: running.deps,
    async stop() {
      await running.stop();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
    // No test here moves the calendar.
  } as TestServer;
}

const geocodingPath = (adminId: string) => `/dinnerrouteservice/v1/runningdinner/${adminId}/geocoding`;
const overview = async (server: TestServer, adminId: string): Promise<GeocodingOverview> =>
  (await call(server, 'GET', geocodingPath(adminId))).json;

/** Polls the read call until `done` holds for it. */
async function overviewWhen(server: TestServer, adminId: string, done: (o: GeocodingOverview) => boolean) {
  return until(async () => {
    const last = await overview(server, adminId);
    return done(last) && last;
  }, 'the geocoding overview');
}

const allLocated = (o: { located: number; total: number }) => o.total > 0 && o.located === o.total;

/** Adds a participant at `street streetNr` (zip 79104 Freiburg unless given) and answers its id. */
async function addAt(
  server: TestServer,
  adminId: string,
  street: string,
  streetNr: string,
  more: Record<string, unknown> = {},
) {
  const res = await call(
    server,
    'POST',
    participantsPath(adminId, '/participant'),
    participantInput({ street, streetNr, email: '', ...more }),
  );
  expect(res.status, res.text).toBe(200);
  return res.json.id as string;
}

async function positionRow(server: TestServer, participantId: string) {
  return server.deps.db
    .selectFrom('participant')
    .select(['lat', 'lng', 'geocoding_status', 'geocoding_reason'])
    .where('id', '=', participantId)
    .executeTakeFirstOrThrow();
}

/** Where the fake puts the address a participant at `street streetNr, zip city` is asked for. */
const fakePosition = (street: string, streetNr: string, zip = '79104', city = 'Freiburg') =>
  positionOf(`${streetNr} ${street}|${zip}|${city}`);

describe('geocoding in the background', () => {
  let fake: NominatimFake;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startNominatimFake();
    server = await startGeocodingServer(fake);
  });
  afterAll(async () => {
    await server.stop();
    await fake.close();
  });

  it("asks Nominatim's structured search with a User-Agent naming PUBLIC_URL, stores the position and answers the read call", async () => {
    const { adminId } = await newDinner(server);
    const before = fake.requests.length;
    const id = await addAt(server, adminId, 'Habsburgerstraße', '9', { firstnamePart: 'Jonas', lastname: 'Weiß' });
    const done = await overviewWhen(server, adminId, allLocated);
    expect(done).toEqual({ located: 1, total: 1, pending: 0, unresolved: [], afterParty: null });
    const [request] = fake.requests.slice(before);
    expect(request.path).toBe('/search');
    expect(Object.fromEntries(request.params)).toEqual({
      format: 'jsonv2',
      limit: '1',
      street: '9 Habsburgerstraße',
      postalcode: '79104',
      city: 'Freiburg',
    });
    expect(request.headers['user-agent']).toBe(`running-dinner (+${server.baseUrl})`);
    expect(await positionRow(server, id)).toEqual({
      ...fakePosition('Habsburgerstraße', '9'),
      geocoding_status: 'LOCATED',
      geocoding_reason: null,
    });
  });

  it('never asks for an address twice: the same address in another event (other case, other spaces) is answered from the cache', async () => {
    const first = await newDinner(server);
    await addAt(server, first.adminId, 'Kartäuserstraße', '40');
    await overviewWhen(server, first.adminId, allLocated);
    const asked = fake.requests.length;
    const second = await newDinner(server);
    const id = await addAt(server, second.adminId, '  kartäuserstraße ', '40', { cityName: 'FREIBURG' });
    await overviewWhen(server, second.adminId, allLocated);
    expect(fake.requests.length).toBe(asked);
    expect(await positionRow(server, id)).toMatchObject(fakePosition('Kartäuserstraße', '40'));
  });

  it('geocodes registrations (two partners at one address: one request) and imported lists', async () => {
    const body = createBody();
    const { publicDinnerId, adminId } = await createPublicDinner(server, body);
    const asked = fake.requests.length;
    const form = registrationForm({
      street: 'Erbprinzenstraße',
      streetNr: '2',
      teamPartnerWishRegistrationData: { firstnamePart: 'Lea', lastname: 'Partner' },
    });
    expect((await call(server, 'POST', publicPath(publicDinnerId, '/register'), form)).status).toBe(200);
    const csv = [
      'Last name,Street,House number,Zip code,City',
      'Eins,Lorettostraße,1,79100,Freiburg',
      'Zwei,Lorettostraße,2,79100,Freiburg',
    ].join('\n');
    const imported = await fetch(`${server.baseUrl}/rest${participantsPath(adminId, '/participants/import')}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv', 'Accept-Language': 'en' },
      body: csv,
    });
    expect(imported.status).toBe(200);
    const done = await overviewWhen(server, adminId, (o) => o.total === 4 && o.located === 4);
    expect(done.pending).toBe(0);
    expect(
      fake.requests
        .slice(asked)
        .map((r) => askedAddress(r.params))
        .sort(),
    ).toEqual([
      '1 Lorettostraße|79100|Freiburg',
      '2 Erbprinzenstraße|79104|Freiburg',
      '2 Lorettostraße|79100|Freiburg',
    ]);
  });

  it('an address the geocoder does not know stays unresolved and is listed (and the answer is cached too)', async () => {
    fake.answerWith((params) =>
      params.get('street')?.includes('Nirgendwo') ? 'not_found' : positionOf(askedAddress(params)),
    );
    try {
      const { adminId } = await newDinner(server);
      const id = await addAt(server, adminId, 'Nirgendwoweg', '7', { firstnamePart: 'Nina', lastname: 'Nirgends' });
      await addAt(server, adminId, 'Dreisamstraße', '3');
      const done = await overviewWhen(server, adminId, (o) => o.pending === 0 && o.total === 2);
      expect(done).toEqual({
        located: 1,
        total: 2,
        pending: 0,
        unresolved: [
          { participantId: id, name: 'Nina Nirgends', address: 'Nirgendwoweg 7, 79104 Freiburg', reason: 'NOT_FOUND' },
        ],
        afterParty: null,
      });
      const asked = fake.requests.length;
      const other = await newDinner(server);
      await addAt(server, other.adminId, 'Nirgendwoweg', '7');
      await overviewWhen(server, other.adminId, (o) => o.pending === 0 && o.total === 1);
      expect(fake.requests.length).toBe(asked);
    } finally {
      fake.answerWith((params) => positionOf(askedAddress(params)));
    }
  });

  it('an address without a street, or without zip code and city, is listed as incomplete without asking', async () => {
    const { adminId } = await newDinner(server);
    const asked = fake.requests.length;
    const id = await addAt(server, adminId, '', '', {
      zip: '',
      cityName: '',
      lastname: 'Ohne Adresse',
      firstnamePart: '',
    });
    const done = await overviewWhen(server, adminId, (o) => o.pending === 0 && o.total === 1);
    expect(done.unresolved).toEqual([
      { participantId: id, name: 'Ohne Adresse', address: '', reason: 'INCOMPLETE_ADDRESS' },
    ]);
    expect(fake.requests.length).toBe(asked);
  });

  it('tells the dinner stream "geocoding" with the counts as addresses get located', async () => {
    const { adminId } = await newDinner(server);
    const stream = await openSse(server, `/runningdinnerservice/v1/runningdinner/${adminId}/events`);
    try {
      await addAt(server, adminId, 'Wilhelmstraße', '1');
      await addAt(server, adminId, 'Wilhelmstraße', '2');
      await stream.until((s) => received(s).some((e) => e.type === 'geocoding' && e.data.located === 2));
      const progress = received(stream)
        .filter((e) => e.type === 'geocoding')
        .map((e) => e.data);
      expect(progress.at(-1)).toEqual({ located: 2, total: 2, pending: 0, unresolved: 0 });
      expect(progress[0].located).toBe(1);
    } finally {
      stream.close();
    }
  });

  it("counts the demo's participants as located without asking for any of them", async () => {
    const asked = fake.requests.length;
    const { adminId } = await newDinner(server, {
      ...createBody({ runningDinnerType: 'DEMO', registrationType: 'CLOSED' }),
      publicSettings: null,
      contract: null,
    });
    const done = await overview(server, adminId);
    expect(done.total).toBeGreaterThan(0);
    expect(done).toMatchObject({ located: done.total, pending: 0, unresolved: [] });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.requests.length).toBe(asked);
  });

  it('geocodes the after-party too, and reads 404 for an unknown event', async () => {
    const date = inDays(30);
    const { adminId } = await newDinner(server, {
      ...createBody({ date }),
      afterPartyLocation: { ...afterParty(`${date}T23:45`), geocodingResult: null },
    });
    const done = await overviewWhen(server, adminId, (o) => o.afterParty?.status === 'LOCATED');
    expect(done.afterParty).toEqual({ status: 'LOCATED', reason: null });
    const dinner = await call(server, 'GET', adminPath(adminId));
    expect(dinner.json.afterPartyLocation.geocodingResult).toEqual(positionOf('12 Konviktstraße|79098|Freiburg'));
    expect((await call(server, 'GET', geocodingPath(crypto.randomUUID()))).status).toBe(404);
  });
});

describe('the rate of requests', () => {
  it('asks at most GEOCODER_REQUESTS_PER_SECOND: at 1 per second, three addresses take two seconds', async () => {
    const fake = await startNominatimFake();
    const server = await startGeocodingServer(fake, { rate: '1' });
    try {
      const { adminId } = await newDinner(server);
      for (const nr of ['1', '2', '3']) await addAt(server, adminId, 'Talstraße', nr);
      await overviewWhen(server, adminId, allLocated);
      const times = fake.requests.map((r) => r.at);
      expect(times).toHaveLength(3);
      // Measured where the requests arrive, so a request held up on its way (seen on a machine busy with other
      // processes) shortens the gap to the next one. A limiter that let two through at once, or two a second,
      // still shows gaps far below these.
      expect(times[1] - times[0]).toBeGreaterThanOrEqual(700);
      expect(times[2] - times[1]).toBeGreaterThanOrEqual(700);
      expect(times[2] - times[0]).toBeGreaterThanOrEqual(1_700);
    } finally {
      await server.stop();
      await fake.close();
    }
  });
});

describe('a restart', () => {
  it('finds the addresses still pending when the server stopped and asks for each of them once', async () => {
    const fake = await startNominatimFake();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-geo-restart-'));
    try {
      const first = await startGeocodingServer(fake, { rate: '1', dataDir });
      const { adminId } = await newDinner(first);
      const runningDinnerId = await runningDinnerIdOf(first, adminId);
      for (const nr of ['1', '2', '3', '4']) await addAt(first, adminId, 'Schwarzwaldstraße', nr);
      // Stopped while the loop waits its turn for the second request.
      await waitUntil(() => fake.requests.length === 1);
      await first.stop();
      const db = openDatabase({ file: path.join(dataDir, 'runningdinner.sqlite') });
      const statuses = await db
        .selectFrom('participant')
        .select('geocoding_status')
        .where('running_dinner_id', '=', runningDinnerId)
        .execute();
      await db.destroy();
      expect(statuses.map((s) => s.geocoding_status).sort()).toEqual(['LOCATED', 'PENDING', 'PENDING', 'PENDING']);

      const second = await startGeocodingServer(fake, { rate: '1', dataDir });
      try {
        await overviewWhen(second, adminId, allLocated);
      } finally {
        await second.stop();
      }
      const asked = fake.requests.map((r) => askedAddress(r.params));
      expect(asked).toHaveLength(4);
      expect(new Set(asked).size).toBe(4);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await fake.close();
    }
  });
});

describe('an unreachable geocoder', () => {
  it.each([
    ['refuses the connection', 'closed'],
    ['answers 503', 'status'],
    ['does not answer within the timeout', 'hang'],
  ] as const)(
    'that %s leaves the address unresolved and listed; adding the participant still works',
    async (_case, kind) => {
      const fake = await startNominatimFake();
      const closedPort = await freePort();
      fake.answerWith(() => (kind === 'hang' ? 'hang' : { status: 503 }));
      const server = await startGeocodingServer(kind === 'closed' ? { url: `http://127.0.0.1:${closedPort}` } : fake, {
        timeoutMs: 300,
      });
      try {
        const { adminId } = await newDinner(server);
        const id = await addAt(server, adminId, 'Rempartstraße', '11', {
          firstnamePart: 'Uli',
          lastname: 'Unerreicht',
        });
        const done = await overviewWhen(server, adminId, (o) => o.unresolved.length === 1);
        expect(done).toEqual({
          located: 0,
          total: 1,
          pending: 0,
          unresolved: [
            {
              participantId: id,
              name: 'Uli Unerreicht',
              address: 'Rempartstraße 11, 79104 Freiburg',
              reason: 'UNREACHABLE',
            },
          ],
          afterParty: null,
        });
        expect((await positionRow(server, id)).lat).toBeNull();
      } finally {
        await server.stop();
        await fake.close();
      }
    },
  );

  it('is asked again with a growing pause, and the address is located once it answers', async () => {
    const fake = await startNominatimFake();
    fake.answerWith(() => ({ status: 502 }));
    const server = await startGeocodingServer(fake, { retryBaseMs: 300 });
    try {
      const { adminId } = await newDinner(server);
      const id = await addAt(server, adminId, 'Rempartstraße', '12');
      await overviewWhen(server, adminId, (o) => o.unresolved.length === 1);
      await waitUntil(() => fake.requests.length >= 3, 5_000);
      const gaps = fake.requests.slice(0, 3).map((r, i, all) => (i === 0 ? 0 : r.at - all[i - 1].at));
      expect(gaps[1]).toBeGreaterThanOrEqual(280);
      expect(gaps[2]).toBeGreaterThanOrEqual(580);
      fake.answerWith((params) => positionOf(askedAddress(params)));
      await overviewWhen(server, adminId, allLocated);
      expect(await positionRow(server, id)).toMatchObject({
        ...fakePosition('Rempartstraße', '12'),
        geocoding_status: 'LOCATED',
        geocoding_reason: null,
      });
    } finally {
      await server.stop();
      await fake.close();
    }
  });
});

describe('a position set by hand', () => {
  let fake: NominatimFake;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startNominatimFake();
    server = await startGeocodingServer(fake);
  });
  afterAll(async () => {
    await server.stop();
    await fake.close();
  });

  const HAND = { lat: 47.9961, lng: 7.8494 };
  const geocodePath = (adminId: string, participantId: string) =>
    participantsPath(adminId, `/participant/${participantId}/geocode`);

  it('PUT …/participant/{id}/geocode sets it, counts it as located and removes the address from the unresolved ones', async () => {
    fake.answerWith((params) =>
      params.get('street')?.includes('Unbekannt') ? 'not_found' : positionOf(askedAddress(params)),
    );
    try {
      const { adminId } = await newDinner(server);
      const id = await addAt(server, adminId, 'Unbekanntweg', '1');
      await overviewWhen(server, adminId, (o) => o.unresolved.length === 1);
      const res = await call(server, 'PUT', geocodePath(adminId, id), HAND);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ participantId: id, status: 'MANUAL', geocodingResult: HAND });
      expect(await positionRow(server, id)).toEqual({ ...HAND, geocoding_status: 'MANUAL', geocoding_reason: null });
      expect(await overview(server, adminId)).toEqual({
        located: 1,
        total: 1,
        pending: 0,
        unresolved: [],
        afterParty: null,
      });
    } finally {
      fake.answerWith((params) => positionOf(askedAddress(params)));
    }
  });

  it('keeps it when other fields change and drops it (geocoding again) when the address changes', async () => {
    const { adminId } = await newDinner(server);
    const id = await addAt(server, adminId, 'Belfortstraße', '5');
    await overviewWhen(server, adminId, allLocated);
    // The participant's answer says whether the position was set by hand.
    const byHand = async () =>
      (await call(server, 'GET', participantsPath(adminId, `/participants/${id}`))).json.positionSetByHand;
    expect(await byHand()).toBe(false);
    expect((await call(server, 'PUT', geocodePath(adminId, id), HAND)).status).toBe(200);
    expect(await byHand()).toBe(true);
    const asked = fake.requests.length;
    const input = participantInput({
      street: 'Belfortstraße',
      streetNr: '5',
      email: '',
      notes: 'kommt später',
      lastname: 'Umbenannt',
      addressRemarks: 'Hinterhaus',
    });
    expect((await call(server, 'PUT', participantsPath(adminId, `/participant/${id}`), input)).status).toBe(200);
    // The same address in other letters is no change either.
    expect(
      (
        await call(server, 'PUT', participantsPath(adminId, `/participant/${id}`), {
          ...input,
          street: 'BELFORTSTRAßE ',
        })
      ).status,
    ).toBe(200);
    expect(await positionRow(server, id)).toEqual({ ...HAND, geocoding_status: 'MANUAL', geocoding_reason: null });
    expect(fake.requests.length).toBe(asked);

    expect(
      (await call(server, 'PUT', participantsPath(adminId, `/participant/${id}`), { ...input, streetNr: '7' })).status,
    ).toBe(200);
    await overviewWhen(server, adminId, allLocated);
    expect(await byHand()).toBe(false);
    expect(await positionRow(server, id)).toEqual({
      ...fakePosition('Belfortstraße', '7'),
      geocoding_status: 'LOCATED',
      geocoding_reason: null,
    });
  });

  it('comes with the create and update calls as geocodingResult; sending the stored position back changes nothing', async () => {
    const { adminId } = await newDinner(server);
    const asked = fake.requests.length;
    const id = await addAt(server, adminId, 'Günterstalstraße', '9', { geocodingResult: HAND });
    expect(await positionRow(server, id)).toEqual({ ...HAND, geocoding_status: 'MANUAL', geocoding_reason: null });
    const moved = { lat: 47.98, lng: 7.84 };
    const update = participantInput({ street: 'Günterstalstraße', streetNr: '9', email: '', geocodingResult: moved });
    expect((await call(server, 'PUT', participantsPath(adminId, `/participant/${id}`), update)).status).toBe(200);
    expect(await positionRow(server, id)).toEqual({ ...moved, geocoding_status: 'MANUAL', geocoding_reason: null });
    expect(fake.requests.length).toBe(asked);
    // A form that echoes the stored position along with a new address gets the new address geocoded.
    expect(
      (await call(server, 'PUT', participantsPath(adminId, `/participant/${id}`), { ...update, streetNr: '11' }))
        .status,
    ).toBe(200);
    await overviewWhen(server, adminId, allLocated);
    expect(await positionRow(server, id)).toMatchObject({
      ...fakePosition('Günterstalstraße', '11'),
      geocoding_status: 'LOCATED',
    });
  });

  it.each([
    ['a latitude above 90', { lat: 91, lng: 7.8 }, ['lat']],
    ['a longitude below -180', { lat: 47.9, lng: -181 }, ['lng']],
    ['-1, which means "not located"', { lat: -1, lng: -1 }, ['lat', 'lng']],
    ['a latitude as text', { lat: '47.9', lng: 7.8 }, ['lat']],
    ['a missing longitude', { lat: 47.9 }, ['lng']],
    ['an unknown field', { ...HAND, alt: 280 }, ['alt']],
  ])('refuses %s with 406 for the participant and the after-party', async (_case, body, fields) => {
    const date = inDays(30);
    const { adminId } = await newDinner(server, {
      ...createBody({ date }),
      afterPartyLocation: afterParty(`${date}T23:45`),
    });
    const id = await addAt(server, adminId, 'Belfortstraße', '5');
    for (const path of [geocodePath(adminId, id), adminPath(adminId, '/afterpartylocation/geocode')]) {
      const res = await call(server, 'PUT', path, body);
      expect(res.status).toBe(406);
      expect(res.json.issues.map((i: { field: string }) => i.field)).toEqual(fields);
    }
    expect(
      (
        await call(
          server,
          'POST',
          participantsPath(adminId, '/participant'),
          participantInput({ email: '', geocodingResult: body }),
        )
      ).status,
    ).toBe(406);
  });

  it("answers 404 for another event's participant, an unknown one and an unknown event", async () => {
    const mine = await newDinner(server);
    const other = await newDinner(server);
    const theirs = await addAt(server, other.adminId, 'Belfortstraße', '5');
    expect((await call(server, 'PUT', geocodePath(mine.adminId, theirs), HAND)).status).toBe(404);
    expect((await call(server, 'PUT', geocodePath(mine.adminId, crypto.randomUUID()), HAND)).status).toBe(404);
    expect((await call(server, 'PUT', geocodePath(mine.adminId, 'not-an-id'), HAND)).status).toBe(404);
    expect((await call(server, 'PUT', geocodePath(crypto.randomUUID(), theirs), HAND)).status).toBe(404);
    expect(
      (await call(server, 'PUT', adminPath(crypto.randomUUID(), '/afterpartylocation/geocode'), HAND)).status,
    ).toBe(404);
  });

  it('PUT …/afterpartylocation/geocode sets the after-party position, kept until its address changes; 409 without an after-party', async () => {
    const date = inDays(30);
    const party = { ...afterParty(`${date}T23:45`), geocodingResult: null };
    const { adminId } = await newDinner(server, { ...createBody({ date }), afterPartyLocation: party });
    await overviewWhen(server, adminId, (o) => o.afterParty?.status === 'LOCATED');
    const res = await call(server, 'PUT', adminPath(adminId, '/afterpartylocation/geocode'), HAND);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'MANUAL', geocodingResult: HAND });
    expect((await overview(server, adminId)).afterParty).toEqual({ status: 'MANUAL', reason: null });

    const { geocodingResult: _omitted, ...withoutPosition } = party;
    const retitled = await call(server, 'PUT', adminPath(adminId, '/afterpartylocation'), {
      ...withoutPosition,
      title: 'Absacker im Hof',
    });
    expect(retitled.status).toBe(200);
    expect(retitled.json.afterPartyLocation.geocodingResult).toEqual(HAND);

    const moved = await call(server, 'PUT', adminPath(adminId, '/afterpartylocation'), {
      ...withoutPosition,
      streetNr: '14',
    });
    expect(moved.json.afterPartyLocation.geocodingResult).toBeNull();
    await overviewWhen(server, adminId, (o) => o.afterParty?.status === 'LOCATED');
    expect((await call(server, 'GET', adminPath(adminId))).json.afterPartyLocation.geocodingResult).toEqual(
      positionOf('14 Konviktstraße|79098|Freiburg'),
    );

    expect((await call(server, 'DELETE', adminPath(adminId, '/afterpartylocation'))).status).toBe(200);
    expect((await overview(server, adminId)).afterParty).toBeNull();
    const refused = await call(server, 'PUT', adminPath(adminId, '/afterpartylocation/geocode'), HAND);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('no_after_party');
  });
});
