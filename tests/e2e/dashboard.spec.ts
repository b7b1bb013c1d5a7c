import { addDays } from '../../domain/local-dates.js';
import { type APIRequestContext, expect, test } from '../support/axe.js';
import { createDinner, englishDate, inEnglish, participantsApi, shoot, text } from '../support/e2e.js';
import { afterParty, inDays, registrationForm } from '../support/factories.js';

inEnglish();

const FIRST_NAMES = ['Jörg', 'Ülkü', 'Annemarie', 'Maximilian', 'Zoë', 'Bartholomäus', 'Mia', 'Sören'];
const LAST_NAMES = ['Müller-Lüdenscheidt', 'Öztürk', 'Weiß', 'Großkopf-Schönberger', 'Nguyễn', 'Roth'];

async function registerGuest(request: APIRequestContext, publicDinnerId: string, n: number) {
  const form = registrationForm({
    firstnamePart: FIRST_NAMES[n % FIRST_NAMES.length],
    lastname: `${LAST_NAMES[n % LAST_NAMES.length]} ${n}`,
    email: `gast${n}@example.org`,
  });
  const response = await request.post(`/rest/frontend/v1/runningdinner/${publicDinnerId}/register`, { data: form });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The organiser confirms the address (registration opens only then), then 40 registrations: 15 one by one, each
 * followed by a change of the settings, then 25 in a burst; the organiser confirms 20 of them. The feed then has 33
 * lines, the newest the burst.
 */
async function dinnerWithFortyRegistrations(request: APIRequestContext) {
  const dinner = await createDinner(request, { confirmed: true });
  const adminApi = `/rest/runningdinnerservice/v1/runningdinner/${dinner.adminId}`;
  for (let n = 1; n <= 15; n++) {
    await registerGuest(request, dinner.publicDinnerId, n);
    expect((await request.put(`${adminApi}/publicsettings/registration/true`)).status()).toBe(200);
  }
  for (let n = 16; n <= 40; n++) await registerGuest(request, dinner.publicDinnerId, n);
  const { unconfirmedParticipants } = await (
    await request.get(participantsApi(dinner.adminId, '/participants'))
  ).json();
  for (const { id } of unconfirmedParticipants.slice(0, 20)) {
    expect((await request.put(participantsApi(dinner.adminId, `/participant/${id}/activate`))).status()).toBe(200);
  }
  return dinner;
}

test('the activity feed of 40 registrations shows the latest 10 with the burst as one line, and all on request', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const { adminId } = await dinnerWithFortyRegistrations(request);
  await page.goto(`/admin/${adminId}`);
  const feed = page.getByTestId('activities');
  const lines = feed.getByTestId('activity');
  await expect(lines).toHaveCount(10);
  await expect(lines.first().getByTestId('activity-burst')).toContainText('25 people registered today');
  await expect(page.getByTestId('participant-count')).toHaveText(text('20 confirmed — 18 needed'));
  await shoot(page, 'dashboard-40-registrations-en');

  // The names open by keyboard.
  await lines
    .first()
    .getByRole('button', { name: text('Show names') })
    .focus();
  await page.keyboard.press('Enter');
  const names = lines.first().getByTestId('activity-burst-names');
  await expect(names).toContainText('Jörg Nguyễn 40');
  await expect(names).toContainText('Jörg Nguyễn 16');
  await expect(names).not.toContainText('Schönberger 15');

  const showAll = feed.getByRole('button', { name: text('Show all activities') });
  await expect(showAll).toHaveAttribute('aria-expanded', 'false');
  await showAll.click();
  await expect(lines).toHaveCount(33);
  await expect(lines.last()).toHaveText(/Running dinner created/);
  await expect(lines.filter({ hasText: 'Annemarie Weiß 2 registered' })).toHaveCount(1);
  await expect(feed.getByRole('button', { name: text('Show fewer') })).toHaveAttribute('aria-expanded', 'true');
  await shoot(page, 'dashboard-40-registrations-all-en');

  await feed.getByRole('button', { name: text('Show fewer') }).click();
  await expect(lines).toHaveCount(10);

  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  await page.reload();
  await expect(lines).toHaveCount(10);
  await shoot(page, 'dashboard-40-registrations-de');
});

test('a new dinner says that nothing has happened but its creation, without "show all"', async ({ page, request }) => {
  const { adminId } = await createDinner(request);
  await page.goto(`/admin/${adminId}`);
  const feed = page.getByTestId('activities');
  await expect(feed.getByTestId('activity')).toHaveCount(1);
  await expect(feed.getByRole('button', { name: text('Show all activities') })).toHaveCount(0);
  await expect(page.getByTestId('participant-count')).toHaveText(text('0 confirmed — 18 needed'));
});

test('an after-party after midnight shows its place and its date on the dashboard, the settings and the event page', async ({
  page,
  request,
}) => {
  const date = inDays(21);
  const { adminId, publicDinnerId } = await createDinner(request, { confirmed: true, date });
  const nextDay = addDays(date, 1);
  const shown = englishDate(nextDay);
  const set = await request.put(`/rest/runningdinnerservice/v1/runningdinner/${adminId}/afterpartylocation`, {
    data: afterParty(`${nextDay}T00:30`),
  });
  expect(set.status(), await set.text()).toBe(200);

  await page.goto(`/admin/${adminId}`);
  await expect(page.getByTestId('overview-after-party')).toHaveText(
    text(`Afterwards: Absacker from ${shown} 00:30, Zum Roten Bären, Konviktstraße 12, 79098 Freiburg`),
  );
  await shoot(page, 'dashboard-after-party');

  await page.goto(`/admin/${adminId}/settings`);
  await expect(
    page.getByRole('form', { name: 'After-party' }).getByRole('textbox', { name: 'Time', exact: true }),
  ).toHaveAccessibleDescription(`After midnight: on ${shown}`);

  await page.goto(`/running-dinner-events/${publicDinnerId}`);
  await expect(page.getByTestId('event-after-party')).toContainText(`Absacker · from ${shown} 00:30`);
  await shoot(page, 'event-after-party-after-midnight');
});
