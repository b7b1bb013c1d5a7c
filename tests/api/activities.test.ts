import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPath, registrationForm } from '../support/factories.js';
import { addParticipant } from '../support/participants.js';
import { createPublicDinner, type PublicDinner, register } from '../support/registration.js';
import { call, DAY_MS, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const activities = (adminId: string, query = '') => call(server, 'GET', adminPath(adminId, `/activities${query}`));

async function registerGuest(dinner: PublicDinner, n: number, fields: Record<string, unknown> = {}) {
  const res = await register(
    server,
    dinner,
    registrationForm({
      firstnamePart: `Gast${n}`,
      lastname: `Müller-Lüdenscheidt${n}`,
      email: `gast${n}@example.org`,
      ...fields,
    }),
  );
  expect(res.status, res.text).toBe(200);
}

/** 40 registrations, four a day over ten days: ten bursts and the creation. */
async function dinnerWithFortyRegistrations() {
  const dinner = await createPublicDinner(server);
  const start = server.clock.now();
  try {
    for (let n = 1; n <= 40; n++) {
      await registerGuest(dinner, n);
      if (n % 4 === 0) server.clock.advance(DAY_MS);
    }
  } finally {
    server.clock.advance(start.getTime() - server.clock.now().getTime());
  }
  return dinner;
}

describe('the activity list', () => {
  it('answers ten entries a page, newest first, and whether there are more', async () => {
    const dinner = await dinnerWithFortyRegistrations();
    const first = await activities(dinner.adminId);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ page: 0, hasMore: true });
    expect(first.json.activities).toHaveLength(10);
    expect(first.json.activities.every((a: { type: string }) => a.type === 'REGISTRATION_BURST')).toBe(true);
    expect(first.json.activities[0]).toMatchObject({
      origin: 'PARTICIPANT',
      names: [
        'Gast40 Müller-Lüdenscheidt40',
        'Gast39 Müller-Lüdenscheidt39',
        'Gast38 Müller-Lüdenscheidt38',
        'Gast37 Müller-Lüdenscheidt37',
      ],
    });
    expect(first.json.activities[0].day > first.json.activities[1].day).toBe(true);

    const second = await activities(dinner.adminId, '?page=1');
    expect(second.json).toMatchObject({ page: 1, hasMore: false, activities: [{ type: 'DINNER_CREATED' }] });
    expect((await activities(dinner.adminId, '?page=2')).json).toEqual({ page: 2, hasMore: false, activities: [] });
  });

  it('folds consecutive registrations of one day and origin into one burst, and leaves a single one alone', async () => {
    const dinner = await createPublicDinner(server);
    await registerGuest(dinner, 1);
    await registerGuest(dinner, 2, { teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' } });
    await registerGuest(dinner, 3);
    await call(server, 'PUT', adminPath(dinner.adminId, '/publicsettings/registration/true'));
    await registerGuest(dinner, 4);
    await addParticipant(server, dinner.adminId, {
      firstnamePart: 'Jörg',
      lastname: 'Weiß',
      email: 'joerg@example.org',
    });
    await addParticipant(server, dinner.adminId, {
      firstnamePart: 'Ülkü',
      lastname: 'Öztürk',
      email: 'uelkue@example.org',
    });

    const res = await activities(dinner.adminId);
    const today = server.clock.today();
    expect(res.json.hasMore).toBe(false);
    expect(res.json.activities).toMatchObject([
      {
        type: 'REGISTRATION_BURST',
        origin: 'ORGANIZER',
        day: today,
        timeZone: 'Europe/Berlin',
        names: ['Ülkü Öztürk', 'Jörg Weiß'],
      },
      { type: 'PARTICIPANT_SUBSCRIBED', origin: 'PARTICIPANT', details: { name: 'Gast4 Müller-Lüdenscheidt4' } },
      { type: 'CUSTOM_ADMIN_CHANGE' },
      {
        type: 'REGISTRATION_BURST',
        origin: 'PARTICIPANT',
        day: today,
        names: ['Gast3 Müller-Lüdenscheidt3', 'Gast2 Müller-Lüdenscheidt2', 'Mia Roth', 'Gast1 Müller-Lüdenscheidt1'],
      },
      { type: 'DINNER_CREATED' },
    ]);
  });

  it('refuses a page that is not a number', async () => {
    const dinner = await createPublicDinner(server);
    const res = await activities(dinner.adminId, '?page=zwei');
    expect(res.status).toBe(406);
    expect(res.json.issues).toEqual([{ field: 'page', message: expect.any(String) }]);
  });
});
