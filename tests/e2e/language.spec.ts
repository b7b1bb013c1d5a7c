import { expect, test } from '../support/axe.js';
import { shoot, text } from '../support/e2e.js';

// A first visit (no `lang` cookie) gets the UI in the browser's language, German unless it prefers English; the
// choice is remembered, and a new event speaks the UI's language unless the organiser picks another.

test.describe('an English browser', () => {
  test.use({ locale: 'en-GB' });

  test('lands in English, keeps it, and the wizard makes an English event', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('Three courses, three kitchens, many new people.'),
    );
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
    await shoot(page, 'language-browser-en');

    await page.goto('/running-dinner-wizard');
    await expect(page.getByRole('radio', { name: /^English/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /^Deutsch/ })).not.toBeChecked();
  });

  test('a language picked on the page wins over the browser’s from then on', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Deutsch', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('Drei Gänge, drei Küchen, viele neue Leute.'),
    );
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('Drei Gänge, drei Küchen, viele neue Leute.'),
    );
    await page.goto('/running-dinner-wizard');
    await expect(page.getByRole('radio', { name: /^Deutsch/ })).toBeChecked();
  });
});

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('lands in German and the wizard makes a German event', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('Drei Gänge, drei Küchen, viele neue Leute.'),
    );
    await shoot(page, 'language-browser-de');
    await page.goto('/running-dinner-wizard');
    await expect(page.getByRole('radio', { name: /^Deutsch/ })).toBeChecked();
  });
});

test.describe('a browser in neither language', () => {
  test.use({ locale: 'fr-FR' });

  test('lands in German', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('Drei Gänge, drei Küchen, viele neue Leute.'),
    );
  });
});
