import { expect, type Page, test } from '../support/axe.js';
import {
  createDinner,
  englishDate,
  inEnglish,
  moveToUnlocatedAddress,
  participantsApi,
  phone,
  shoot,
  teamsOf,
  text,
  textIn,
} from '../support/e2e.js';
import { afterParty } from '../support/factories.js';

// The route cockpit in Chromium on the demo dinner (18 participants with positions, 9 teams): every host on the
// map, the meal filter, the paths, the clusters, a marker found in the list, a team's single-route view, the
// after-party leaving the filter, and the empty state. No tile loads (every tile request fails at once), so the
// page must work without them.

inEnglish();

const TILES = 'https://tile.openstreetmap.org/**';

async function demoWithTeams(request: Parameters<typeof createDinner>[0], withAfterParty = false) {
  const dinner = await createDinner(request, { runningDinnerType: 'DEMO', registrationType: 'CLOSED' });
  const generated = await request.post(`/rest/teamservice/v1/runningdinner/${dinner.adminId}`);
  expect(generated.status(), await generated.text()).toBe(200);
  if (withAfterParty) {
    const teams = await teamsOf(request, dinner.adminId);
    const date = teams.teams[0].meal.time.slice(0, 10);
    const party = await request.put(
      `/rest/runningdinnerservice/v1/runningdinner/${dinner.adminId}/afterpartylocation`,
      { data: afterParty(`${date}T23:59`) },
    );
    expect(party.status(), await party.text()).toBe(200);
  }
  return dinner;
}

const map = (page: Page) => page.getByTestId('routes-map');
const markers = (page: Page) => map(page).getByTestId('map-place');
const lines = (page: Page) => map(page).locator('path.map-line');

// The controls are found by test id: their texts are new to the catalogs until they are translated.
const waysButton = (page: Page) => page.getByTestId('ways-filter').getByRole('button');

/** Picks an option of the ways shown: by its text (meal labels are data), or the first one, "all meals". */
async function chooseWays(page: Page, option: string | 0) {
  await waysButton(page).click();
  await (option === 0 ? page.getByRole('option').first() : page.getByRole('option', { name: textIn(option) })).click();
}

const toggle = (page: Page, testId: 'switch-paths' | 'switch-clusters' | 'switch-after-party') =>
  page.getByTestId(testId).getByRole('switch');

/** The Referer of every tile request of the test (undefined when none was sent). */
let tileReferers: (string | undefined)[] = [];
test.beforeEach(async ({ page }) => {
  tileReferers = [];
  await page.route(TILES, async (route) => {
    tileReferers.push((await route.request().allHeaders()).referer);
    await route.abort('internetdisconnected');
  });
});

