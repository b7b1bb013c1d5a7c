import { type APIRequestContext, expect, test } from '../support/axe.js';
import {
  createDinner,
  inEnglish,
  participantsApi,
  shoot,
  shootElement,
  teamOfRegistrant,
  text,
  textIn,
} from '../support/e2e.js';
import { registrationForm } from '../support/factories.js';

// The personal link is the participant's home: before the teams their registration and partner wish, afterwards
// their team with the ways to the hosting and the route. The organiser copies it from the participant's page.

inEnglish();

/** The personal link of a participant, as the organiser's API gives it. */
async function personalLinkOf(request: APIRequestContext, adminId: string, participantId: string): Promise<string> {
  const response = await request.get(participantsApi(adminId, `/participant/${participantId}/personallink`));
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).url;
}

/** Registers through the public form and answers the new participant's id (the organiser's list knows it). */
async function register(
  request: APIRequestContext,
  dinner: { adminId: string; publicDinnerId: string },
  form: Record<string, unknown> & { email: string },
) {
  const registered = await request.post(`/rest/frontend/v1/runningdinner/${dinner.publicDinnerId}/register`, {
    data: registrationForm(form),
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const list = await (await request.get(participantsApi(dinner.adminId, '/participants'))).json();
  return list.unconfirmedParticipants.find((p: { email: string }) => p.email === form.email).id as string;
}

test('before the teams, the personal page shows the registration and takes a wish for someone not registered', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const dinner = await createDinner(request, { confirmed: true });
  const email = `grete.${Date.now()}@example.org`;
  const participantId = await register(request, dinner, {
    email,
    firstnamePart: 'Grete',
    lastname: 'Müller-Lüdenscheidt',
    numSeats: 8,
    vegetarian: true,
    mealSpecificsNote: 'Keine Haselnüsse',
    teamPartnerWishEmail: 'hans.wurst@example.org',
  });
  expect((await request.put(participantsApi(dinner.adminId, `/participant/${participantId}/activate`))).status()).toBe(
    200,
  );
  await page.goto(new URL(await personalLinkOf(request, dinner.adminId, participantId)).pathname);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Your running dinner'));
  await expect(page.getByTestId('self-next-steps')).toBeVisible();
  const registration = page.getByTestId('self-registration');
  await expect(registration).toContainText('Grete Müller-Lüdenscheidt');
  await expect(registration).toContainText('Habsburgerstraße 9');
  await expect(page.getByTestId('self-registration-seats')).toContainText('8 seats');
  await expect(page.getByTestId('self-registration-diet')).toContainText('Vegetarian');
  await expect(page.getByTestId('self-registration-diet')).toContainText('Keine Haselnüsse');
  await expect(page.getByTestId('self-unconfirmed')).toHaveCount(0);
  await expect(page.getByTestId('self-partner-state').locator('[data-state="not-registered"]')).toContainText(
    'hans.wurst@example.org',
  );
  await expect(page.getByTestId('self-team-summary')).toHaveCount(0);
  await shoot(page, 'self-hub-before-en');

  // Another partner who is not registered: stored, and invited by mail.
  const field = page.getByRole('textbox', { name: "Your partner's e-mail" });
  await field.fill('lotte.neu@example.org');
  await field.press('Enter');
  await expect(page.getByText(textIn('we have invited lotte.neu@example.org by e-mail'))).toBeVisible();
  await expect(page.getByTestId('self-partner-state')).toContainText('lotte.neu@example.org');

  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  await page.reload();
  await expect(page.getByTestId('self-registration')).toBeVisible();
  await shoot(page, 'self-hub-before-de');
});

test('after the teams, the personal page shows the team and leads to the hosting and the route', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const { selfAdminId, participantId, team, partner } = await teamOfRegistrant(page, request, {
    email: `hub.${Date.now()}@example.org`,
    firstnamePart: 'Hanna',
    lastname: 'Hübner',
    numSeats: 8,
  });
  const home = `/self/${selfAdminId}/teampartnerwish/${participantId}`;
  await page.goto(home);

  const summary = page.getByTestId('self-team-summary');
  await expect(summary).toContainText(`Team ${team.teamNumber}`);
  await expect(page.getByTestId('self-team-partner')).toHaveText(
    textIn(`${partner.firstnamePart} ${partner.lastname}`),
  );
  await expect(page.getByTestId('self-team-meal')).toContainText(team.meal.label);
  await expect(page.getByTestId('self-team-host')).toBeVisible();
  await expect(page.getByTestId('self-partner-card')).toHaveCount(0);
  await expect(page.getByTestId('self-next-steps')).toHaveCount(0);
  await shoot(page, 'self-hub-after-en');

  // Both links open their page, and each leads back home.
  await page.getByTestId('self-link-route').click();
  await expect(page).toHaveURL(new RegExp(`/self/${selfAdminId}/dinnerroute/${participantId}/${team.id}$`));
  await expect(page.getByTestId('self-route-page')).toBeVisible();
  await page.getByTestId('self-back-home').click();
  await expect(summary).toBeVisible();
  await page.getByTestId('self-link-team').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/self/${selfAdminId}/teamhost/${participantId}/${team.id}$`));
  await expect(page.getByTestId('self-team-page')).toBeVisible();
  await page.getByTestId('self-back-home').click();
  await expect(summary).toBeVisible();

  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(summary).toBeVisible();
  await shoot(page, 'self-hub-after-de');
});

test("the organiser copies a participant's personal link from their page", async ({ page, request, context }) => {
  const dinner = await createDinner(request, { confirmed: true });
  const participantId = await register(request, dinner, {
    email: `kopie.${Date.now()}@example.org`,
    firstnamePart: 'Kim',
    lastname: 'Kopie',
  });
  const url = await personalLinkOf(request, dinner.adminId, participantId);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto(`/admin/${dinner.adminId}/participants/${participantId}`);
  const card = page.getByTestId('personal-link');
  await expect(card.getByTestId('personal-link-url')).toHaveText(url);
  expect(url).toMatch(new RegExp(`/self/[0-9a-f-]{36}/teampartnerwish/${participantId}$`));
  await card.getByRole('button', { name: text('Copy link') }).click();
  await expect(card.getByRole('button', { name: text('Copied') })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await shootElement(card, 'participant-personal-link-en');

  // The copied link opens the participant's page.
  await page.goto(new URL(url).pathname);
  await expect(page.getByTestId('self-registration')).toContainText('Kim Kopie');
});
