import { expect, test } from '../support/axe.js';
import { inEnglish, shoot, teamOfRegistrant, text } from '../support/e2e.js';
import { adminPath, afterParty } from '../support/factories.js';

// The participant's dinner-route page, the link of the dinner-route mail, in Chromium: the three stops in meal
// order, the own stop marked, and the map. Its path holds the participant's secret ids, so map tiles must be
// requested without a Referer (RELIABILITY #18); and the page must still work when no tile loads.

inEnglish();

/** The host of the default TILE_URL (https://tile.openstreetmap.org/{z}/{x}/{y}.png); the test server sets none. */
const TILES = 'https://tile.openstreetmap.org/**';

test('a participant sees the dinner route, whose map asks for tiles without a Referer and copes when none loads', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const { adminId, date, selfAdminId, participantId, team } = await teamOfRegistrant(page, request, {
    email: `route.${Date.now()}@example.org`,
    firstnamePart: 'Rosa',
    lastname: 'Route',
    gender: 'FEMALE',
    numSeats: 8,
  });
  // The participants have no known positions; the after-party has one, so the map shows (and loads tiles).
  const party = await request.put(`/rest${adminPath(adminId, '/afterpartylocation')}`, {
    data: afterParty(`${date}T23:59`),
  });
  expect(party.status(), await party.text()).toBe(200);

  // Every tile request is answered with a network error, after noting whether it carried a Referer.
  const tileRequests: { url: string; referer: string | undefined }[] = [];
  await page.route(TILES, async (route) => {
    const headers = await route.request().allHeaders();
    tileRequests.push({ url: route.request().url(), referer: headers.referer });
    await route.abort('internetdisconnected');
  });
  await page.goto(`/self/${selfAdminId}/dinnerroute/${participantId}/${team.id}`);
  await expect(page.getByTestId('self-route-page')).toBeVisible();

  // The three stops in the order of the evening, each with its meal's time; Rosa's team hosts its own meal.
  const stops = page.getByTestId('route-stop');
  await expect(stops).toHaveCount(3);
  await expect(stops.locator('time')).toHaveText(['19:00', '21:00', '23:00']);
  await expect(stops).toContainText(['Vorspeise', 'Hauptgericht', 'Nachspeise']);
  const ownIndex = ['Vorspeise', 'Hauptgericht', 'Nachspeise'].indexOf(team.meal.label);
  expect(ownIndex).toBeGreaterThanOrEqual(0);
  await expect(stops.nth(ownIndex)).toHaveAttribute('data-own', 'true');
  await expect(stops.nth(ownIndex)).toContainText('Your team hosts');
  await expect(page.locator('[data-testid="route-stop"][data-own="true"]')).toHaveCount(1);
  await expect(page.getByTestId('route-after-party')).toContainText('23:59');

  // No tile loads: the page says so, and the map still shows the numbered after-party.
  await expect(page.getByTestId('route-tiles-failed')).toBeVisible();
  await expect(page.getByTestId('route-map').locator('.leaflet-marker-icon')).toHaveCount(1);
  expect(tileRequests.length).toBeGreaterThan(0);
  await shoot(page, 'self-route-en');

  // In German, as most participants read it.
  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Deine Dinner-Route'));
  await expect(page.getByTestId('route-stop')).toHaveCount(3);
  await expect(page.getByTestId('route-tiles-failed')).toBeVisible();
  await shoot(page, 'self-route-de');

  // Every tile request, on either load and at either width, came without a Referer.
  expect(tileRequests.length).toBeGreaterThan(1);
  expect(tileRequests.filter((r) => r.referer !== undefined)).toEqual([]);

  // The control: an image that asks to send the Referer does show one in these headers, so the check above
  // would see a leaked one.
  const control = 'https://tile.openstreetmap.org/0/0/0.png?referer-control';
  await page.evaluate((src) => {
    const image = new Image();
    image.referrerPolicy = 'unsafe-url';
    image.src = src;
  }, control);
  await expect
    .poll(() => tileRequests.find((r) => r.url === control)?.referer)
    .toContain(`/self/${selfAdminId}/dinnerroute/${participantId}/`);
});