test('every host of the demo dinner is on the map; the meal filter, the paths and the clusters change it', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  const { adminId } = await demoWithTeams(request);
  const teams = (await teamsOf(request, adminId)).teams;
  expect(teams).toHaveLength(9);
  await page.goto(`/admin/${adminId}`);
  await page.getByTestId('nav-routes').first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/dinnerroute$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Dinner routes'));

  // A marker per host, labelled with its team number, coloured by its meal; 9 teams × 2 ways.
  await expect(markers(page)).toHaveCount(9);
  await expect(markers(page)).toHaveText(
    teams.map((t) => String(t.teamNumber)),
    { useInnerText: true },
  );
  expect((await markers(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-group')))).sort()).toEqual([
    'meal-0',
    'meal-0',
    'meal-0',
    'meal-1',
    'meal-1',
    'meal-1',
    'meal-2',
    'meal-2',
    'meal-2',
  ]);
  await expect(lines(page)).toHaveCount(18);
  await expect(page.getByTestId('routes-counts')).toHaveAttribute('data-located', '9');
  await expect(page.getByTestId('routes-counts')).toHaveAttribute('data-count', '9');
  await expect(page.getByTestId('routes-tiles-failed')).toBeVisible();
  await expect(page.getByTestId('unresolved-addresses')).toHaveCount(0);
  await shoot(page, 'dinnerroutes-en');

  // The ways from the starter to the main course: the hosts of those two meals, one way per team.
  await chooseWays(page, 'Vorspeise → Hauptgericht');
  await expect(markers(page)).toHaveCount(6);
  await expect(lines(page)).toHaveCount(9);
  await chooseWays(page, 0);
  await expect(markers(page)).toHaveCount(9);
  await expect(lines(page)).toHaveCount(18);

  // The paths off and on again.
  await toggle(page, 'switch-paths').click();
  await expect(lines(page)).toHaveCount(0);
  await expect(markers(page)).toHaveCount(9);
  await toggle(page, 'switch-paths').click();
  await expect(lines(page)).toHaveCount(18);

  // Clusters: every marker is coloured by the group of teams that meet (here all nine meet, directly or not).
  const backgrounds = () => markers(page).evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
  const byMeal = await backgrounds();
  expect(new Set(byMeal).size).toBe(3);
  await toggle(page, 'switch-clusters').click();
  await expect
    .poll(async () =>
      (await markers(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-group')))).every((g) =>
        g?.startsWith('cluster-'),
      ),
    )
    .toBe(true);
  const byCluster = await backgrounds();
  expect(byCluster).not.toEqual(byMeal);
  await shoot(page, 'dinnerroutes-clusters-en');
  expect(new Set(byCluster).size).toBe(
    new Set(await markers(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-group')))).size,
  );
  await toggle(page, 'switch-clusters').click();

  // A marker's team is found in the list and highlighted.
  const team7 = teams.find((t) => t.teamNumber === 7)!;
  await map(page).locator(`[data-key="${team7.id}"]`).click();
  const entry = page.locator('[data-testid="route-team"][data-team-number="7"]');
  await expect(entry).toHaveAttribute('data-selected', 'true');
  await expect(entry).toBeInViewport();
  await expect(map(page).locator(`[data-key="${team7.id}"]`)).toHaveClass(/ring-4/);

  // The distances and the nearby hosts.
  await page.getByTestId('tab-distances').click();
  await expect(page.getByTestId('route-distance')).toHaveCount(9);
  await expect(page.getByTestId('distances-summary')).toContainText('km');
  await expect(page.getByTestId('distances-unknown')).toHaveCount(0);
  await expect(page.locator('[data-testid="route-distance"] li[data-longest]')).toHaveCount(9);
  await shoot(page, 'dinnerroutes-distances-en');
  await page.getByTestId('tab-nearby').click();
  await expect(page.getByTestId('nearby-empty')).toBeVisible();
  // The last range: closer than 1 000 m.
  // Chosen again if the list re-rendered under the click (it follows the dinner's live events).
  await expect(async () => {
    if ((await page.getByRole('listbox').count()) === 0)
      await page.getByTestId('nearby-range').getByRole('button').click();
    await page.getByRole('option').last().click({ timeout: 2_000 });
    await expect(page.getByTestId('nearby-range').getByRole('button')).toContainText(/1[,.\s\u202f]?000/, {
      timeout: 2_000,
    });
  }).toPass();
  await expect(page.getByTestId('nearby-pair').first()).toBeVisible();

  // The help.
  await page.getByTestId('routes-help-open').click();
  await expect(page.getByTestId('routes-help')).toBeVisible();
  await shoot(page, 'dinnerroutes-help-en', false);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('routes-help')).toHaveCount(0);

  // At 390 px the map stands above the list.
  await page.setViewportSize(phone);
  const mapBox = (await map(page).boundingBox())!;
  const listBox = (await page.getByTestId('routes-settings').boundingBox())!;
  expect(mapBox.y + mapBox.height).toBeLessThanOrEqual(listBox.y);
  expect(mapBox.width).toBeGreaterThan(300);

  // German.
  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(markers(page)).toHaveCount(9);
  await shoot(page, 'dinnerroutes-de');

  // The admin id in the page's path never reaches the tile server; nothing broke on the way.
  expect(tileReferers.length).toBeGreaterThan(0);
  expect(tileReferers.filter((referer) => referer !== undefined)).toEqual([]);
  expect(problems).toEqual([]);
});

test("a team's single-route view shows the team green and its hosts grey", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const { adminId } = await demoWithTeams(request);
  await page.goto(`/admin/${adminId}/dinnerroute`);
  await expect(markers(page)).toHaveCount(9);
  await page.locator('[data-testid="route-team"][data-team-number="1"]').getByTestId('team-route-link').click();
  const team1 = (await teamsOf(request, adminId)).teams.find((t) => t.teamNumber === 1)!;
  await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/dinnerroute/${team1.id}$`));
  await expect(page.getByTestId('route-team-page')).toHaveAttribute('data-team-number', '1');
  await expect(page.getByTestId('map-place')).toHaveCount(3);
  const own = page.locator('[data-testid="map-place"][data-group="own"]');
  await expect(own).toHaveCount(1);
  await expect(own).toHaveText('1');
  await expect(own).toHaveCSS('background-color', 'rgb(22, 101, 52)');
  const hosts = page.locator('[data-testid="map-place"][data-group="host"]');
  await expect(hosts).toHaveCount(2);
  // Tailwind's grey is an oklch colour: the class names it.
  for (const host of await hosts.all()) await expect(host).toHaveClass(/\bbg-gray-500\b/);
  await expect(page.locator('path.map-line')).toHaveCount(1);
  const stops = page.getByTestId('route-team-stop');
  await expect(stops).toHaveCount(3);
  await expect(stops.locator('time')).toHaveText(['19:00', '21:00', '23:00']);
  await expect(page.locator('[data-testid="route-team-stop"][data-own="true"]')).toHaveCount(1);
  await expect(page.getByTestId('route-team-total')).toContainText('km');
  await shoot(page, 'dinnerroute-team-en');

  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  await page.reload();
  await expect(page.getByTestId('route-team-stop')).toHaveCount(3);
  await expect(page.getByTestId('map-place')).toHaveCount(3);
  await shoot(page, 'dinnerroute-team-de');

  await page.getByTestId('back-to-routes').click();
  await expect(markers(page)).toHaveCount(9);
});

test("a team's single-route view ends with the after-party, its time, place and way, counted in the whole way", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const { adminId } = await demoWithTeams(request);
  const team1 = (await teamsOf(request, adminId)).teams.find((t) => t.teamNumber === 1)!;
  // After midnight: the time says its day.
  const day = new Date(`${team1.meal.time.slice(0, 10)}T12:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  const nextDay = day.toISOString().slice(0, 10);
  const party = await request.put(`/rest/runningdinnerservice/v1/runningdinner/${adminId}/afterpartylocation`, {
    data: afterParty(`${nextDay}T00:30`),
  });
  expect(party.status(), await party.text()).toBe(200);
  const distances = await (
    await request.get(`/rest/dinnerrouteservice/v1/runningdinner/${adminId}/distances/teams`)
  ).json();
  const route = distances.routes.find((r: { teamId: string }) => r.teamId === team1.id);

  await page.goto(`/admin/${adminId}/dinnerroute/${team1.id}`);
  await expect(page.getByTestId('map-place')).toHaveCount(4);
  const evening = page.getByRole('region', { name: 'The evening' }).getByRole('listitem');
  await expect(evening).toHaveCount(4);
  const last = evening.last();
  await expect(last).toHaveAttribute('data-testid', 'route-team-after-party');
  await expect(last.locator('time')).toHaveText(`${englishDate(nextDay)} 00:30`);
  await expect(last).toContainText('After-party: Absacker');
  await expect(last).toContainText('Zum Roten Bären');
  await expect(last).toContainText('Konviktstraße 12, 79098 Freiburg');
  await expect(last).toContainText(/Way from the last stop: \d/);
  // The whole way is the server's, which counts the way to the after-party.
  const partyLeg = route.legs.at(-1);
  expect(partyLeg.toAfterParty).toBe(true);
  expect(partyLeg.distanceMeters).toBeGreaterThan(0);
  const hostLegs = route.legs
    .slice(0, -1)
    .reduce((sum: number, leg: { distanceMeters: number }) => sum + leg.distanceMeters, 0);
  expect(route.totalMeters).toBeCloseTo(hostLegs + partyLeg.distanceMeters, 3);
  const km = (meters: number) =>
    `${new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(meters / 1000)} km`;
  await expect(page.getByTestId('route-team-total')).toContainText(km(route.totalMeters));
  await shoot(page, 'dinnerroute-team-after-party-en');
  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  await page.reload();
  await expect(page.getByTestId('route-team-after-party')).toBeVisible();
  await shoot(page, 'dinnerroute-team-after-party-de');

  // The cockpit's list of distances names the same way for the team.
  await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  await page.goto(`/admin/${adminId}/dinnerroute`);
  await page.getByTestId('tab-distances').click();
  const entry = page.locator('[data-testid="route-distance"][data-team-number="1"]');
  await expect(entry.getByRole('listitem')).toHaveCount(3);
  await expect(entry.getByRole('listitem').last()).toContainText(`Team ${partyLeg.fromTeamNumber} → after-party`);
  await expect(entry).toContainText(km(route.totalMeters));
});

test('markers at one place are spread so each shows and takes clicks; a team picked in the list brings the map into view on a phone', async ({
  page,
  request,
}) => {
  const { adminId } = await demoWithTeams(request, true);
  const routes = await (await request.get(`/rest/dinnerrouteservice/v1/runningdinner/${adminId}/teams`)).json();
  const hostOf = (n: number) => routes.teams.find((t: { teamNumber: number }) => t.teamNumber === n);
  const [team1, team2, team5] = [hostOf(1), hostOf(2), hostOf(5)];
  // The after-party where team 5 cooks, team 2 a step from team 1's host: markers at (nearly) one place.
  const party = await request.put(`/rest/runningdinnerservice/v1/runningdinner/${adminId}/afterpartylocation/geocode`, {
    data: { lat: team5.host.lat, lng: team5.host.lng },
  });
  expect(party.status(), await party.text()).toBe(200);
  const moved = await request.put(participantsApi(adminId, `/participant/${team2.host.participantId}/geocode`), {
    data: { lat: team1.host.lat + 0.00001, lng: team1.host.lng },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await page.goto(`/admin/${adminId}/dinnerroute`);
  await expect(markers(page)).toHaveCount(10);
  const box = async (key: string) => (await map(page).locator(`[data-key="${key}"]`).boundingBox())!;
  const apart = (a: { x: number; y: number; width: number }, b: { x: number; y: number }) =>
    Math.hypot(a.x - b.x, a.y - b.y) >= a.width;
  await expect.poll(async () => apart(await box(team5.id), await box('after-party'))).toBe(true);
  await expect.poll(async () => apart(await box(team1.id), await box(team2.id))).toBe(true);
  // Each takes its own clicks.
  await map(page).locator(`[data-key="${team2.id}"]`).click();
  await expect(page.locator('[data-testid="route-team"][data-team-number="2"]')).toHaveAttribute(
    'data-selected',
    'true',
  );
  await map(page).locator(`[data-key="${team1.id}"]`).click();
  await expect(page.locator('[data-testid="route-team"][data-team-number="1"]')).toHaveAttribute(
    'data-selected',
    'true',
  );
  await shoot(page, 'dinnerroutes-spread-en');

  // On a phone the list is below the map: picking a team there shows the map.
  await page.setViewportSize(phone);
  const entry = page.locator('[data-testid="route-team"][data-team-number="9"]');
  await entry.scrollIntoViewIfNeeded();
  await expect(map(page)).not.toBeInViewport();
  await entry.getByRole('button').first().click();
  await expect(map(page)).toBeInViewport();
});

test('excluding the after-party rebuilds the filter and falls back to all meals from its way', async ({
  page,
  request,
}) => {
  const { adminId } = await demoWithTeams(request, true);
  await page.goto(`/admin/${adminId}/dinnerroute`);
  // The after-party is a marker of its own, and every team has a third way: to it.
  await expect(markers(page)).toHaveCount(10);
  await expect(lines(page)).toHaveCount(27);
  await chooseWays(page, 'Nachspeise → After-party');
  await expect(markers(page)).toHaveCount(4);
  await expect(lines(page)).toHaveCount(9);

  await toggle(page, 'switch-after-party').click();
  await expect(waysButton(page)).not.toContainText('After-party');
  await expect(waysButton(page)).not.toContainText('→');
  await expect(markers(page)).toHaveCount(9);
  await expect(lines(page)).toHaveCount(18);
  await waysButton(page).click();
  await expect(page.getByRole('option')).toHaveCount(3);
  await expect(page.getByRole('option').nth(1)).toHaveText(textIn('Vorspeise → Hauptgericht'));
  await expect(page.getByRole('option').nth(2)).toHaveText(textIn('Hauptgericht → Nachspeise'));
});

test("a host's address that cannot be located is listed and its position set by hand on the map", async ({
  page,
  request,
}) => {
  const { adminId } = await demoWithTeams(request);
  const team5 = (await teamsOf(request, adminId)).teams.find((t) => t.teamNumber === 5)!;
  const host = team5.hostTeamMember!;
  // A new address: the geocoder of the test server cannot be reached, so it stays without position.
  await moveToUnlocatedAddress(request, adminId, host, 'Nirgendwogasse', '7');

  await page.goto(`/admin/${adminId}/dinnerroute`);
  await expect(markers(page)).toHaveCount(8);
  await expect(page.getByTestId('routes-counts')).toHaveAttribute('data-located', '8');
  const item = page.locator('[data-testid="unresolved-address"][data-host="true"]');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Nirgendwogasse 7, 79100 Freiburg');
  await expect(item).toContainText(`${host.firstnamePart} ${host.lastname}`);
  await expect(
    page.locator('[data-testid="route-team"][data-team-number="5"]').getByTestId('team-unlocated'),
  ).toBeVisible();

  // "Set position": a marker to drag appears; a click on the map puts it there, and saving stores the position.
  await item.getByTestId('fix-position').click();
  await expect(page.getByTestId('fix-bar')).toBeVisible();
  await expect(page.getByTestId('fix-save')).toBeDisabled();
  await expect(markers(page)).toHaveCount(9);
  const box = (await map(page).locator('.leaflet-container').boundingBox())!;
  // Beside the places (the view fits them with a margin): a spread marker may stand anywhere among them.
  await page.mouse.click(box.x + box.width - 12, box.y + 12);
  await expect(page.getByTestId('fix-save')).toBeEnabled();
  await shoot(page, 'dinnerroutes-fix-position-en');
  await page.getByTestId('fix-save').click();
  await expect(page.getByTestId('fix-bar')).toHaveCount(0);
  await expect(page.getByTestId('unresolved-addresses')).toHaveCount(0);
  await expect(markers(page)).toHaveCount(9);
  await expect(map(page).locator(`[data-key="${team5.id}"]`)).toBeVisible();
  await expect(page.getByTestId('routes-counts')).toHaveAttribute('data-located', '9');

  // Stored: the routes answer the position set by hand.
  const routes = await (await request.get(`/rest/dinnerrouteservice/v1/runningdinner/${adminId}/teams`)).json();
  const stored = routes.teams.find((t: { id: string }) => t.id === team5.id).host;
  expect(stored.street).toBe('Nirgendwogasse');
  expect(typeof stored.lat).toBe('number');
  expect(typeof stored.lng).toBe('number');
});

test('a position set elsewhere reaches the open cockpit live; a failed load offers a retry', async ({
  page,
  request,
}) => {
  const { adminId } = await demoWithTeams(request);
  const team2 = (await teamsOf(request, adminId)).teams.find((t) => t.teamNumber === 2)!;
  const host = team2.hostTeamMember!;

  // The first load fails: the page says so and loads again on request.
  const teamsCall = `**/rest/dinnerrouteservice/v1/runningdinner/${adminId}/teams`;
  await page.route(teamsCall, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'unexpected', message: 'Boom' }),
    }),
  );
  await page.goto(`/admin/${adminId}/dinnerroute`);
  await expect(page.getByRole('alert')).toContainText('Boom');
  await shoot(page, 'dinnerroutes-error-en');
  await page.unroute(teamsCall);
  await page.getByRole('alert').getByRole('button').click();
  await expect(markers(page)).toHaveCount(9);

  // Team 2's host moves to an address the geocoder cannot reach (another tab, say): the map loses the marker…
  await moveToUnlocatedAddress(request, adminId, host, 'Irgendwo', '3');
  await expect(markers(page)).toHaveCount(8);
  await expect(page.locator('[data-testid="unresolved-address"][data-host="true"]')).toHaveCount(1);
  // …and gets it back when its position is set by hand there, without a reload.
  const set = await request.put(participantsApi(adminId, `/participant/${host.id}/geocode`), {
    data: { lat: 47.99, lng: 7.85 },
  });
  expect(set.status(), await set.text()).toBe(200);
  await expect(markers(page)).toHaveCount(9);
  await expect(page.getByTestId('unresolved-addresses')).toHaveCount(0);
});

test("another event's team is not found in the single-route view", async ({ page, request }) => {
  const { adminId } = await demoWithTeams(request);
  const other = await demoWithTeams(request);
  const foreign = (await teamsOf(request, other.adminId)).teams[0];
  await page.goto(`/admin/${adminId}/dinnerroute/${foreign.id}`);
  await expect(page.getByTestId('route-team-not-found')).toBeVisible();
  await page.getByTestId('back-to-routes').click();
  await expect(markers(page)).toHaveCount(9);
});

test('without teams the page says so and leads to the teams', async ({ page, request }) => {
  const { adminId } = await createDinner(request, { runningDinnerType: 'DEMO', registrationType: 'CLOSED' });
  await page.goto(`/admin/${adminId}/dinnerroute`);
  await expect(page.getByTestId('routes-empty')).toBeVisible();
  await shoot(page, 'dinnerroutes-empty-en');
  await page.getByTestId('routes-to-teams').click();
  await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/teams$`));
});
