import { mkdirSync } from 'node:fs';
import type { OptimizationPreview, OptimizationState } from '../../contract/route-optimization.js';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '../support/axe.js';
import { type ChildServer, startChildServer } from '../support/child-server.js';
import { confirmByCreatedMail, moveToUnlocatedAddress, participantsApi, phone, teamsOf } from '../support/e2e.js';
import { createBody, participantInput } from '../support/factories.js';

// The route optimisation in the cockpit, in Chromium against the real server (issue 12, "Optimisation"): on the
// demo dinner a run shows its time and figures live, its proposal lists the changed routes, applying it names the
// dinner-route mails already sent, and a participant's route page (the link of that mail) then shows the route of
// the proposal. On a dinner of 300 teams a run is stopped and a third run is refused while two go (on a server whose
// runs search for minutes), a proposal is discarded, and an automatic run (generating with "Prefer short distances")
// shows live and saves itself.
// Screenshots go to /tmp/shots. No tile loads: every tile request fails at once.

/**
 * Each test has its own server, whose runs search for `runSeconds` (the demo's 9 teams would take 0.5 s, 300 teams
 * 4 s): long enough for a browser on a busy machine to follow a run live, as an organiser follows a run of a few
 * hundred teams.
 */
const test = base.extend<{ runSeconds: string; runServer: ChildServer }>({
  runSeconds: ['5', { option: true }],
  runServer: async ({ runSeconds }, use) => {
    const server = await startChildServer({ ROUTE_OPTIMIZATION_SECONDS: runSeconds });
    await use(server);
    await server.stop();
  },
  baseURL: async ({ runServer }, use) => use(runServer.baseUrl),
});

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
});

const TILES = 'https://tile.openstreetmap.org/**';
const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const desktop = { width: 1280, height: 800 };

test.beforeEach(async ({ page }) => {
  await page.route(TILES, (route) => route.abort('internetdisconnected'));
});

const routesApi = (adminId: string, suffix = '') => `/rest/dinnerrouteservice/v1/runningdinner/${adminId}${suffix}`;
const teamsApi = (adminId: string) => `/rest/teamservice/v1/runningdinner/${adminId}`;
const messagesApi = (adminId: string, suffix: string) => `/rest/messageservice/v1/runningdinner/${adminId}${suffix}`;

let counter = 0;
/** A confirmed demo dinner (18 participants at real addresses in Freiburg, with positions), closed registration. */
async function demoDinner(request: APIRequestContext, considerShortestPaths = false): Promise<string> {
  const body = createBody({ runningDinnerType: 'DEMO', registrationType: 'CLOSED' });
  const unique = `${Date.now()}-${++counter}`;
  body.basicDetails.title = `Optimierdinner Wiehre ${unique}`;
  body.publicSettings.title = `Running Dinner Optimierung ${unique}`;
  body.options.considerShortestPaths = considerShortestPaths;
  const response = await request.post('/rest/wizardservice/v1/create', { data: body });
  expect(response.status(), await response.text()).toBe(200);
  const adminId: string = (await response.json()).runningDinner.adminId;
  // Its dinner-route mails go to the creator, once the address is confirmed.
  await confirmByCreatedMail(request, adminId, body.basicDetails.title);
  return adminId;
}

