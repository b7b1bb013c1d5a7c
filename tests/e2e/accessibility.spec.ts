import { checkAccessibility, expect, type Page, test } from '../support/axe.js';
import { createDinner, LANDING_PATHS, phone, teamOfRegistrant } from '../support/e2e.js';

// Every page of the app in both languages, on a laptop and on a phone, checked with axe (tests/support/axe.ts fails
// a test on a serious or critical violation). Every spec checks the pages it visits too; this one makes sure each
// page is checked, whatever the other specs come to do.

const desktop = { width: 1280, height: 800 };

/** Checks the page that is open on a laptop and on a phone. */
async function checkBothWidths(page: Page) {
  await page.setViewportSize(desktop);
  await checkAccessibility(page);
  await page.setViewportSize(phone);
  await checkAccessibility(page);
  await page.setViewportSize(desktop);
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await checkBothWidths(page);
}

const submit = (page: Page) => page.locator('form button[type="submit"]').last().click();
const messagesApi = (adminId: string, suffix: string) => `/rest/messageservice/v1/runningdinner/${adminId}${suffix}`;

// Two scans a page on a machine that may be busy.
test.describe.configure({ timeout: 300_000 });

for (const language of ['de', 'en'] as const) {
  test.describe(`in ${language === 'en' ? 'English' : 'German'}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: 'lang', value: language, url: baseURL! }]);
    });

    test('the public pages', async ({ page, request }) => {
      const { publicDinnerId } = await createDinner(request, { confirmed: true });
      for (const path of [...LANDING_PATHS, '/lost-link', `/running-dinner-events/${publicDinnerId}`])
        await visit(page, path);
      // The registration form with its own checks failed.
      await submit(page);
      await expect(page.getByTestId('registration-form').locator('[aria-invalid="true"]').first()).toBeVisible();
      await checkBothWidths(page);
    });

    test('every step of the wizard', async ({ page }) => {
      await visit(page, '/running-dinner-wizard');
      await page.locator('[name="title"]').fill('Barrierefrei');
      await page.locator('[name="city"]').fill('Freiburg');
      await page.locator('[name="zip"]').fill('79100');
      await page.locator('[name="date"]').fill('2030-11-27');
      await page.locator('[name="registrationType"][value="PUBLIC"]').check({ force: true });
      for (const step of ['options', 'mealtimes', 'registration-settings']) {
        await submit(page);
        await expect(page).toHaveURL(new RegExp(`/${step}`));
        await checkBothWidths(page);
      }
      // The public settings with the form's own checks failed, then filled in.
      await submit(page);
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await checkBothWidths(page);
      await page.locator('[name="title"]').fill('Barrierefrei in Freiburg');
      await page.locator('[name="description"]').fill('Drei Gänge, drei Küchen.');
      await page.locator('[name="publicContactName"]').fill('Clara Öztürk');
      await page.locator('[name="publicContactEmail"]').fill('orga@example.org');
      for (const step of ['participants-preview', 'finish']) {
        await submit(page);
        await expect(page).toHaveURL(new RegExp(`/${step}`));
        await checkBothWidths(page);
      }
      await page.locator('[name="email"]').fill('orga@example.org');
      await page.locator('[name="contract.fullname"]').fill('Clara Öztürk');
      await page.locator('[name="contract.streetWithNr"]').fill('Habsburgerstraße 9');
      await page.locator('[name="contract.zip"]').fill('79104');
      await page.locator('[name="contract.city"]').fill('Freiburg');
      await page.locator('[name="consent"]').check();
      await submit(page);
      await expect(page).toHaveURL(/\/summary/);
      await checkBothWidths(page);
    });

    test('the admin pages, the personal pages and the outbox', async ({ page, request, context, baseURL }) => {
      const email = `a11y.${language}.${Date.now()}@example.org`;
      // The set-up reads the outbox in English.
      await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
      const { adminId, publicDinnerId, selfAdminId, participantId, team } = await teamOfRegistrant(page, request, {
        email,
      });
      await context.addCookies([{ name: 'lang', value: language, url: baseURL! }]);
      const templates = await (await request.get(messagesApi(adminId, '/templates'))).json();
      const sent = await request.put(messagesApi(adminId, '/mails/team?sendToDinnerOwner=false'), {
        data: { ...templates.TEAM, teamSelection: 'ALL', customSelectedTeamIds: [] },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      const job = await sent.json();
      for (const path of [
        '',
        '/settings',
        '/participants',
        '/participants/new',
        `/participants/${participantId}`,
        '/teams',
        `/teams/${team.id}`,
        '/dinnerroute',
        `/dinnerroute/${team.id}`,
        '/messages',
        '/messages/teams',
        '/messages/dinnerroute',
        `/messages/jobs/${job.id}`,
        '/payments',
        '/resend',
      ])
        await visit(page, `/admin/${adminId}${path}`);
      for (const path of [
        `/teampartnerwish/${participantId}`,
        `/teamhost/${participantId}/${team.id}`,
        `/dinnerroute/${participantId}/${team.id}`,
      ])
        await visit(page, `/self/${selfAdminId}${path}`);
      await visit(page, `/running-dinner-events/${publicDinnerId}/${participantId}/activate`);
      await visit(page, '/mailbox');
      await page.getByTestId('mail-row').filter({ hasText: email }).first().getByRole('link').click();
      await expect(page.getByTestId('mail-text')).toBeVisible();
      await checkBothWidths(page);
    });
  });
}
