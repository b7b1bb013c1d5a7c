import { describe, expect, it } from 'vitest';
import type { DinnerRoutesResponse } from '../../contract/dinner-routes.js';
import type {
  OptimizationPredictionResponse,
  OptimizationPreview,
  OptimizationState,
} from '../../contract/route-optimization.js';
import { cityTeams } from '../../domain/routes/city.js';
import { expectIssues, expectRefusal, NOT_FOUND } from '../support/bilingual.js';
import { adminPath, createBody, withOptions } from '../support/factories.js';
import { openSse, received } from '../support/sse-client.js';
import {
  dinnerWithParticipants,
  dinnerWithTeams,
  expectMeetOnceRoutes,
  generateTeams,
  insertParticipants,
  readTeams,
  type TeamDinner,
  teamsPath,
  waitingListPath,
} from '../support/teams.js';
import { call } from '../support/test-server.js';
import { useTestServer } from '../support/use-test-server.js';

// The route optimisation as the organiser drives it: predict, start, follow the stream, preview, apply or cancel.

const server = useTestServer();

const routesPath = (adminId: string, suffix = '') => `/dinnerrouteservice/v1/runningdinner/${adminId}${suffix}`;
const optimizationPath = (adminId: string, suffix = '') => routesPath(adminId, `/optimization${suffix}`);
const streamPath = (adminId: string, id: string) => `/dinnerrouteservice/v1/runningdinner/${adminId}/${id}/subscribe`;

/** Every participant at a place of a city of dense neighbourhoods (fixed seed), so the routes can get shorter. */
const cityPlaces = (count: number, seed = 7) => {
  const places = cityTeams(count, 3, seed);
  return (n: number) => ({ lat: places[(n - 1) % count].position!.lat, lng: places[(n - 1) % count].position!.lng });
};

/** 18 teams of 36 participants spread over a city. */
const cityDinner = (count = 36) => dinnerWithTeams(server, count, { overrides: cityPlaces(count) });

async function start(dinner: TeamDinner, body: unknown = {}): Promise<OptimizationState> {
  const res = await call(server, 'POST', optimizationPath(dinner.adminId), body);
  expect(res.status, res.text).toBe(202);
  return res.json;
}

const status = async (dinner: TeamDinner, id: string): Promise<OptimizationState> =>
  (await call(server, 'GET', optimizationPath(dinner.adminId, `/${id}/status`))).json;

async function finished(dinner: TeamDinner, id: string): Promise<OptimizationState> {
  let state = await status(dinner, id);
  const deadline = Date.now() + 20_000;
  while (state.status === 'RUNNING' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    state = await status(dinner, id);
  }
  return state;
}

/** Each team's stops as host team numbers in meal order, by team number. */
async function storedRoutes(dinner: TeamDinner): Promise<Map<number, number[]>> {
  const body: DinnerRoutesResponse = (await call(server, 'GET', routesPath(dinner.adminId, '/teams'))).json;
  return new Map(body.teams.map((team) => [team.teamNumber, team.stops.map((stop) => stop.teamNumber)]));
}

describe('GET /optimization/predict', () => {
  it("compares today's total with the lower bound, and says NONE below 60 % located hosts", async () => {
    const { dinner } = await cityDinner();
    const res = await call(server, 'GET', optimizationPath(dinner.adminId, '/predict'));
    expect(res.status, res.text).toBe(200);
    const prediction: OptimizationPredictionResponse = res.json;
    expect(prediction).toMatchObject({ locatedTeams: 18, teams: 18, runningOptimizationIds: [] });
    expect(['LOW', 'MEDIUM', 'HIGH']).toContain(prediction.prediction);
    expect(prediction.lowerBoundMeters).toBeGreaterThan(0);
    expect(prediction.lowerBoundMeters).toBeLessThanOrEqual(prediction.currentTotalMeters);
    expect(prediction.expectedSeconds).toBeGreaterThan(0);

    // 8 of 18 hosts unlocated: 10 of 18 = 56 % < 60 %.
    await server.deps.db
      .updateTable('participant')
      .set({ lat: -1, lng: -1 })
      .where('running_dinner_id', '=', dinner.id)
      .where('participant_number', '<=', 16)
      .execute();
    const none: OptimizationPredictionResponse = (
      await call(server, 'GET', optimizationPath(dinner.adminId, '/predict'))
    ).json;
    expect(none.prediction).toBe('NONE');
    expect(none.locatedTeams).toBeLessThan(0.6 * 18);
    await expectRefusal(
      (headers) => call(server, 'POST', optimizationPath(dinner.adminId), {}, headers),
      409,
      'too_few_positions',
      `Only ${none.locatedTeams} of 18 hosts have a position: at least 60 % are needed. Fix the unresolved addresses first.`,
      `Nur ${none.locatedTeams} von 18 Gastgebern haben eine Position: Mindestens 60 % werden gebraucht. Korrigiere zuerst die nicht gefundenen Adressen.`,
    );
  });

  it('refuses before the teams are made, and for unknown events', async () => {
    const dinner = await dinnerWithParticipants(server, 18);
    const res = await call(server, 'GET', optimizationPath(dinner.adminId, '/predict'));
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('no_teams');
    await expectRefusal(
      (headers) => call(server, 'GET', optimizationPath(crypto.randomUUID(), '/predict'), undefined, headers),
      ...NOT_FOUND,
    );
  });
});