/** `count` more participants spread over Freiburg, each with a position set by hand (the test server locates nothing). */
async function addLocatedParticipants(request: APIRequestContext, adminId: string, count: number) {
  for (let i = 0; i < count; i++) {
    const data = participantInput({
      firstnamePart: `Gast${i}`,
      lastname: `Nummer${i}`,
      email: `gast${i}@example.org`,
      gender: i % 2 === 0 ? 'FEMALE' : 'MALE',
      numSeats: 6,
      streetNr: String(i + 1),
      geocodingResult: { lat: 47.97 + ((i * 37) % 101) / 2000, lng: 7.8 + ((i * 53) % 97) / 1200 },
    });
    const response = await request.post(participantsApi(adminId, '/participant'), { data });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/**
 * With seed 7 the demo's teams are such that letting teams change their meal makes the routes much shorter (79 → 66
 * km); with the meals kept the demo's routes are already as short as they get.
 */
const DEMO_SEED = 7;

async function generateTeams(
  request: APIRequestContext,
  adminId: string,
  seed?: number,
): Promise<{ routeOptimizationId?: string | null }> {
  const generated = await request.post(`${teamsApi(adminId)}${seed === undefined ? '' : `?seed=${seed}`}`);
  expect(generated.status(), await generated.text()).toBe(200);
  return generated.json();
}

/** A dinner of 300 teams, its route cockpit open and its optimisation panel ready to start. */
async function bigDinnerCockpit(page: Page, request: APIRequestContext) {
  const { adminId } = await dinnerWithTeams(request, { big: true });
  await page.goto(`/admin/${adminId}/dinnerroute`);
  const panel = panelOf(page);
  await expect(panel).toHaveAttribute('data-phase', 'idle', { timeout: 20_000 });
  return { adminId, panel };
}

/** Starts a run from the panel and gives its id, as the server answered the click. */
async function startRun(page: Page, adminId: string): Promise<string> {
  const started = page.waitForResponse(
    (r) => r.url().endsWith(routesApi(adminId, '/optimization')) && r.request().method() === 'POST',
  );
  await page.getByTestId('optimization-start').click();
  return ((await started.then((r) => r.json())) as OptimizationState).optimizationId;
}

/** The demo dinner's 9 teams, or 300 teams when 582 located participants join it. */
async function dinnerWithTeams(request: APIRequestContext, { big = false, considerShortestPaths = false } = {}) {
  const adminId = await demoDinner(request, considerShortestPaths);
  if (big) await addLocatedParticipants(request, adminId, 582);
  const generated = await generateTeams(request, adminId, big ? undefined : DEMO_SEED);
  return { adminId, routeOptimizationId: generated.routeOptimizationId ?? null };
}

/** The dinner-route mail with the route page's link in it. */
const routeMessage = (overrides: Record<string, unknown> = {}) => ({
  subject: 'Deine Route',
  message: 'Hallo {firstname},\n\n{route}\n\nKarte: {routelink}',
  selfTemplate: 'SELBST {meal} {mealtime}',
  hostsTemplate: 'GAST {meal} {mealtime} bei {hostaddress}',
  teamSelection: 'ALL',
  ...overrides,
});

/** The route page's link as the dinner-route mail of one member of the team carries it. */
async function routeLinkOf(request: APIRequestContext, adminId: string, teamId: string): Promise<string> {
  const preview = await request.put(messagesApi(adminId, '/mails/dinnerroute/preview'), {
    data: routeMessage({ teamSelection: 'CUSTOM_SELECTION', customSelectedTeamIds: [teamId] }),
  });
  expect(preview.status(), await preview.text()).toBe(200);
  const mail = (await preview.json()).previewMessageList[0].message as string;
  return new URL(mail.match(/Karte: (\S+)/)![1]).pathname;
}

async function stateOf(
  request: APIRequestContext,
  adminId: string,
  optimizationId: string,
): Promise<OptimizationState> {
  const response = await request.get(routesApi(adminId, `/optimization/${optimizationId}/status`));
  expect(response.status()).toBe(200);
  return response.json();
}

/**
 * The panel at 1280 and at 390 px wide, named `<name>-panel-<width>.png`, and the whole page too (`<name>-<width>.png`)
 * unless it is a list of 300 teams.
 */
async function shots(page: Page, name: string, panel: Locator, wholePage = true) {
  const viewport = page.viewportSize() ?? desktop;
  for (const size of [desktop, phone]) {
    await page.setViewportSize(size);
    if (wholePage) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, fullPage: true });
    }
    await panel.screenshot({ path: `${SHOTS}/${name}-panel-${size.width}.png` });
  }
  await page.setViewportSize(viewport);
}

/** The cockpit's map with its markers drawn (the map is loaded lazily). */
const mapReady = (page: Page, markers: number) =>
  expect(page.getByTestId('routes-map').getByTestId('map-place')).toHaveCount(markers, { timeout: 20_000 });

const panelOf = (page: Page) => page.getByTestId('optimization-panel');

/** The panel's phase and figures each time they change, recorded in the page (a run of 0.5 s is over before a poll would look twice). */
async function recordPanel(page: Page) {
  await page.evaluate(() => {
    const seen: { phase: string | null; elapsed: number; bar: boolean }[] = [];
    Object.assign(window, { panelSeen: seen });
    const record = () => {
      const progress = document.querySelector('[data-testid="optimization-progress"]');
      const entry = {
        phase: document.querySelector('[data-testid="optimization-panel"]')?.getAttribute('data-phase') ?? null,
        elapsed: Number(progress?.getAttribute('data-elapsed-ms') ?? 0),
        bar: document.querySelector('[data-testid="optimization-progressbar"][role="progressbar"]') !== null,
      };
      const last = seen.at(-1);
      if (!last || last.phase !== entry.phase || last.elapsed !== entry.elapsed || last.bar !== entry.bar)
        seen.push(entry);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
    record();
  });
}
const panelSeen = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { panelSeen: { phase: string | null; elapsed: number; bar: boolean }[] }).panelSeen,
  );

