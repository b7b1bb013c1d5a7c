import { afterAll, describe, expect, it } from 'vitest';
import type { OptimizationState } from '../../contract/route-optimization.js';
import { cityTeams } from '../../domain/routes/city.js';
import { type ChildServer, startChildServer } from '../support/child-server.js';
import { createBody, participantInput } from '../support/factories.js';
import { onPostgres } from '../support/postgres.js';
import { openSse } from '../support/sse-client.js';
import { call } from '../support/test-server.js';

const PARTICIPANTS = 54;
/** Each run searches a minute, far longer than a stop may take. */
const LONG_RUNS = { ROUTE_OPTIMIZATION_SECONDS: '60' };

// The only instance (SQLite) marks its runs interrupted; several instances on PostgreSQL take them over (tests/cluster).
describe.skipIf(onPostgres)('a server stopped while route optimisations run', () => {
  let server: ChildServer | undefined;
  afterAll(() => server?.stop());

  it('marks the run failed (interrupted) at the next start, the event may start new runs, and SIGTERM does not wait for a search', async () => {
    const first = await startChildServer(LONG_RUNS);
    const created = await call(first, 'POST', '/wizardservice/v1/create', {
      ...createBody({ languageCode: 'en' }),
      email: 'organiser@example.org',
    });
    expect(created.status, created.text).toBe(200);
    const adminId: string = created.json.runningDinner.adminId;
    const places = cityTeams(PARTICIPANTS, 3, 5);
    for (let i = 0; i < PARTICIPANTS; i++) {
      const res = await call(first, 'POST', `/participantservice/v1/runningdinner/${adminId}/participant`, {
        ...participantInput({ email: `guest${i}@example.org`, firstnamePart: `Guest${i}` }),
        geocodingResult: places[i].position,
      });
      expect(res.status, res.text).toBe(200);
    }
    expect((await call(first, 'POST', `/teamservice/v1/runningdinner/${adminId}`)).status).toBe(200);
    const optimization = (suffix = '') => `/dinnerrouteservice/v1/runningdinner/${adminId}/optimization${suffix}`;
    const started = await call(first, 'POST', optimization(), {});
    expect(started.status, started.text).toBe(202);
    const run: OptimizationState = started.json;
    expect(run.budgetSeconds).toBe(60);
    first.child.kill('SIGKILL');
    await first.exited;

    server = await startChildServer(LONG_RUNS, { dataDir: first.dataDir });
    expect(server.output()).toContain('1 route optimisation(s) were interrupted by the last stop');
    const state: OptimizationState = (await call(server, 'GET', optimization(`/${run.optimizationId}/status`))).json;
    expect(state).toMatchObject({ status: 'FAILED', failure: 'interrupted' });
    expect(
      (await openSse(server, `/dinnerrouteservice/v1/runningdinner/${adminId}/${run.optimizationId}/subscribe`)).status,
    ).toBe(204);
    for (const request of [{}, { ignoreMealAssignments: true }])
      expect((await call(server, 'POST', optimization(), request)).status).toBe(202);
    expect(
      (await call(server, 'POST', optimization(), { ignoreMealAssignments: true, minimumDistanceInMeters: 500 }))
        .status,
    ).toBe(429);

    // SIGTERM while both search: they end at once, so the server exits by itself (the deadline would exit 1).
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server = await startChildServer(LONG_RUNS, { dataDir: first.dataDir });
    expect(server.output()).toContain('2 route optimisation(s) were interrupted by the last stop');
  }, 90_000);
});
