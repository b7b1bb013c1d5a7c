import { type APIRequestContext, type ConsoleMessage, expect, type Page, test } from '../support/axe.js';
import { addParticipants, createDinner, LANDING_PATHS, participantsApi, teamsOf } from '../support/e2e.js';
import { registrationForm } from '../support/factories.js';

// Every page in both languages with a clean browser console: a warning there (such as lingui's "Uncompiled
// message detected" for a text missing from the loaded catalog) fails the test, listing each message by page.

/**
 * Chromium logs every failed request. Two remain, as nothing in the client can avoid them: map tiles, which cannot
 * load without the internet (the self-route test lets them fail on purpose; a tile is an image at …/{z}/{x}/{y}.png),
 * and the 406 of the server's check of a registration (…/register/validate, before its summary) with an address
 * already registered, which only the server can know (it answers with the issue the form then shows). Every other
 * refusal these forms would get is found by the shared rules before sending.
 */
function isWantedFailure(message: ConsoleMessage): boolean {
  if (!message.text().startsWith('Failed to load resource')) return false;
  const { url } = message.location();
  return (
    /\/\d+\/\d+\/\d+\.png/.test(url) || (message.text().includes('status of 406') && url.endsWith('/register/validate'))
  );
}

/** Collects the page's console warnings and errors and its uncaught exceptions, each with the page it came from. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  const where = () => new URL(page.url()).pathname;
  page.on('console', (message) => {
    if ((message.type() === 'warning' || message.type() === 'error') && !isWantedFailure(message))
      problems.push(`${where()} ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${where()} exception: ${error.message}`));
  return problems;
}

/** Opens a page and waits until it has rendered its heading and fetched everything it asks for. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

const submit = (page: Page) => page.locator('form button[type="submit"]').last().click();

/** A dinner with 18 participants and their teams. */
async function dinnerWithTeams(request: APIRequestContext) {
  const { adminId } = await createDinner(request);
  await addParticipants(request, adminId, 18, () => ({ numSeats: 2 }));
  expect((await request.post(`/rest/teamservice/v1/runningdinner/${adminId}`)).status()).toBe(200);
  const { teams } = await teamsOf(request, adminId);
  const { participants } = await (await request.get(participantsApi(adminId, '/participants'))).json();
  return { adminId, teamId: teams[0].id, participantId: participants[0].id as string };
}

for (const language of ['en', 'de'] as const) {
  test.describe(`in ${language === 'en' ? 'English' : 'German'}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: 'lang', value: language, url: baseURL! }]);
    });

    test('the public pages and the registration form with its errors leave the console clean', async ({
      page,
      request,
    }) => {
      const problems = watchConsole(page);
      const { publicDinnerId } = await createDinner(request, { confirmed: true });
      const email = `already.${language}.${Date.now()}@example.org`;
      expect(
        (
          await request.post(`/rest/frontend/v1/runningdinner/${publicDinnerId}/register`, {
            data: registrationForm({ email }),
          })
        ).status(),
      ).toBe(200);
      for (const path of LANDING_PATHS) await visit(page, path);

      await visit(page, `/running-dinner-events/${publicDinnerId}`);
      const form = page.getByTestId('registration-form');
      // Empty: the form's own checks.
      await submit(page);
      await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
      // Complete, but with an address already registered: only the server knows, and answers in its language.
      const field = (name: string) => form.locator(`[name="${name}"]`);
      await field('firstnamePart').fill('Jonas');
      await field('lastname').fill('Weiß');
      await field('email').fill(email);
      await field('street').fill('Habsburgerstraße');
      await field('streetNr').fill('9');
      await field('zip').fill('79104');
      await field('cityName').fill('Freiburg');
      await field('numSeats').fill('6');
      await field('dataProcessingAcknowledged').check();
      await submit(page);
      await expect(field('email')).toHaveAttribute('aria-invalid', 'true');
      expect(problems).toEqual([]);
    });

    test('the wizard steps with their errors and the demo it creates leave the console clean', async ({ page }) => {
      const problems = watchConsole(page);
      await visit(page, '/running-dinner-wizard?demoDinner=true');
      await page.locator('[name="zip"]').fill('D-1');
      await submit(page);
      await expect(page.locator('[name="zip"]')).toHaveAttribute('aria-invalid', 'true');
      await page.locator('[name="zip"]').fill('79100');
      for (const step of ['options', 'mealtimes', 'participants-preview', 'finish']) {
        await submit(page);
        await expect(page).toHaveURL(new RegExp(`/${step}\\?`));
        await page.waitForLoadState('networkidle');
      }
      await page.locator('[name="email"]').fill('orga@example.org');
      await page.locator('[name="consent"]').check();
      await submit(page);
      await expect(page).toHaveURL(/\/summary/);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });

    test('every admin page leaves the console clean', async ({ page, request }) => {
      const problems = watchConsole(page);
      const { adminId, teamId, participantId } = await dinnerWithTeams(request);
      for (const path of [
        '',
        '/settings',
        '/participants',
        `/participants/${participantId}`,
        '/teams',
        `/teams/${teamId}`,
      ])
        await visit(page, `/admin/${adminId}${path}`);
      expect(problems).toEqual([]);
    });
  });
}