/** The host's team number of each stop of the participant's route page, in the order of the evening. */
const routePageHosts = (page: Page, ownTeamNumber: number) =>
  page
    .getByTestId('route-stop')
    .evaluateAll((els) =>
      els.map((el) => (el.getAttribute('data-own') ? 'own' : (el.textContent?.match(/team (\d+)/i)?.[1] ?? '?'))),
    )
    .then((hosts) => hosts.map((host) => (host === 'own' ? ownTeamNumber : Number(host))));

test('on the demo dinner a run shows its progress live, its proposal is applied, and the participant’s route page shows the new route', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  const { adminId } = await dinnerWithTeams(request);
  const teams = (await teamsOf(request, adminId)).teams;
  expect(teams).toHaveLength(9);

  // The dinner routes went out already: applying must say that they become wrong.
  const sent = await request.put(messagesApi(adminId, '/mails/dinnerroute?sendToDinnerOwner=false'), {
    data: routeMessage(),
  });
  expect(sent.status(), await sent.text()).toBe(201);
  // In a demo every mail goes to its creator: one recipient.
  await expect.poll(async () => (await teamsOf(request, adminId)).sentMails.dinnerRouteMails).toBe(true);
  const recipients = (await teamsOf(request, adminId)).sentMails.dinnerRouteRecipients;
  expect(recipients).toBeGreaterThan(0);

  await page.goto(`/admin/${adminId}/dinnerroute`);
  const panel = panelOf(page);
  await expect(panel).toHaveAttribute('data-phase', 'idle');
  await mapReady(page, 9);
  // The gain in words with today's total and the bound, and the rules, before anything starts.
  await expect(page.getByTestId('optimization-prediction')).toHaveAttribute('data-prediction', /^(LOW|MEDIUM|HIGH)$/);
  await expect(page.getByTestId('prediction-total')).toContainText('km');
  await expect(page.getByTestId('prediction-bound')).toContainText('km');
  await expect(page.getByTestId('optimization-rules').getByRole('listitem')).toHaveCount(3);
  // The minimum distance between hosts of a meal only means something when meals may change.
  const distance = page.getByTestId('setting-distance').getByRole('button');
  await expect(distance).toBeDisabled();
  // The demo's hosts of each meal are already as close as they can be: the meals may change.
  await page.getByTestId('setting-meals').getByRole('switch').click();
  await expect(distance).toBeEnabled();
  await shots(page, 'optimization-idle-en', panel);

  // Start: the stream of the run is followed, the time bar and the best total show while it runs, then the proposal.
  await recordPanel(page);
  const subscribed = page.waitForRequest((r) =>
    /\/sse\/dinnerrouteservice\/v1\/runningdinner\/[^/]+\/[^/]+\/subscribe$/.test(r.url()),
  );
  const started = page.waitForResponse(
    (r) => r.url().endsWith(routesApi(adminId, '/optimization')) && r.request().method() === 'POST',
  );
  await page.getByTestId('optimization-start').click();
  const startedState: OptimizationState = await (await started).json();
  expect(startedState).toMatchObject({ status: 'RUNNING', ignoreMealAssignments: true, automatic: false });
  await subscribed;
  await expect(page.getByTestId('optimization-preview')).toBeVisible({ timeout: 60_000 });
  const seen = await panelSeen(page);
  const running = seen.filter((entry) => entry.phase === 'RUNNING');
  expect(running.length, JSON.stringify(seen)).toBeGreaterThan(0);
  expect(running.every((entry) => entry.bar)).toBe(true);
  expect(
    running.some((entry) => entry.elapsed > 0),
    JSON.stringify(seen),
  ).toBe(true);
  expect(seen.at(-1)?.phase).toBe('FINISHED');

  // The proposal is the server's: the same totals and routes.
  const preview: OptimizationPreview = await (
    await request.get(routesApi(adminId, `/optimization/${startedState.optimizationId}/preview`))
  ).json();
  expect(preview.changedRoutes).toBeGreaterThan(0);
  expect(preview.totalMetersAfter).toBeLessThan(preview.totalMetersBefore);
  await expect(page.getByTestId('preview-changed')).toHaveAttribute('data-changed', String(preview.changedRoutes));
  await expect(page.getByTestId('preview-total')).toContainText('shorter');
  await page.getByTestId('preview-routes-toggle').click();
  const rows = page.getByTestId('preview-route');
  await expect(rows).toHaveCount(9);
  for (const route of preview.routes) {
    const row = page.locator(`[data-testid="preview-route"][data-team-number="${route.teamNumber}"]`);
    await expect(row).toHaveAttribute('data-stops-after', route.stopsAfter.map((s) => s.teamNumber).join(' '));
    await expect(row).toHaveAttribute('data-stops-before', route.stopsBefore.map((s) => s.teamNumber).join(' '));
  }
  const changedRoute = preview.routes.find(
    (route) => route.changed && route.stopsAfter.some((stop, i) => stop.teamId !== route.stopsBefore[i].teamId),
  )!;
  expect(changedRoute).toBeDefined();
  const newStops = changedRoute.stopsAfter.map((stop) => stop.teamNumber);
  await shots(page, 'optimization-preview-en', panel);

  // The link the team's members got by mail, before the routes change.
  const routeLink = await routeLinkOf(request, adminId, changedRoute.teamId);

  // Apply asks first, naming the routes that change and the mails that become wrong.
  await page.getByTestId('optimization-apply').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('apply-consequence')).toHaveAttribute('data-changed', String(preview.changedRoutes));
  await expect(dialog.getByTestId('apply-mails-warning')).toContainText(String(recipients));
  await page.screenshot({ path: `${SHOTS}/optimization-apply-dialog-en-1280.png` });
  await page.setViewportSize(phone);
  await page.screenshot({ path: `${SHOTS}/optimization-apply-dialog-en-390.png` });
  await page.setViewportSize(desktop);
  await dialog.getByRole('button').last().click();
  await expect(page.getByTestId('optimization-applied')).toBeVisible();
  await expect(page.getByTestId('applied-mails-warning')).toBeVisible();
  expect((await stateOf(request, adminId, startedState.optimizationId)).status).toBe('APPLIED');
  await shots(page, 'optimization-applied-en', panel);

  // The cockpit's list shows the team's new route at once.
  await expect(page.locator(`[data-testid="route-team"][data-team-number="${changedRoute.teamNumber}"]`)).toContainText(
    `Route: ${newStops.join(' → ')}`,
  );
  await page.getByTestId('optimization-done').click();
  await expect(panel).toHaveAttribute('data-phase', 'idle');

  // The participant's route page, from the mail sent before: the stops of the proposal, in the order of the evening.
  await page.setViewportSize(phone);
  await page.goto(routeLink);
  await expect(page.getByTestId('self-route-page')).toBeVisible();
  await expect(page.getByTestId('route-stop')).toHaveCount(3);
  expect(await routePageHosts(page, changedRoute.teamNumber)).toEqual(newStops);
  await expect(page.getByTestId('route-map').locator('.leaflet-marker-icon')).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}/route-page-en-390.png`, fullPage: true });

  // German.
  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  await page.reload();
  await expect(page.getByTestId('route-stop')).toHaveCount(3);
  await expect(page.getByTestId('route-map').locator('.leaflet-marker-icon')).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}/route-page-de-390.png`, fullPage: true });
  await page.setViewportSize(desktop);
  await page.goto(`/admin/${adminId}/dinnerroute`);
  await expect(panel).toHaveAttribute('data-phase', 'idle');
  await expect(page.getByTestId('optimization-prediction')).toBeVisible();
  await mapReady(page, 9);
  await shots(page, 'optimization-idle-de', panel);
  expect(problems).toEqual([]);
});

