import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBody, createDinner, participantInput, participantsPath } from '../support/factories.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const registrationsPath = (adminId: string, query = '') =>
  `/participantservice/v1/runningdinner/${adminId}/participants/registrations${query}`;

/** Stores `count` participants registered one minute apart, every third one not yet activated. */
async function register(adminId: string, count: number) {
  const { id } = await server.deps.db
    .selectFrom('running_dinner')
    .select('id')
    .where('admin_id', '=', adminId)
    .executeTakeFirstOrThrow();
  const start = Date.parse('2026-01-01T10:00:00.000Z');
  const rows = Array.from({ length: count }, (_, i) => {
    const at = new Date(start + i * 60_000).toISOString();
    return {
      id: crypto.randomUUID(),
      running_dinner_id: id,
      participant_number: i + 1,
      firstname_part: `Vorname${i + 1}`,
      lastname: `Nachname${i + 1}`,
      email: `p${i + 1}@example.org`,
      street: 'Hauptstraße',
      street_nr: String(i + 1),
      zip: '79100',
      city_name: 'Freiburg',
      gender: 'UNDEFINED' as const,
      mobile_number: '',
      address_remarks: '',
      lat: null,
      lng: null,
      age: -1,
      num_seats: -1,
      vegetarian: 0 as const,
      lactose: 0 as const,
      gluten: 0 as const,
      vegan: 0 as const,
      meal_specifics_note: '',
      notes: '',
      team_partner_wish_email: null,
      team_partner_wish_originator_id: null,
      team_id: null,
      language_code: 'de' as const,
      activated_at: i % 3 === 2 ? null : at,
      created_at: at,
      updated_at: at,
    };
  });
  await server.deps.db.insertInto('participant').values(rows).execute();
}

describe('the latest registrations', () => {
  it('come newest first, 20 per page, with whether more follow', async () => {
    const { adminId } = (await createDinner(server)).runningDinner;
    await register(adminId, 45);
    const numbers = (page: { registrations: { lastname: string }[] }) =>
      page.registrations.map((r) => Number(r.lastname.slice(8)));

    const first = await call(server, 'GET', registrationsPath(adminId));
    expect(first.status).toBe(200);
    expect(first.json.page).toBe(0);
    expect(first.json.hasMore).toBe(true);
    expect(numbers(first.json)).toEqual(Array.from({ length: 20 }, (_, i) => 45 - i));
    expect(first.json.registrations[0]).toEqual({
      participantId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      firstnamePart: 'Vorname45',
      lastname: 'Nachname45',
      email: 'p45@example.org',
      createdAt: '2026-01-01T10:44:00.000Z',
      activated: false,
    });
    expect(first.json.registrations[1].activated).toBe(true);

    const second = await call(server, 'GET', registrationsPath(adminId, '?page=1'));
    expect(numbers(second.json)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
    expect(second.json).toMatchObject({ page: 1, hasMore: true });

    const third = await call(server, 'GET', registrationsPath(adminId, '?page=2'));
    expect(numbers(third.json)).toEqual([5, 4, 3, 2, 1]);
    expect(third.json).toMatchObject({ page: 2, hasMore: false });

    expect((await call(server, 'GET', registrationsPath(adminId, '?page=3'))).json).toEqual({
      registrations: [],
      page: 3,
      hasMore: false,
    });
  });

  it('answer exactly 20 on one page without claiming more', async () => {
    const { adminId } = (await createDinner(server)).runningDinner;
    await register(adminId, 20);
    const res = await call(server, 'GET', registrationsPath(adminId));
    expect(res.json.registrations).toHaveLength(20);
    expect(res.json.hasMore).toBe(false);
  });

  it('show only the participants of this dinner', async () => {
    const demo = (
      await createDinner(server, {
        ...createBody({ runningDinnerType: 'DEMO', registrationType: 'CLOSED' }),
        publicSettings: null,
        contract: null,
      })
    ).runningDinner;
    const empty = (await createDinner(server)).runningDinner;
    expect((await call(server, 'GET', registrationsPath(empty.adminId))).json).toEqual({
      registrations: [],
      page: 0,
      hasMore: false,
    });
    const res = await call(server, 'GET', registrationsPath(demo.adminId));
    expect(res.json.registrations).toHaveLength(18);
    expect(
      res.json.registrations.every((r: { email: string }) => r.email.endsWith('@demo.runningdinner.invalid')),
    ).toBe(true);
  });

  it('include the participants the organiser adds, confirmed, and lose the ones deleted', async () => {
    const { adminId } = (await createDinner(server)).runningDinner;
    const added = [];
    for (const email of ['a@example.org', 'b@example.org']) {
      added.push(
        (
          await call(
            server,
            'POST',
            participantsPath(adminId, '/participant'),
            participantInput({ lastname: email[0], email }),
          )
        ).json,
      );
    }
    await call(server, 'DELETE', participantsPath(adminId, `/participant/${added[0].id}`));
    const res = await call(server, 'GET', registrationsPath(adminId));
    expect(res.json.registrations).toEqual([
      {
        participantId: added[1].id,
        firstnamePart: 'Jonas',
        lastname: 'b',
        email: 'b@example.org',
        createdAt: added[1].createdAt,
        activated: true,
      },
    ]);
  });

  it.each(['-1', 'one', '1.5', ''])('refuse the page %j', async (page) => {
    const { adminId } = (await createDinner(server)).runningDinner;
    const res = await call(server, 'GET', registrationsPath(adminId, `?page=${page}`));
    expect(res.status).toBe(406);
    expect(res.json).toEqual({ issues: [{ field: 'page', message: 'Invalid value' }] });
  });
});
