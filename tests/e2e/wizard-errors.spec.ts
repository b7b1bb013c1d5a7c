import { addDays } from '../../domain/local-dates.js';
import { expect, type Page, test } from '../support/axe.js';
import { shoot } from '../support/e2e.js';
import { inDays } from '../support/factories.js';

// The wizard shows every problem of a step at once, under its field, and focuses the first one.

const TEXTS = {
  en: {
    next: 'Next',
    title: 'Title',
    zip: 'Zip code',
    city: 'City',
    zipDigits: 'The zip code must contain at least 4 digits',
    dateInPast: 'The date of the dinner must not be in the past',
    publicTitle: 'Public title',
    description: 'Description',
    name: 'Name',
    email: 'E-mail',
    invalidEmail: 'Invalid e-mail address',
    endAfterDinner: 'The end of registration must not be after the date of the dinner',
  },
  de: {
    next: 'Weiter',
    title: 'Titel',
    zip: 'Postleitzahl',
    city: 'Ort',
    zipDigits: 'Die Postleitzahl muss mindestens 4 Ziffern enthalten',
    dateInPast: 'Das Datum des Dinners darf nicht in der Vergangenheit liegen',
    publicTitle: 'Öffentlicher Titel',
    description: 'Beschreibung',
    name: 'Name',
    email: 'E-Mail',
    invalidEmail: 'Ungültige E-Mail-Adresse',
    endAfterDinner: 'Der Anmeldeschluss darf nicht nach dem Datum des Dinners liegen',
  },
};

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
/** Date inputs are no textboxes; found by their field name. */
const dateField = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

for (const language of ['en', 'de'] as const) {
  const words = TEXTS[language];

  test(`every problem of a step shows at once, with the first focused (${language})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: language, url: baseURL! }]);
    const next = page.getByRole('button', { name: words.next, exact: true });
    await page.goto('/running-dinner-wizard');

    // A wrong zip and a date in the past.
    await textbox(page, words.title).fill('Kochen im Stühlinger');
    await textbox(page, words.zip).fill('D-791');
    await textbox(page, words.city).fill('Freiburg');
    await dateField(page, 'date').fill(inDays(-1));
    await next.click();
    await expect(textbox(page, words.zip)).toHaveAccessibleDescription(words.zipDigits);
    await expect(dateField(page, 'date')).toHaveAccessibleDescription(words.dateInPast);
    await expect(textbox(page, words.zip)).toBeFocused();
    await shoot(page, `wizard-errors-basics-${language}`);

    const date = inDays(30);
    await textbox(page, words.zip).fill('79106');
    await dateField(page, 'date').fill(date);
    await next.click();
    await expect(page).toHaveURL(/\/options$/);
    await next.click();
    await expect(page).toHaveURL(/\/mealtimes$/);
    await next.click();
    await expect(page).toHaveURL(/\/registration-settings$/);

    // A bad contact e-mail and an end of registration after the dinner.
    await textbox(page, words.publicTitle).fill('Running Dinner im Stühlinger');
    await textbox(page, words.description).fill('Drei Gänge, drei Küchen, viele neue Leute.');
    await dateField(page, 'endOfRegistrationDate').fill(addDays(date, 1));
    await textbox(page, words.name).fill('Clara Öztürk');
    await textbox(page, words.email).fill('orga@');
    await next.click();
    await expect(dateField(page, 'endOfRegistrationDate')).toHaveAccessibleDescription(
      new RegExp(words.endAfterDinner),
    );
    await expect(textbox(page, words.email)).toHaveAccessibleDescription(words.invalidEmail);
    await expect(dateField(page, 'endOfRegistrationDate')).toBeFocused();
    await shoot(page, `wizard-errors-registration-settings-${language}`);
  });
}
