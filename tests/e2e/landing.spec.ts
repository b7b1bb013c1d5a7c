import { expect, test } from '../support/axe.js';
import { createDinner, inEnglish, screenshot, shoot, text } from '../support/e2e.js';

inEnglish();

test('the home page explains the idea and leads to the wizard and the demo', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('Three courses, three kitchens, many new people.'),
  );
  await expect(page.getByTestId('cta-wizard')).toHaveAttribute('href', '/running-dinner-wizard');
  await expect(page.getByTestId('cta-demo')).toHaveAttribute('href', '/running-dinner-wizard?demoDinner=true');
  await shoot(page, 'landing-home');
});

const pages: [string, string][] = [
  ['/running-dinner-veranstalten-teilnehmen', 'How a running dinner works'],
  ['/create-running-dinner', 'Organise a running dinner'],
  ['/news', 'News'],
  ['/impressum', 'Imprint'],
  ['/datenschutz', 'Privacy'],
  ['/running-dinner-events', 'Public running dinners'],
];
for (const [path, title] of pages) {
  test(`${path} shows “${title}” with header and footer`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(title));
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await shoot(page, `landing${path.replace(/\//g, '-')}`);
  });
}

test('the news say what the app does today, newest first, each with its date', async ({ page }) => {
  await page.goto('/news');
  const dates = page.getByRole('article').locator('time');
  await expect(dates.first()).toHaveAttribute('datetime', '2026-11-26');
  await expect(page.getByRole('article').first()).toContainText('several servers sharing the work');
  await expect(page.getByRole('article').nth(1)).toContainText('pay it by card');
  await expect(page.getByRole('article').nth(2)).toContainText('shortens everyone');
  await expect(dates.nth(3)).toHaveAttribute('datetime', '2026-11-25');
  await expect(page.getByRole('article').nth(3)).toContainText('watch hundreds go out live');
});

test('the home page promises no team mails at the push of a button', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('push of a button')).toHaveCount(0);
  await expect(page.getByText(/Teams and routes go to all participants in one message/)).toBeVisible();
  // The personal link brings team and route today: nothing is promised for "soon".
  await expect(page.getByText(/Your team and your dinner route reach your phone that way too/)).toBeVisible();
  await expect(page.getByText(/Soon/)).toHaveCount(0);
});

test('the public events list shows its empty state when nothing is public', async ({ page }) => {
  // Other tests create public events on this server: here the server answers that there are none.
  await page.route('**/rest/frontend/v1/runningdinner', (route) => route.fulfill({ json: [] }));
  await page.goto('/running-dinner-events');
  await expect(page.getByTestId('public-events-empty')).toBeVisible();
  await expect(page.getByTestId('public-event')).toHaveCount(0);
});

test('the public events list shows every public event and no empty state', async ({ page, request }) => {
  const { publicTitle } = await createDinner(request, { confirmed: true });
  const listed = await (await request.get('/rest/frontend/v1/runningdinner')).json();
  await page.goto('/running-dinner-events');
  await expect(page.getByTestId('public-event')).toHaveCount(listed.length);
  await expect(page.getByTestId('public-event').filter({ hasText: publicTitle })).toBeVisible();
  await expect(page.getByTestId('public-events-empty')).toHaveCount(0);
  // The title leads to the event's page as well as its button.
  await page.getByRole('heading', { name: publicTitle }).getByRole('link', { name: publicTitle }).click();
  await expect(page.getByTestId('public-dinner-title')).toHaveText(text(publicTitle));
});

test('the phone menu opens, navigates and closes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: text('Menu') }).click();
  await screenshot(page, 'landing-menu-open-390');
  await page
    .getByRole('navigation', { name: text('Main navigation') })
    .getByRole('link', { name: text('News') })
    .click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('News'));
  await expect(page.getByRole('navigation', { name: text('Main navigation') })).toHaveCount(0);
});

test('an unknown path shows a friendly 404 page', async ({ page }) => {
  await page.goto('/gibt-es-nicht');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('This page does not exist'));
  await shoot(page, 'landing-404');
  await page.getByRole('link', { name: text('To the home page') }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('Three courses, three kitchens, many new people.'),
  );
});
