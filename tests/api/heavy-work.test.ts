import { describe, expect, it, vi } from 'vitest';
import type { OptimizationPredictionResponse } from '../../contract/route-optimization.js';
import { cityTeams } from '../../domain/routes/city.js';
import type { QueuePlace } from '../../server/lib/fair-queue.js';
import { expectRefusal } from '../support/bilingual.js';
import { participantInput, participantsPath, registrationForm } from '../support/factories.js';
import { createPublicDinner, register } from '../support/registration.js';
import {
  dinnerWithParticipants,
  dinnerWithTeams,
  insertParticipants,
  type TeamDinner,
  teamsPath,
} from '../support/teams.js';
import { call, GERMAN, type TestServer } from '../support/test-server.js';
import { useTestServer } from '../support/use-test-server.js';

// Finding 6 of issue 20: heavy work from anyone. Participants per event are capped, team generations and route runs
// wait in bounded, fair queues per instance, and predictions of one plan are computed once.

const MAX_PARTICIPANTS = 5;
const QUEUE_LENGTH = 3;
const server = useTestServer({
  env: { MAX_PARTICIPANTS_PER_EVENT: String(MAX_PARTICIPANTS), WORK_QUEUE_LENGTH: String(QUEUE_LENGTH) },
});

const EVENT_FULL = {
  en: `This running dinner is full: it may have at most ${MAX_PARTICIPANTS} participants.`,
  de: `Dieses Running Dinner ist voll: Es darf höchstens ${MAX_PARTICIPANTS} Teilnehmende haben.`,
};
const QUEUE_FULL = {
  en: 'The server is busy making teams and routes for other running dinners. Nothing was changed; please try again in a minute.',
  de: 'Der Server teilt gerade Teams und Routen für andere Running Dinner ein. Es wurde nichts geändert; bitte versuch es in einer Minute noch einmal.',
};

const countOf = async (runningDinnerId: string) =>
  (
    await server.deps.db
      .selectFrom('participant')
      .select('id')
      .where('running_dinner_id', '=', runningDinnerId)
      .execute()
  ).length;

async function expectEventFull(send: (headers: Record<string, string>) => ReturnType<typeof call>) {
  for (const [headers, message] of [
    [{}, EVENT_FULL.en],
    [GERMAN, EVENT_FULL.de],
  ] as const) {
    const res = await send(headers);
    expect(res.status, res.text).toBe(406);
    expect(res.json).toEqual({ issues: [{ message }] });
  }
}