/**
 * From now on: each time the panel changes, whether it shows something (the start, the run's figures or the proposal;
 * not skeletons alone) and the time text of its bar.
 */
async function recordFilled(page: Page) {
  await page.evaluate(() => {
    const seen = { blank: [] as string[], times: new Set<string>() };
    Object.assign(window, { filledSeen: seen });
    const shows = ['optimization-start', 'optimization-progress', 'optimization-preview']
      .map((id) => `[data-testid="${id}"]`)
      .join(',');
    new MutationObserver(() => {
      const panel = document.querySelector('[data-testid="optimization-panel"]');
      if (panel && !panel.querySelector(shows)) seen.blank.push(panel.innerHTML.slice(0, 300));
      const time = document.querySelector('[data-testid="optimization-time"]')?.textContent;
      if (time) seen.times.add(time);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}
const filledSeen = (page: Page) =>
  page.evaluate(() => {
    const seen = (window as unknown as { filledSeen: { blank: string[]; times: Set<string> } }).filledSeen;
    return { blank: seen.blank, times: [...seen.times] };
  });

/** The paths the cockpit's map draws, as their SVG outlines. */
const mapPaths = (page: Page) =>
  page
    .getByTestId('routes-map')
    .locator('svg path')
    .evaluateAll((paths) => paths.map((path) => path.getAttribute('d') ?? '').sort());

test('a proposal is kept with the run: another browser shows it without running again, its map draws it, and the card never goes blank', async ({
  page,
  request,
  context,
  browser,
  baseURL,
}) => {
  const { adminId } = await dinnerWithTeams(request);
  await page.goto(`/admin/${adminId}/dinnerroute`);
  const panel = panelOf(page);
  await expect(panel).toHaveAttribute('data-phase', 'idle');
  await mapReady(page, 9);
  // The estimate is the figure the bar counts up to.
  const rule = await page.getByTestId('optimization-rules').getByRole('listitem').last().textContent();
  const estimate = rule?.match(/It takes about ([\d.]+) s\./)?.[1];
  expect(estimate, rule ?? '').toBeDefined();
  await page.getByTestId('setting-meals').getByRole('switch').click();

  await recordFilled(page);
  const started = page.waitForResponse(
    (r) => r.url().endsWith(routesApi(adminId, '/optimization')) && r.request().method() === 'POST',
  );
  await page.getByTestId('optimization-start').click();
  const { optimizationId }: OptimizationState = await (await started).json();
  await expect(page.getByTestId('optimization-preview')).toBeVisible({ timeout: 60_000 });
  const seen = await filledSeen(page);
  expect(seen.blank, 'the card showed nothing but skeletons').toEqual([]);
  expect(seen.times.length).toBeGreaterThan(0);
  for (const time of seen.times) expect(time).toMatch(new RegExp(` of ${estimate!.replace('.', '\\.')} s$`));
  const changed = await page.getByTestId('preview-changed').getAttribute('data-changed');

  // The organiser's phone: the same proposal, without a run of its own.
  const phoneContext = await browser.newContext({ viewport: phone });
  await phoneContext.addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  const other = await phoneContext.newPage();
  await other.route(TILES, (route) => route.abort('internetdisconnected'));
  const starts: string[] = [];
  other.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/optimization')) starts.push(r.url());
  });
  await other.goto(`/admin/${adminId}/dinnerroute`);
  await expect(panelOf(other)).toHaveAttribute('data-phase', 'FINISHED', { timeout: 60_000 });
  await expect(other.getByTestId('optimization-preview')).toBeVisible();
  await expect(other.getByTestId('preview-changed')).toHaveAttribute('data-changed', changed!);
  expect(starts).toEqual([]);

  // During the preview the map can draw the proposal instead of today's routes, and back.
  await mapReady(other, 9);
  const today = await mapPaths(other);
  await other.getByTestId('preview-on-map').getByRole('switch').click();
  await expect(other.getByTestId('routes-map')).toHaveAttribute('data-shows', 'proposal');
  await expect(other.getByTestId('map-shows-proposal')).toBeVisible();
  await expect.poll(() => mapPaths(other)).not.toEqual(today);
  await other.screenshot({ path: `${SHOTS}/optimization-proposal-on-map-en-390.png`, fullPage: true });
  await other.setViewportSize(desktop);
  await other.screenshot({ path: `${SHOTS}/optimization-proposal-on-map-en-1280.png`, fullPage: true });
  await phoneContext.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  await other.reload();
  await other.getByTestId('preview-on-map').getByRole('switch').click();
  await expect(other.getByTestId('map-shows-proposal')).toBeVisible();
  await mapReady(other, 9);
  await other.screenshot({ path: `${SHOTS}/optimization-proposal-on-map-de-1280.png`, fullPage: true });
  await other.setViewportSize(phone);
  await other.screenshot({ path: `${SHOTS}/optimization-proposal-on-map-de-390.png`, fullPage: true });
  await other.getByTestId('preview-on-map').getByRole('switch').click();
  await expect(other.getByTestId('routes-map')).toHaveAttribute('data-shows', 'today');
  await expect.poll(() => mapPaths(other)).toEqual(today);

  // Discarded on the laptop: the phone's panel lets go of it too, and a new browser is offered a new run.
  await page.getByTestId('optimization-discard').click();
  await expect(panel).toHaveAttribute('data-phase', 'idle');
  await expect(panelOf(other)).toHaveAttribute('data-phase', 'idle');
  expect((await stateOf(request, adminId, optimizationId)).status).toBe('CANCELLED');
  await phoneContext.close();
  // The estimate in German, as the bar writes it.
  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  await page.reload();
  await expect(page.getByTestId('optimization-rules')).toContainText(`etwa ${estimate!.replace('.', ',')} s.`);
  await shots(page, 'optimization-estimate-de', panel, false);
});

test.describe('with runs that search for minutes, so none ends before the test stops it', () => {
  test.use({ runSeconds: '300' });

  test('on 300 teams a run is stopped, and a third run is refused while two go', async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const { adminId, panel } = await bigDinnerCockpit(page, request);
    await expect(page.getByTestId('optimization-prediction')).toHaveAttribute('data-prediction', 'HIGH');

    // Stop: the time and the best total move while the run goes; stopping leaves the routes as they were.
    const first = await startRun(page, adminId);
    await expect(page.getByTestId('optimization-running')).toBeVisible();
    const progress = page.getByTestId('optimization-progress');
    // The run has minutes: a busy machine may take a while to start its thread and hand over its first figures.
    const elapsedMs = async () => Number(await progress.getAttribute('data-elapsed-ms'));
    await expect.poll(elapsedMs, { timeout: 60_000 }).toBeGreaterThan(0);
    const earlier = await elapsedMs();
    await expect.poll(elapsedMs, { timeout: 60_000 }).toBeGreaterThan(earlier);
    await expect(page.getByTestId('progress-best')).toContainText('km');
    await panel.screenshot({ path: `${SHOTS}/optimization-running-en-panel-1280.png` });
    await page.getByTestId('optimization-cancel').click();
    await expect(panel).toHaveAttribute('data-phase', 'idle');
    expect((await stateOf(request, adminId, first)).status).toBe('CANCELLED');

    // Two runs go (started elsewhere, in a moment the page has not heard of them yet: its live events are cut off):
    // a third is refused with the server's reason, in place.
    await page.route('**/sse/runningdinnerservice/**', (route) => route.abort('connectionrefused'));
    await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
    await page.reload();
    await expect(panel).toHaveAttribute('data-phase', 'idle');
    const others: string[] = [];
    // Both with other settings than the panel's: the panel's own request would join a run of the same request.
    for (const data of [
      { ignoreMealAssignments: true },
      { ignoreMealAssignments: true, minimumDistanceInMeters: 500 },
    ]) {
      const response = await request.post(routesApi(adminId, '/optimization'), { data });
      expect(response.status(), await response.text()).toBe(202);
      others.push((await response.json()).optimizationId);
    }
    await page.getByTestId('optimization-start').click();
    const refused = page.getByTestId('optimization-refused');
    await expect(refused).toHaveAttribute('data-refusal', 'busy');
    await expect(refused).not.toBeEmpty();
    await panel.screenshot({ path: `${SHOTS}/optimization-refused-de-panel-1280.png` });
    for (const id of others)
      expect((await request.delete(routesApi(adminId, `/optimization/${id}`))).status()).toBe(200);
  });
});

test('on 300 teams a proposal is discarded in German on a phone and the routes stay', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  await page.setViewportSize(phone);
  const { adminId, panel } = await bigDinnerCockpit(page, request);
  const before = await teamsOf(request, adminId);
  const run = await startRun(page, adminId);
  await expect(page.getByTestId('optimization-running')).toBeVisible();
  await panel.screenshot({ path: `${SHOTS}/optimization-running-de-panel-390.png` });
  // The run of 300 teams and its proposal's page: CPU work that a busy machine stretches.
  await expect(page.getByTestId('optimization-preview')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('preview-routes-toggle').click();
  await expect(page.getByTestId('preview-route').first()).toBeVisible();
  await shots(page, 'optimization-preview-de', panel, false);
  await page.setViewportSize(phone);
  await page.getByTestId('optimization-discard').click();
  await expect(panel).toHaveAttribute('data-phase', 'idle');
  expect((await stateOf(request, adminId, run)).status).toBe('CANCELLED');
  expect(await teamsOf(request, adminId)).toEqual(before);
});

test.describe('with runs of 30 s, so the cockpit opens while the automatic run still goes', () => {
  test.use({ runSeconds: '30' });

  test('generating with "Prefer short distances" starts a run that the cockpit shows live and that saves itself', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { adminId, routeOptimizationId } = await dinnerWithTeams(request, { big: true, considerShortestPaths: true });
    expect(routeOptimizationId).toBeTruthy();
    await page.goto(`/admin/${adminId}/dinnerroute`);
    const panel = panelOf(page);
    const automatic = page.getByTestId('optimization-automatic');
    await expect(automatic).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(async () => Number(await automatic.getByTestId('optimization-progress').getAttribute('data-elapsed-ms')), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await expect(page.getByTestId('optimization-cancel')).toHaveCount(0);
    await panel.screenshot({ path: `${SHOTS}/optimization-automatic-en-panel-1280.png` });
    await expect(page.getByTestId('optimization-applied')).toBeVisible({ timeout: 90_000 });
    expect((await stateOf(request, adminId, routeOptimizationId!)).status).toBe('APPLIED');
    await panel.screenshot({ path: `${SHOTS}/optimization-automatic-applied-en-panel-1280.png` });
    await page.getByTestId('optimization-done').click();
    await expect(panel).toHaveAttribute('data-phase', 'idle');

    // The teams page says what the option does now.
    await page.goto(`/admin/${adminId}/teams`);
    await expect(page.getByTestId('option-shortest-paths')).toContainText('shortened in the background');
  });
});

test('a proposal for teams that changed since cannot be saved and is made again; with too few hosts located nothing starts', async ({
  page,
  request,
}) => {
  const { adminId } = await dinnerWithTeams(request);
  // The page does not hear the dinner's live events: it learns of the change only when it tries to save.
  await page.route('**/sse/runningdinnerservice/**', (route) => route.abort('connectionrefused'));
  await page.goto(`/admin/${adminId}/dinnerroute`);
  const panel = panelOf(page);
  await expect(panel).toHaveAttribute('data-phase', 'idle');
  await page.getByTestId('setting-meals').getByRole('switch').click();
  await page.getByTestId('optimization-start').click();
  await expect(page.getByTestId('optimization-apply')).toBeVisible();

  // Two members of different teams swap places elsewhere.
  const teams = (await teamsOf(request, adminId)).teams;
  const [a, b] = [teams[0].teamMembers[0], teams[1].teamMembers[0]];
  const swapped = await request.put(`${teamsApi(adminId)}/teammembers/swap/${a.id}/${b.id}`);
  expect(swapped.status(), await swapped.text()).toBe(200);

  await page.getByTestId('optimization-apply').click();
  await page.getByRole('dialog').getByRole('button').last().click();
  await expect(page.getByTestId('optimization-outdated')).toBeVisible();
  await expect(page.getByTestId('optimization-apply')).toHaveCount(0);
  await shots(page, 'optimization-outdated-en', panel, false);
  // Run again: the old proposal goes, a new one for today's teams comes.
  await page.getByTestId('optimization-run-again').click();
  await expect(page.getByTestId('optimization-apply')).toBeVisible();
  await expect(page.getByTestId('optimization-outdated')).toHaveCount(0);
  await page.getByTestId('optimization-discard').click();
  await expect(panel).toHaveAttribute('data-phase', 'idle');

  // Four of nine hosts move to addresses the test server cannot locate: too few positions to start.
  for (const team of (await teamsOf(request, adminId)).teams.slice(0, 4)) {
    const host = team.hostTeamMember!;
    await moveToUnlocatedAddress(request, adminId, host, 'Unbekannte Gasse', String(team.teamNumber));
  }
  await page.reload();
  const prediction = page.getByTestId('optimization-prediction');
  await expect(prediction).toHaveAttribute('data-prediction', 'NONE');
  await expect(prediction).toContainText('5 of 9');
  await expect(page.getByTestId('optimization-start')).toBeDisabled();
  await expect(page.getByTestId('setting-meals').getByRole('switch')).toBeDisabled();
  await mapReady(page, 5);
  await shots(page, 'optimization-none-en', panel);
});
