import { expect, type Page, test } from '../support/axe.js';
import { createDinner, inEnglish, participantsApi, text } from '../support/e2e.js';
import { registrationForm } from '../support/factories.js';

// Issue 11, live over SSE: what happens elsewhere (a guest registers, someone confirms) appears on the open
// dashboard and participant list without reloading.

inEnglish();

/** A mark in the page's window: gone if the page was loaded again. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
const stillMarked = (page: Page) => page.evaluate(() => 'notReloaded' in window);

test('a registration and a confirmation appear on the open dashboard and participant list', async ({
  page,
  request,
}) => {
  const { adminId, publicDinnerId } = await createDinner(request, { confirmed: true });
  const register = async (fields: Record<string, unknown>) =>
    expect(
      (
        await request.post(`/rest/frontend/v1/runningdinner/${publicDinnerId}/register`, {
          data: registrationForm(fields),
        })
      ).status(),
    ).toBe(200);
  await page.goto(`/admin/${adminId}`);
  await expect(page.getByTestId('registrations-empty')).toBeVisible();
  await markPage(page);

  await register({ firstnamePart: 'Zoë', lastname: 'Großkopf', email: 'zoe.live@example.org' });
  await expect(page.getByTestId('registration-link')).toContainText('Zoë Großkopf');
  await expect(page.getByTestId('activity').first()).toContainText('Zoë Großkopf registered');

  const { unconfirmedParticipants } = await (await request.get(participantsApi(adminId, '/participants'))).json();
  expect(
    (await request.put(participantsApi(adminId, `/participant/${unconfirmedParticipants[0].id}/activate`))).status(),
  ).toBe(200);
  await expect(page.getByTestId('participant-count')).toHaveText(text('1 confirmed — 18 needed'));

  await page.getByTestId('registrations-show-all').click();
  await expect(page.getByTestId('participant-row')).toHaveCount(1);
  await register({ firstnamePart: 'Jörg', lastname: 'Weiß', email: 'joerg.live@example.org' });
  await expect(page.getByTestId('participant-row')).toHaveCount(2);
  expect(await stillMarked(page)).toBe(true);
});

test('without the stream (refused by a proxy, say) the dashboard polls for changes', async ({ page, request }) => {
  const { adminId, publicDinnerId } = await createDinner(request, { confirmed: true });
  let refusals = 0;
  await page.route('**/sse/**', (route) => {
    refusals++;
    return route.fulfill({ status: 503, body: '' });
  });
  await page.goto(`/admin/${adminId}`);
  await expect(page.getByTestId('registrations-empty')).toBeVisible();
  await markPage(page);

  const form = registrationForm({ firstnamePart: 'Mia', lastname: 'Roth', email: 'mia.poll@example.org' });
  expect(
    (await request.post(`/rest/frontend/v1/runningdinner/${publicDinnerId}/register`, { data: form })).status(),
  ).toBe(200);
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('registrations-empty')).toBeVisible();
  // Refused after 0, 1 and 3 s; then polled every 5 s.
  await expect(page.getByTestId('registration-link')).toContainText('Mia Roth', { timeout: 15_000 });
  expect(refusals).toBeGreaterThanOrEqual(3);
  expect(await stillMarked(page)).toBe(true);
});