describe('MAX_PARTICIPANTS_PER_EVENT', () => {
  it('refuses a registration beyond the limit, also one with a partner that would take the last place twice', async () => {
    const dinner = await createPublicDinner(server);
    await insertParticipants(server, dinner.id, MAX_PARTICIPANTS - 1);
    const withPartner = registrationForm({
      email: 'paar@example.org',
      teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' },
    });
    await expectEventFull((headers) => register(server, dinner, withPartner, headers));

    expect((await register(server, dinner, registrationForm({ email: 'letzte@example.org' }))).status).toBe(200);
    await expectEventFull((headers) =>
      register(server, dinner, registrationForm({ email: 'zuviel@example.org' }), headers),
    );
    expect(await countOf(dinner.id)).toBe(MAX_PARTICIPANTS);
  });

  it('lets exactly the limit of 12 concurrent registrations in (checked under the write lock)', async () => {
    const dinner = await createPublicDinner(server);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        register(server, dinner, registrationForm({ email: `gast${i}@example.org` })),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(MAX_PARTICIPANTS);
    expect(answers.filter((a) => a.status === 406)).toHaveLength(12 - MAX_PARTICIPANTS);
    expect(await countOf(dinner.id)).toBe(MAX_PARTICIPANTS);
  });

  it("refuses the organiser's addition beyond the limit", async () => {
    const dinner = await dinnerWithParticipants(server, MAX_PARTICIPANTS);
    await expectEventFull((headers) =>
      call(
        server,
        'POST',
        participantsPath(dinner.adminId, '/participant'),
        participantInput({ email: 'neu@example.org' }),
        headers,
      ),
    );
    expect(await countOf(dinner.id)).toBe(MAX_PARTICIPANTS);
  });

  it('refuses an import that would exceed the limit whole, naming the limit and how many rows fit', async () => {
    const dinner = await dinnerWithParticipants(server, 2);
    const upload = (rows: number, headers: Record<string, string> = {}) =>
      fetch(`${server.baseUrl}/rest${participantsPath(dinner.adminId, '/participants/import')}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/csv', 'Accept-Language': 'en', ...headers },
        body: ['Last name', ...Array.from({ length: rows }, (_, i) => `Name${i}`)].join('\n'),
      });
    const refused = await upload(4);
    expect(refused.status).toBe(406);
    expect(await refused.json()).toEqual({
      issues: [
        {
          field: 'file',
          message:
            'The file would add 4 participants, but this running dinner may have at most 5: only 3 more fit. Nothing was imported.',
        },
      ],
    });
    expect(await (await upload(4, GERMAN)).json()).toEqual({
      issues: [
        {
          field: 'file',
          message:
            'Die Datei würde 4 Teilnehmende hinzufügen, aber dieses Running Dinner darf höchstens 5 haben: Nur 3 passen noch dazu. Es wurde nichts importiert.',
        },
      ],
    });
    expect(await countOf(dinner.id)).toBe(2);

    const accepted = await upload(3);
    expect(await accepted.json()).toEqual({ imported: 3, skipped: 0 });
    expect(await countOf(dinner.id)).toBe(MAX_PARTICIPANTS);
  });
});

/** Takes `count` places of a queue for owners of their own (no event): threads held busy as long as the test wants. */
function hold(queue: TestServer['deps']['workers']['queues']['teams'], count: number): QueuePlace[] {
  return Array.from({ length: count }, (_, i) => queue.enter(`held-${crypto.randomUUID()}-${i}`));
}

const release = (places: QueuePlace[]) => {
  for (const place of places) place.leave();
};

/** Waits until the queue's line shows what the test expects (no clock: the requests only have to arrive). */
async function untilWaiting(
  queue: TestServer['deps']['workers']['queues']['teams'],
  expected: (waiting: string[]) => boolean,
): Promise<string[]> {
  await vi.waitFor(() => expect(expected(queue.snapshot().waiting)).toBe(true), { timeout: 10_000, interval: 10 });
  return queue.snapshot().waiting;
}

describe('the team generation queue', () => {
  it('answers 429 with Retry-After when full, and 409 to a second generation of an event whose first is waiting', async () => {
    const queue = server.deps.workers.queues.teams;
    const [a, b] = [await dinnerWithParticipants(server, 18), await dinnerWithParticipants(server, 18)];
    const running = hold(queue, queue.slots);
    const waiting = hold(queue, QUEUE_LENGTH - 1);
    try {
      const generation = call(server, 'POST', teamsPath(a.adminId));
      await untilWaiting(queue, (line) => line.includes(a.id));

      const full = await call(server, 'POST', teamsPath(b.adminId));
      expect(full.status).toBe(429);
      expect(Number(full.headers.get('Retry-After'))).toBeGreaterThan(0);
      await expectRefusal(
        (headers) => call(server, 'POST', teamsPath(b.adminId), undefined, headers),
        429,
        'work_queue_full',
        QUEUE_FULL.en,
        QUEUE_FULL.de,
      );

      await expectRefusal(
        (headers) => call(server, 'PUT', teamsPath(a.adminId), undefined, headers),
        409,
        'task_in_progress',
        'The teams of this running dinner are being made right now. Please wait until that is done.',
        'Die Teams dieses Running Dinners werden gerade eingeteilt. Bitte warte, bis das fertig ist.',
      );

      release(running);
      expect((await generation).status).toBe(200);
    } finally {
      release([...running, ...waiting]);
    }
    expect((await call(server, 'POST', teamsPath(b.adminId))).status).toBe(200);
    expect(queue.snapshot()).toEqual({ running: 0, waiting: [] });
  });
});

/** Every participant at a place of a city of dense neighbourhoods, so that routes can be optimised. */
const cityPlaces = (count: number, seed = 7) => {
  const places = cityTeams(count, 3, seed);
  return (n: number) => ({ lat: places[(n - 1) % count].position!.lat, lng: places[(n - 1) % count].position!.lng });
};

const optimizationPath = (adminId: string, suffix = '') =>
  `/dinnerrouteservice/v1/runningdinner/${adminId}/optimization${suffix}`;

async function startRun(dinner: TeamDinner, minimumDistanceInMeters = 0): Promise<string> {
  const res = await call(server, 'POST', optimizationPath(dinner.adminId), { minimumDistanceInMeters });
  expect(res.status, res.text).toBe(202);
  return res.json.optimizationId;
}

async function ended(dinner: TeamDinner, id: string): Promise<string> {
  let status = 'RUNNING';
  await vi.waitFor(
    async () => {
      status = (await call(server, 'GET', optimizationPath(dinner.adminId, `/${id}/status`))).json.status;
      expect(status).not.toBe('RUNNING');
    },
    { timeout: 20_000, interval: 50 },
  );
  return status;
}

describe('the route run queue', () => {
  it("takes events in turns: one event's queued runs do not keep another's waiting behind both, and a full queue answers 429", async () => {
    const queue = server.deps.workers.queues.routes;
    const [{ dinner: big }, { dinner: demo }, { dinner: third }] = [
      await dinnerWithTeams(server, 36, { overrides: cityPlaces(36) }),
      await dinnerWithTeams(server, 18, { overrides: cityPlaces(18, 3) }),
      await dinnerWithTeams(server, 18, { overrides: cityPlaces(18, 5) }),
    ];
    const running = hold(queue, queue.slots);
    let runs: string[] = [];
    try {
      runs = [await startRun(big, 0), await startRun(big, 100)];
      const demoRun = await startRun(demo);
      // The demo came last but runs second, before the big event's second run.
      expect(queue.snapshot().waiting).toEqual([big.id, demo.id, big.id]);

      const full = await call(server, 'POST', optimizationPath(third.adminId), {});
      expect(full.status, full.text).toBe(429);
      expect(full.json.code).toBe('work_queue_full');
      expect(Number(full.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(
        (await call(server, 'GET', optimizationPath(third.adminId, '/predict'))).json.runningOptimizationIds,
      ).toEqual([]);

      running[0].leave();
      expect(queue.snapshot().waiting).toEqual([demo.id, big.id]);
      running[1].leave();
      expect(queue.snapshot().waiting).toEqual([big.id]);
      runs.push(demoRun);
    } finally {
      release(running);
    }
    const statuses = await Promise.all(runs.map((id, i) => ended(i < 2 ? big : demo, id)));
    expect(statuses).toEqual(['FINISHED', 'FINISHED', 'FINISHED']);
    expect(queue.snapshot()).toEqual({ running: 0, waiting: [] });
  });

  it('a run cancelled while it waits leaves the queue at once', async () => {
    const queue = server.deps.workers.queues.routes;
    const { dinner } = await dinnerWithTeams(server, 18, { overrides: cityPlaces(18, 11) });
    const running = hold(queue, queue.slots);
    try {
      const id = await startRun(dinner);
      expect(queue.snapshot().waiting).toEqual([dinner.id]);
      expect((await call(server, 'DELETE', optimizationPath(dinner.adminId, `/${id}`))).json.status).toBe('CANCELLED');
      await vi.waitFor(() => expect(queue.snapshot().waiting).toEqual([]));
    } finally {
      release(running);
    }
  });
});

describe('predictions', () => {
  it('compute the lower bound of a plan once, however many ask at once, and again once the plan changed', async () => {
    const workers = server.deps.workers;
    const { dinner } = await dinnerWithTeams(server, 36, { overrides: cityPlaces(36, 13) });
    const bound = workers.routesLowerBound;
    const computed = vi.fn(bound);
    workers.routesLowerBound = computed;
    try {
      const predict = () => call(server, 'GET', optimizationPath(dinner.adminId, '/predict'));
      const answers = await Promise.all([predict(), predict(), predict(), predict()]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      const bounds = answers.map((a) => (a.json as OptimizationPredictionResponse).lowerBoundMeters);
      expect(new Set(bounds).size).toBe(1);
      expect((await predict()).json.lowerBoundMeters).toBe(bounds[0]);
      expect(computed).toHaveBeenCalledTimes(1);

      // A host moved: another plan, another bound.
      await server.deps.db
        .updateTable('participant')
        .set({ lat: 48.1, lng: 7.9 })
        .where('running_dinner_id', '=', dinner.id)
        .where('participant_number', '=', 1)
        .execute();
      expect((await predict()).status).toBe(200);
      expect(computed).toHaveBeenCalledTimes(2);
    } finally {
      workers.routesLowerBound = bound;
    }
  });
});
