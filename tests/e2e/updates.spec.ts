import type { Meal } from '../../contract/dinner.js';
import type { ParticipantUpdate } from '../../contract/updates.js';
import { type APIRequestContext, type BrowserContext, expect, test } from '../support/axe.js';
import { confirmByCreatedMail, shoot, teamOfRegistrant, teamsOf } from '../support/e2e.js';

// Issue 24, acceptance 4: before any mail a participant's page shows no team; after the routes went out and the
// organiser changed two teams' meals, the dashboard says how many people need an update, the updates tab names what
// changed for each, one click sends, and the dashboard open in another tab turns the step Done without a reload.

const messagesApi = (adminId: string, suffix: string) => `/rest/messageservice/v1/runningdinner/${adminId}${suffix}`;

async function sendRoutes(request: APIRequestContext, adminId: string) {
  const templates = await (await request.get(messagesApi(adminId, '/templates'))).json();
  const sent = await request.put(messagesApi(adminId, '/mails/dinnerroute'), {
    data: { ...templates.DINNER_ROUTE, teamSelection: 'ALL' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const jobId = (await sent.json()).id;
  await expect
    .poll(async () => (await (await request.get(messagesApi(adminId, `/messagejobs/${jobId}`))).json()).sendingStatus, {
      timeout: 20_000,
    })
    .toBe('SENDING_FINISHED');
}

const useLanguage = (context: BrowserContext, baseURL: string, language: 'de' | 'en') =>
  context.addCookies([{ name: 'lang', value: language, url: baseURL }]);

for (const language of ['en', 'de'] as const) {
  test(`after the routes went out, a change is listed, sent with one click and the dashboard turns Done live (${language})`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    // The set-up reads the outbox in English; the pages are looked at in the test's language.
    await useLanguage(context, baseURL!, 'en');
    const registrant = await teamOfRegistrant(
      page,
      request,
      {
        email: `updates.${language}.${Date.now()}@example.org`,
        firstnamePart: 'Ulla',
        lastname: 'Update',
        numSeats: 8,
      },
      { published: false },
    );
    const { adminId, selfAdminId, participantId } = registrant;
    await useLanguage(context, baseURL!, language);

    // Before any mail: the page says the teams are being made, and shows no team, partner or host.
    await page.goto(`/self/${selfAdminId}/teampartnerwish/${participantId}`);
    await expect(page.getByTestId('self-teams-coming')).toBeVisible();
    await expect(page.getByTestId('self-team-summary')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText(registrant.partner.lastname);
    await shoot(page, `updates-self-before-mail-${language}`);

    const dinner = await (await request.get(`/rest/runningdinnerservice/v1/runningdinner/${adminId}`)).json();
    await confirmByCreatedMail(request, adminId, dinner.basicDetails.title);
    await sendRoutes(request, adminId);
    const teams = (await teamsOf(request, adminId)).teams;
    const [first, other] = [teams[0]!, teams.find((t) => t.meal.id !== teams[0]!.meal.id)!];
    const swapped = await request.put(
      `/rest/teamservice/v1/runningdinner/${adminId}/meals/swap/${first.id}/${other.id}`,
    );
    expect(swapped.status()).toBe(200);
    const listed = await (await request.get(messagesApi(adminId, '/updates'))).json();
    expect(listed.length).toBeGreaterThan(0);

    // The dashboard, kept open in a second tab.
    const dashboard = await context.newPage();
    await dashboard.goto(`/admin/${adminId}`);
    const routesStep = dashboard.getByTestId('step-routes');
    await expect(routesStep).toHaveAttribute('data-status', 'warning');
    const routeChanged = listed.filter((u: ParticipantUpdate) => u.changes.some((c) => c.part === 'ROUTE')).length;
    await expect(routesStep.getByTestId('need-update')).toContainText(String(routeChanged));
    await dashboard.evaluate(() => Object.assign(window, { notReloaded: true }));
    await shoot(dashboard, `updates-dashboard-${language}`);

    await page.goto(`/admin/${adminId}`);
    await page
      .getByTestId('step-routes')
      .getByRole('link', { name: /what changed|Änderungen ansehen/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/messages/updates$`));
    const entries = page.getByTestId('update-entry');
    await expect(entries).toHaveCount(listed.length);
    const mealAt = (meal: Meal) => `${meal.label} (${meal.time.slice(11, 16)})`;
    const [before, after] = [mealAt(first.meal), mealAt(other.meal)];
    await expect(page.getByTestId('updates-list')).toContainText(
      language === 'en'
        ? `Your team now cooks ${after} instead of ${before}`
        : `Dein Team kocht jetzt ${after} statt ${before}`,
    );
    await expect(page.getByTestId('preview-subject')).not.toBeEmpty();
    await shoot(page, `updates-tab-${language}`);

    await page.getByTestId('send').click();
    await page.getByRole('button', { name: language === 'en' ? 'Send now' : 'Jetzt senden' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/messages/jobs/`));

    // The other tab follows without a reload.
    await expect(routesStep).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    expect(await dashboard.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await page.goto(`/admin/${adminId}/messages/updates`);
    await expect(page.getByTestId('updates-empty')).toBeVisible();
    await shoot(page, `updates-empty-${language}`);
  });
}