describe('a run', () => {
  it('streams its progress, previews the proposal, and applying it changes the stored routes and nothing else', async () => {
    const { dinner, teams } = await cityDinner();
    const before = await storedRoutes(dinner);
    const run = await start(dinner);
    expect(run).toMatchObject({
      status: 'RUNNING',
      automatic: false,
      ignoreMealAssignments: false,
      minimumDistanceInMeters: 0,
      outdated: false,
    });
    const stream = await openSse(server, streamPath(dinner.adminId, run.optimizationId));
    expect(stream.status).toBe(200);
    await stream.until((s) => s.ended(), 20_000);
    const events = received(stream);
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    for (const { data } of progress) {
      expect(Object.keys(data).sort()).toEqual([
        'bestTotalMeters',
        'elapsedMs',
        'lowerBoundMeters',
        'startTotalMeters',
      ]);
      expect(data.bestTotalMeters).toBeLessThanOrEqual(data.startTotalMeters);
      expect(data.lowerBoundMeters).toBeLessThanOrEqual(data.bestTotalMeters + 1e-6);
    }
    expect(events.at(-1)!.type).toBe('finished');
    expect(events.at(-1)!.data).toMatchObject({ optimizationId: run.optimizationId, status: 'FINISHED' });
    // Over: a reconnecting browser gets 204 and stops.
    expect((await openSse(server, streamPath(dinner.adminId, run.optimizationId))).status).toBe(204);

    const previewRes = await call(server, 'GET', optimizationPath(dinner.adminId, `/${run.optimizationId}/preview`));
    expect(previewRes.status, previewRes.text).toBe(200);
    const preview: OptimizationPreview = previewRes.json;
    expect(preview.routes.map((r) => r.teamNumber)).toEqual(teams.teams.map((t) => t.teamNumber).sort((a, b) => a - b));
    for (const route of preview.routes)
      expect(route.stopsBefore.map((s) => s.teamNumber)).toEqual(before.get(route.teamNumber));
    expect(preview.totalMetersAfter).toBeLessThan(preview.totalMetersBefore);
    expect(preview.totalMetersAfter).toBeGreaterThanOrEqual(preview.lowerBoundMeters - 1e-6);
    expect(preview.longestLegMetersAfter).toBeLessThanOrEqual(preview.longestLegMetersBefore + 1e-6);
    expect(preview.changedRoutes).toBe(
      preview.routes.filter(
        (r) => r.stopsBefore.map((s) => s.teamId).join() !== r.stopsAfter.map((s) => s.teamId).join(),
      ).length,
    );
    expect(preview.changedRoutes).toBeGreaterThan(0);
    // The preview saved nothing.
    expect(await storedRoutes(dinner)).toEqual(before);

    const applied = await call(server, 'PUT', optimizationPath(dinner.adminId, `/${run.optimizationId}`));
    expect(applied.status, applied.text).toBe(200);
    expect(applied.json.status).toBe('APPLIED');
    const after = await storedRoutes(dinner);
    for (const route of preview.routes)
      expect(after.get(route.teamNumber)).toEqual(route.stopsAfter.map((s) => s.teamNumber));
    await expectMeetOnceRoutes(server, dinner.id, 3);
    // Members, hosts and meals stay.
    const teamsAfter = await readTeams(server, dinner.adminId);
    expect(
      teamsAfter.teams.map((t) => [t.id, t.meal.id, t.hostTeamMember?.id, t.teamMembers.map((m) => m.id)]),
    ).toEqual(teams.teams.map((t) => [t.id, t.meal.id, t.hostTeamMember?.id, t.teamMembers.map((m) => m.id)]));
    const activities = await call(server, 'GET', `/runningdinnerservice/v1/runningdinner/${dinner.adminId}/activities`);
    expect(JSON.stringify(activities.json)).toContain('ROUTES_OPTIMIZED');
    // Applied once only.
    expect((await call(server, 'PUT', optimizationPath(dinner.adminId, `/${run.optimizationId}`))).status).toBe(409);
  });

  it('keeps the optimised routes through a later team operation: two teams that swap meals exchange their whole evenings', async () => {
    const { dinner, teams } = await cityDinner();
    const run = await start(dinner);
    expect((await finished(dinner, run.optimizationId)).status).toBe('FINISHED');
    expect((await call(server, 'PUT', optimizationPath(dinner.adminId, `/${run.optimizationId}`))).status).toBe(200);
    const optimised = await storedRoutes(dinner);
    const [a, b] = [teams.teams[0], teams.teams.find((t) => t.meal.id !== teams.teams[0].meal.id)!];
    const swap = await call(server, 'PUT', teamsPath(dinner.adminId, `/meals/swap/${a.id}/${b.id}`));
    expect(swap.status, swap.text).toBe(200);
    const swapped = (n: number) => (n === a.teamNumber ? b.teamNumber : n === b.teamNumber ? a.teamNumber : n);
    const after = await storedRoutes(dinner);
    for (const [number, stops] of optimised) expect(after.get(swapped(number))).toEqual(stops.map(swapped));
    await expectMeetOnceRoutes(server, dinner.id, 3);
  });

  it('lets meals change with ignoreMealAssignments and still keeps one host per meal and table', async () => {
    const { dinner } = await cityDinner();
    const run = await start(dinner, { ignoreMealAssignments: true, minimumDistanceInMeters: 100 });
    expect(run).toMatchObject({ ignoreMealAssignments: true, minimumDistanceInMeters: 100 });
    expect((await finished(dinner, run.optimizationId)).status).toBe('FINISHED');
    const preview: OptimizationPreview = (
      await call(server, 'GET', optimizationPath(dinner.adminId, `/${run.optimizationId}/preview`))
    ).json;
    expect(preview.totalMetersAfter).toBeLessThanOrEqual(preview.totalMetersBefore);
    expect((await call(server, 'PUT', optimizationPath(dinner.adminId, `/${run.optimizationId}`))).status).toBe(200);
    const teams = await readTeams(server, dinner.adminId);
    for (const route of preview.routes)
      expect(teams.teams.find((t) => t.id === route.teamId)!.meal.id).toBe(route.mealIdAfter);
    await expectMeetOnceRoutes(server, dinner.id, 3);
  });

  it('refuses a bad request naming every problem', async () => {
    const { dinner } = await cityDinner();
    await expectIssues(
      (headers) =>
        call(
          server,
          'POST',
          optimizationPath(dinner.adminId),
          { ignoreMealAssignments: 'yes', minimumDistanceInMeters: -5, speed: 'max' },
          headers,
        ),
      [
        { field: 'ignoreMealAssignments', en: 'Invalid value', de: 'Ungültiger Wert' },
        { field: 'minimumDistanceInMeters', en: 'Invalid value', de: 'Ungültiger Wert' },
        { field: 'speed', en: 'Unknown field', de: 'Unbekanntes Feld' },
      ],
    );
  });
});

