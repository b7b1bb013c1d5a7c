import { expect, type Page, test } from '../support/axe.js';
import { inEnglish, teamOfRegistrant } from '../support/e2e.js';
import { afterParty } from '../support/factories.js';

// Issue 8 item 11: every page sends a Content-Security-Policy that forbids framing, and the app's own pages
// pass it: no violation reaches Chromium's console, on any page the product has (the map with its tiles included).

inEnglish();

const TILES = 'https://tile.openstreetmap.org/**';
/** The smallest PNG: the tile server's answer, so the map draws tiles. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Collects CSP violations, as events in the page and as console messages. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
  ];
}

test('the pages of organisers, participants and visitors run without a Content Security Policy violation', async ({
  page,
  request,
}) => {
  const violations = await watchViolations(page);
  await page.route(TILES, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG }));
  const { adminId, publicDinnerId, date, selfAdminId, participantId, team } = await teamOfRegistrant(page, request, {
    email: `csp.${Date.now()}@example.org`,
    numSeats: 8,
  });
  const party = await request.put(`/rest/runningdinnerservice/v1/runningdinner/${adminId}/afterpartylocation`, {
    data: afterParty(`${date}T23:59`),
  });
  expect(party.status()).toBe(200);

  const pages: [string, string][] = [
    ['/', 'main'],
    ['/running-dinner-wizard', 'main'],
    [`/running-dinner-events/${publicDinnerId}`, 'main'],
    [`/admin/${adminId}`, 'main'],
    [`/admin/${adminId}/participants`, 'main'],
    [`/admin/${adminId}/teams`, 'main'],
    [`/self/${selfAdminId}/teampartnerwish/${participantId}`, 'main'],
    [`/self/${selfAdminId}/dinnerroute/${participantId}/${team.id}`, '[data-testid="route-map"] .leaflet-tile-loaded'],
    ['/mailbox', 'main'],
  ];
  for (const [path, ready] of pages) {
    await page.goto(path);
    await expect(page.locator(ready).first(), path).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(await violations()).toEqual([]);
});

test('no page, not even one of the app itself, can show an admin page in a frame', async ({
  page,
  request,
  baseURL,
}) => {
  const { adminId } = await teamOfRegistrant(page, request, { email: `frame.${Date.now()}@example.org` });
  // A page that frames the admin page. It is served on the app's own origin: Chromium's local-network checks would
  // stop a frame from any other origin on this machine before the response arrives; 'none' refuses even this one.
  const attacker = `${baseURL}/framing-page-${Date.now()}`;
  await page.route(attacker, (route) =>
    route.fulfill({
      contentType: 'text/html',
      // Accessible itself, as axe checks every page a test shows.
      body: `<html lang="en"><title>Framing page</title><iframe id="victim" title="Admin page" src="${baseURL}/admin/${adminId}" width="800" height="600"></iframe></html>`,
    }),
  );
  await page.goto(attacker);
  const frame = page.frames().find((f) => f !== page.mainFrame())!;
  await frame.waitForLoadState();
  // Chromium replaces a refused frame with its error page: the app never runs inside.
  await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);
  await expect(frame.locator('#root')).toHaveCount(0);
});
