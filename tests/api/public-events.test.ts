import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../server/lib/local-dates.js';
import { call, DAY_MS, startTestServer, type TestServer } from '../support/test-server.js';
import { adminPath, afterParty, createBody, createDinner, inDays } from '../support/factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const publicList = async () => {
  const res = await call(server, 'GET', '/frontend/v1/runningdinner');
  expect(res.status).toBe(200);
  return res.json as { publicDinnerId: string; title: string }[];
};
const titled = (title: string, changes: Parameters<typeof createBody>[0] = {}) => {
  const body = createBody(changes);
  return { ...body, publicSettings: { ...body.publicSettings, title } };
};
/** Titles in list order, without the dinner of the first test. */
const listedTitles = async () => (await publicList()).map((d) => d.title).filter((t) => t !== 'Öffentlich mit Party');

describe('the public events list', () => {
  it('shows only public data of a public dinner open for registration', async () => {
    const body = titled('Öffentlich mit Party', { date: inDays(20) });
    const date = body.basicDetails.date;
    const { runningDinner } = await createDinner(server, { ...body, afterPartyLocation: afterParty(`${date}T23:59`) });
    const listed = (await publicList()).find((d) => d.publicDinnerId === runningDinner.publicSettings.publicDinnerId);
    expect(listed).toEqual({
      publicDinnerId: runningDinner.publicSettings.publicDinnerId,
      publicDinnerUrl: `${server.baseUrl}/running-dinner-events/${runningDinner.publicSettings.publicDinnerId}`,
      title: 'Öffentlich mit Party',
      description: 'Drei Gänge, drei Küchen, viele neue Leute.',
      city: 'Freiburg',
      zip: '79100',
      date,
      endOfRegistrationDate: addDays(date, -5),
      meals: [
        { label: 'Vorspeise', time: `${date}T19:00` },
        { label: 'Hauptgericht', time: `${date}T21:00` },
        { label: 'Nachspeise', time: `${date}T23:00` },
      ],
      afterPartyLocation: afterParty(`${date}T23:59`),
      publicContactName: 'Clara Öztürk',
      publicContactEmail: 'orga@example.org',
    });
    const text = JSON.stringify(await publicList());
    expect(text).not.toContain(runningDinner.adminId);
    expect(text).not.toContain('Tullastraße 61');
    expect(text).not.toContain('Weihnachtsdinner Wiehre');
  });

  it('leaves out closed, open, demo, deactivated, cancelled, past-deadline and past dinners, and lists the rest soonest first', async () => {
    await createDinner(server, { ...titled('Demo', { runningDinnerType: 'DEMO' }), contract: null });
    await createDinner(server, titled('Später', { date: inDays(40) }));
    await createDinner(server, titled('Früher', { date: inDays(10) }));
    await createDinner(server, titled('Geschlossen', { registrationType: 'CLOSED' }));
    await createDinner(server, titled('Geheimer Link', { registrationType: 'OPEN' }));
    const deactivated = (await createDinner(server, titled('Pausiert'))).runningDinner.adminId;
    await call(server, 'PUT', adminPath(deactivated, '/publicsettings/registration/false'));
    const cancelled = (await createDinner(server, titled('Abgesagt'))).runningDinner.adminId;
    await call(server, 'DELETE', adminPath(cancelled));
    const deadlineToday = titled('Anmeldeschluss heute', { date: inDays(3) });
    await createDinner(server, { ...deadlineToday, publicSettings: { ...deadlineToday.publicSettings, endOfRegistrationDate: inDays(0) } });
    const tomorrow = titled('Morgen', { date: inDays(1) });
    await createDinner(server, { ...tomorrow, publicSettings: { ...tomorrow.publicSettings, endOfRegistrationDate: inDays(1) } });

    expect(await listedTitles()).toEqual(['Morgen', 'Anmeldeschluss heute', 'Früher', 'Später']);

    server.clock.advance(DAY_MS);
    try {
      expect(await listedTitles()).toEqual(['Morgen', 'Früher', 'Später']);
      server.clock.advance(DAY_MS);
      expect(await listedTitles()).toEqual(['Früher', 'Später']);
    } finally {
      server.clock.advance(-2 * DAY_MS);
    }
  });
});
