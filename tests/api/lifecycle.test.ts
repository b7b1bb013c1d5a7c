import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetention } from '../../server/features/events/event-retention.js';
import { adminPath, afterParty, createBody, createDinner, inDays } from '../support/factories.js';
import { call, DAY_MS, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const CHILD_TABLES = [
  'meal',
  'participant',
  'team',
  'route_visit',
  'message_job',
  'message_task',
  'activity',
  'payment_option',
  'payment_order',
  'route_optimization',
] as const;

const acknowledgeIdOf = async (adminId: string) =>
  (
    await server.deps.db
      .selectFrom('running_dinner')
      .select('acknowledge_id')
      .where('admin_id', '=', adminId)
      .executeTakeFirstOrThrow()
  ).acknowledge_id;

/** Every change an organiser can make, each with a body that a writable dinner accepts. */
async function changes(adminId: string, date: string): Promise<[string, string, unknown?][]> {
  const body = createBody({ date });
  return [
    ['PUT', '/meals', { meals: body.options.meals }],
    ['PUT', '/basicsettings', { basicDetails: body.basicDetails }],
    ['PUT', '/publicsettings', body.publicSettings],
    ['PUT', '/publicsettings/registration/false'],
    ['PUT', `/acknowledge/${await acknowledgeIdOf(adminId)}`],
    ['PUT', '/resend-runningdinner-created-message', {}],
    ['PUT', '/afterpartylocation', afterParty(`${date}T23:59`)],
    ['DELETE', '/afterpartylocation'],
    ['DELETE', ''],
  ];
}

async function expectEveryChangeRefused(adminId: string, date: string, expected: { code: string; message: string }) {
  for (const [method, suffix, body] of await changes(adminId, date)) {
    const res = await call(server, method, adminPath(adminId, suffix), body);
    expect({ method, suffix, status: res.status, json: res.json }).toEqual({
      method,
      suffix,
      status: 409,
      json: expected,
    });
  }
}

describe("confirming the organiser's address", () => {
  it('answers an already confirmed dinner for any link, keeping the first date, but refuses a wrong link before', async () => {
    const { adminId } = (await createDinner(server)).runningDinner;
    const wrong = `/acknowledge/${crypto.randomUUID()}`;
    expect((await call(server, 'PUT', adminPath(adminId, wrong))).json.code).toBe('wrong_acknowledge_link');
    const confirmed = await call(server, 'PUT', adminPath(adminId, `/acknowledge/${await acknowledgeIdOf(adminId)}`));
    expect(confirmed.json.messagingLocked).toBe(false);

    const again = await call(server, 'PUT', adminPath(adminId, wrong));
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ messagingLocked: false, acknowledgedDate: confirmed.json.acknowledgedDate });
    const types = (await call(server, 'GET', adminPath(adminId, '/activities'))).json.activities.map(
      (a: { type: string }) => a.type,
    );
    expect(types).toEqual(['DINNER_ACKNOWLEDGED', 'DINNER_CREATED']);
  });
});

describe('a cancelled running dinner', () => {
  it('refuses every change with 409 while GET still answers it with the reason', async () => {
    const date = inDays(30);
    const { adminId } = (await createDinner(server, createBody({ date }))).runningDinner;
    await call(server, 'DELETE', adminPath(adminId));
    const before = await call(server, 'GET', adminPath(adminId));
    await expectEveryChangeRefused(adminId, date, {
      code: 'dinner_cancelled',
      message: 'This running dinner was cancelled and can no longer be changed',
    });
    const after = await call(server, 'GET', adminPath(adminId));
    expect(after.status).toBe(200);
    expect(after.json.readOnlyReason).toBe('CANCELLED');
    expect(after.json).toEqual(before.json);
    expect((await call(server, 'GET', adminPath(adminId, '/activities'))).status).toBe(200);
  });
});

describe('a running dinner whose date has passed', () => {
  it('refuses every change with 409 while GET still answers it with the reason', async () => {
    const clock = server.clock;
    const date = inDays(1);
    const { adminId } = (await createDinner(server, createBody({ date }))).runningDinner;
    expect((await call(server, 'GET', adminPath(adminId))).json.readOnlyReason).toBeNull();
    clock.advance(2 * DAY_MS);
    try {
      const res = await call(server, 'GET', adminPath(adminId));
      expect(res.status).toBe(200);
      expect(res.json.readOnlyReason).toBe('DATE_PASSED');
      await expectEveryChangeRefused(adminId, date, {
        code: 'dinner_date_passed',
        message: 'This running dinner has already taken place and can no longer be changed',
      });
    } finally {
      clock.advance(-2 * DAY_MS);
    }
  });
});

describe('the scheduled clean-up', () => {
  // A server of its own: the count of deleted dinners must not include those cancelled by other tests.
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('deletes a cancelled dinner with all its rows 2 days after the cancellation, and its link then answers 404', async () => {
    const demo = {
      ...createBody({ runningDinnerType: 'DEMO', registrationType: 'CLOSED' }),
      publicSettings: null,
      contract: null,
    };
    const { adminId } = (await createDinner(server, demo)).runningDinner;
    const kept = (await createDinner(server)).runningDinner.adminId;
    const { id } = await server.deps.db
      .selectFrom('running_dinner')
      .select('id')
      .where('admin_id', '=', adminId)
      .executeTakeFirstOrThrow();
    await call(server, 'DELETE', adminPath(adminId));
    const rowsOf = async () => {
      const counts: Record<string, number> = {};
      for (const table of CHILD_TABLES) {
        const row = await server.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('running_dinner_id', '=', id)
          .executeTakeFirstOrThrow();
        counts[table] = Number(row.n);
      }
      return counts;
    };
    expect(await rowsOf()).toMatchObject({ meal: 3, participant: 18, activity: 3, message_task: 1 });

    server.clock.advance(2 * DAY_MS - 60_000);
    expect((await applyRetention(server.deps)).deleted).toBe(0);
    expect((await call(server, 'GET', adminPath(adminId))).status).toBe(200);

    server.clock.advance(2 * 60_000);
    expect((await applyRetention(server.deps)).deleted).toBe(1);
    expect(await rowsOf()).toEqual(Object.fromEntries(CHILD_TABLES.map((t) => [t, 0])));
    expect(await server.deps.db.selectFrom('running_dinner').select('id').where('id', '=', id).execute()).toEqual([]);
    const gone = await call(server, 'GET', adminPath(adminId));
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({
      code: 'not_found',
      message: 'Not found: the link is wrong or the running dinner no longer exists',
    });
    expect((await call(server, 'GET', adminPath(kept))).status).toBe(200);
  });
});