const predictOf = async (dinner: TeamDinner): Promise<OptimizationPredictionResponse> =>
  (await call(server, 'GET', optimizationPath(dinner.adminId, '/predict'))).json;

describe('a proposal kept on the server', () => {
  it('is named to any client until it is applied', async () => {
    const { dinner } = await cityDinner();
    expect((await predictOf(dinner)).proposalOptimizationId).toBeNull();
    const run = await start(dinner);
    expect((await finished(dinner, run.optimizationId)).status).toBe('FINISHED');
    // A second client (another browser, the organiser's phone) knows nothing but the admin link.
    const elsewhere = await predictOf(dinner);
    expect(elsewhere).toMatchObject({ runningOptimizationIds: [], proposalOptimizationId: run.optimizationId });
    const preview = await call(server, 'GET', optimizationPath(dinner.adminId, `/${run.optimizationId}/preview`));
    expect(preview.status, preview.text).toBe(200);
    expect((await call(server, 'PUT', optimizationPath(dinner.adminId, `/${run.optimizationId}`))).status).toBe(200);
    expect((await predictOf(dinner)).proposalOptimizationId).toBeNull();
  });

  it('is the latest one, gone once discarded, and no longer named once the teams changed', async () => {
    const { dinner, teams } = await cityDinner();
    const first = await start(dinner);
    await finished(dinner, first.optimizationId);
    const second = await start(dinner, { ignoreMealAssignments: true });
    await finished(dinner, second.optimizationId);
    expect((await predictOf(dinner)).proposalOptimizationId).toBe(second.optimizationId);
    // Discarded where it shows, told on the dinner's stream for the browsers that show it too.
    const dinnerStream = await openSse(server, `/runningdinnerservice/v1/runningdinner/${dinner.adminId}/events`);
    expect((await call(server, 'DELETE', optimizationPath(dinner.adminId, `/${second.optimizationId}`))).status).toBe(
      200,
    );
    await dinnerStream.until((s) =>
      received(s).some((e) => e.type === 'optimization' && e.data.status === 'CANCELLED'),
    );
    dinnerStream.close();
    expect((await predictOf(dinner)).proposalOptimizationId).toBe(first.optimizationId);
    // A team change outdates it: no client is offered it any more.
    const [a, b] = [teams.teams[0].teamMembers[0].id, teams.teams[1].teamMembers[0].id];
    expect((await call(server, 'PUT', teamsPath(dinner.adminId, `/teammembers/swap/${a}/${b}`))).status).toBe(200);
    expect((await predictOf(dinner)).proposalOptimizationId).toBeNull();
    expect((await status(dinner, first.optimizationId)).outdated).toBe(true);
  });
});

describe('limits, cancel and changes', () => {
  it('runs at most two per event at a time (429, retry in a few minutes); cancelling stops a run and ends its stream', async () => {
    const { dinner } = await cityDinner(90);
    // The first run searches a minute (as ROUTE_OPTIMIZATION_SECONDS would say), so it is surely cancelled while it
    // runs, however busy the machine; the second has its size's budget and finishes.
    server.deps.config.routeOptimizationSeconds = 60;
    const first = await start(dinner).finally(() => {
      server.deps.config.routeOptimizationSeconds = null;
    });
    expect(first.budgetSeconds).toBe(60);
    const stream = await openSse(server, streamPath(dinner.adminId, first.optimizationId));
    // The same request again joins the run that searches it; another request is a second run.
    expect((await start(dinner)).optimizationId).toBe(first.optimizationId);
    const second = await start(dinner, { ignoreMealAssignments: true });
    const refused = await call(server, 'POST', optimizationPath(dinner.adminId), {
      ignoreMealAssignments: true,
      minimumDistanceInMeters: 500,
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('180');
    expect(refused.json).toEqual({
      code: 'too_many_optimizations',
      message: 'Two optimisations of this event are already running. Please retry in a few minutes.',
    });
    const prediction: OptimizationPredictionResponse = (
      await call(server, 'GET', optimizationPath(dinner.adminId, '/predict'))
    ).json;
    expect(prediction.runningOptimizationIds.sort()).toEqual([first.optimizationId, second.optimizationId].sort());

    expect(stream.status).toBe(200);
    const cancelled = await call(server, 'DELETE', optimizationPath(dinner.adminId, `/${first.optimizationId}`));
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.status).toBe('CANCELLED');
    await stream.until((s) => s.ended());
    expect(received(stream).at(-1)!.type).toBe('cancelled');
    // The worker's late result does not bring it back.
    expect((await finished(dinner, second.optimizationId)).status).toBe('FINISHED');
    expect((await status(dinner, first.optimizationId)).status).toBe('CANCELLED');
    expect(
      (await call(server, 'GET', optimizationPath(dinner.adminId, `/${first.optimizationId}/preview`))).status,
    ).toBe(409);
    expect((await call(server, 'DELETE', optimizationPath(dinner.adminId, `/${first.optimizationId}`))).json.code).toBe(
      'optimization_over',
    );
    // Discarding a proposal.
    const discarded = await call(server, 'DELETE', optimizationPath(dinner.adminId, `/${second.optimizationId}`));
    expect(discarded.json.status).toBe('CANCELLED');
    expect((await call(server, 'PUT', optimizationPath(dinner.adminId, `/${second.optimizationId}`))).json.code).toBe(
      'optimization_not_finished',
    );
  });

  it('refuses to apply once the teams changed since the run started', async () => {
    const { dinner, teams } = await cityDinner();
    const before = await storedRoutes(dinner);
    const run = await start(dinner);
    expect((await finished(dinner, run.optimizationId)).status).toBe('FINISHED');
    const [a, b] = [teams.teams[0].teamMembers[0].id, teams.teams[1].teamMembers[0].id];
    expect((await call(server, 'PUT', teamsPath(dinner.adminId, `/teammembers/swap/${a}/${b}`))).status).toBe(200);
    expect((await status(dinner, run.optimizationId)).outdated).toBe(true);
    await expectRefusal(
      (headers) => call(server, 'PUT', optimizationPath(dinner.adminId, `/${run.optimizationId}`), undefined, headers),
      409,
      'teams_changed',
      'The teams changed since this optimisation started, so its routes no longer fit. Run it again.',
      'Die Teams haben sich seit dem Start dieser Optimierung geändert, ihre Routen passen nicht mehr. Starte sie erneut.',
    );
    expect(await storedRoutes(dinner)).toEqual(before);
  });

  it("answers 404 for another event's run and for unknown ids", async () => {
    const { dinner } = await cityDinner();
    const other = await cityDinner();
    const run = await start(dinner);
    for (const [method, suffix] of [
      ['GET', `/${run.optimizationId}/status`],
      ['GET', `/${run.optimizationId}/preview`],
      ['PUT', `/${run.optimizationId}`],
      ['DELETE', `/${run.optimizationId}`],
      ['GET', `/${crypto.randomUUID()}/status`],
    ] as const) {
      await expectRefusal(
        (headers) => call(server, method, optimizationPath(other.dinner.adminId, suffix), undefined, headers),
        ...NOT_FOUND,
      );
    }
    expect((await openSse(server, streamPath(other.dinner.adminId, run.optimizationId))).status).toBe(404);
    expect((await status(dinner, run.optimizationId)).optimizationId).toBe(run.optimizationId);
    await finished(dinner, run.optimizationId);
  });
});

describe('automatic runs', () => {
  it('optimises right away when teams are generated with the short-distances option, told on the dinner stream and its own', async () => {
    const body = withOptions({ considerShortestPaths: true }, createBody());
    const dinner = await dinnerWithParticipants(server, 36, { body, overrides: cityPlaces(36) });
    const dinnerStream = await openSse(server, `/runningdinnerservice/v1/runningdinner/${dinner.adminId}/events`);
    const teams = await generateTeams(server, dinner.adminId);
    const id = teams.routeOptimizationId!;
    expect(id).toEqual(expect.any(String));
    const designed = await storedRoutes(dinner);
    // Its stream goes on past `finished` until the run applied itself.
    const stream = await openSse(server, streamPath(dinner.adminId, id));
    expect(stream.status).toBe(200);
    await stream.until((s) => s.ended(), 20_000);
    expect(
      received(stream)
        .map((e) => e.type)
        .slice(-2),
    ).toEqual(['finished', 'applied']);
    expect(await status(dinner, id)).toMatchObject({ status: 'APPLIED', automatic: true });
    expect(await storedRoutes(dinner)).not.toEqual(designed);
    await expectMeetOnceRoutes(server, dinner.id, 3);
    await dinnerStream.until((s) => received(s).some((e) => e.type === 'optimization' && e.data.status === 'APPLIED'));
    const told = received(dinnerStream).filter((e) => e.type === 'optimization');
    expect(told.map((e) => e.data)).toEqual(
      ['RUNNING', 'FINISHED', 'APPLIED'].map((status) => ({ optimizationId: id, status, automatic: true })),
    );
    dinnerStream.close();
  });

  it('fails, and ends its stream, when the dinner was cancelled before it could apply itself', async () => {
    const body = withOptions({ considerShortestPaths: true }, createBody());
    const dinner = await dinnerWithParticipants(server, 36, { body, overrides: cityPlaces(36) });
    const id = (await generateTeams(server, dinner.adminId)).routeOptimizationId!;
    const stream = await openSse(server, streamPath(dinner.adminId, id));
    expect((await call(server, 'DELETE', adminPath(dinner.adminId))).status).toBe(200);
    await stream.until((s) => s.ended(), 20_000);
    expect(received(stream).at(-1)!.type).toBe('failed');
    expect(await status(dinner, id)).toMatchObject({ status: 'FAILED', failure: 'error' });
  });

  it('re-optimises when teams from the waiting list join optimised routes, and says so', async () => {
    const { dinner } = await cityDinner();
    const run = await start(dinner);
    await finished(dinner, run.optimizationId);
    expect((await call(server, 'PUT', optimizationPath(dinner.adminId, `/${run.optimizationId}`))).status).toBe(200);
    const waiting = await insertParticipants(server, dinner.id, 6, (n) => cityPlaces(42)(n));
    const res = await call(server, 'PUT', waitingListPath(dinner.adminId, '/generate-new-teams'), {
      participants: waiting,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.routeOptimizationId).toEqual(expect.any(String));
    let state = await finished(dinner, res.json.routeOptimizationId);
    const deadline = Date.now() + 5_000;
    while (state.status === 'FINISHED' && Date.now() < deadline)
      state = await status(dinner, res.json.routeOptimizationId);
    expect(state.status).toBe('APPLIED');
    await expectMeetOnceRoutes(server, dinner.id, 3);
  });
});
