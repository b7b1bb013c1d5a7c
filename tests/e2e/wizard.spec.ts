import { expect, type Page, test } from '../support/axe.js';
import { englishDate, inEnglish, shoot } from '../support/e2e.js';
import { inDays } from '../support/factories.js';

// The event-creation wizard in a real Chromium against the built server. Texts are asserted in English
// (the language cookie is set per test), dates relative to today.

async function next(page: Page) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

inEnglish();

test('a closed dinner goes through every step and ends on its admin dashboard', async ({ page, request }) => {
  const date = inDays(21);
  await page.goto('/running-dinner-wizard');
  await expect(page.getByRole('heading', { name: 'Create your running dinner' })).toBeVisible();
  await expect(page.getByText('Step 1 of 6')).toBeVisible();

  await page.getByLabel('Title').fill('Kochen im Stühlinger');
  await page.getByLabel('Zip code').fill('79106');
  await page.getByLabel('City').fill('Freiburg im Breisgau');
  await page.getByLabel('Date').fill(date);
  await page.getByRole('radio', { name: /^Closed/ }).click();
  // The event's language follows the UI's until the organiser picks another: this one is for German speakers.
  await expect(page.getByRole('radio', { name: /^English/ })).toBeChecked();
  await page.getByRole('radio', { name: /^Deutsch/ }).click();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await shoot(page, 'wizard-closed-1-basics');
  await next(page);

  await expect(page).toHaveURL(/\/running-dinner-wizard\/options$/);
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  // After each step the focus is on the new step's heading, not lost on the page.
  await expect(page.getByRole('heading', { name: 'Step 2 of 5 · Details' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Course 1' })).toHaveValue('Vorspeise');
  await page.getByRole('switch', { name: 'Allow team partner wishes' }).click();
  await shoot(page, 'wizard-closed-2-options');
  await next(page);

  await expect(page).toHaveURL(/\/mealtimes$/);
  await expect(page.getByRole('heading', { name: 'Step 3 of 5 · Schedule' })).toBeFocused();
  // The common evening: 18:30, 20:00, 21:30.
  await expect(page.getByLabel('Vorspeise')).toHaveValue('18:30');
  await expect(page.getByLabel('Hauptgericht')).toHaveValue('20:00');
  await expect(page.getByLabel('Nachspeise')).toHaveValue('21:30');
  await page.getByLabel('Nachspeise').fill('22:30');
  await shoot(page, 'wizard-closed-3-mealtimes');
  await next(page);

  // Closed dinners skip the public registration settings.
  await expect(page).toHaveURL(/\/participants-preview$/);
  await expect(page.getByText('participants make a complete dinner with 3 courses: 9 teams of two.')).toBeVisible();
  await shoot(page, 'wizard-closed-4-preview');
  await next(page);

  await expect(page).toHaveURL(/\/finish$/);
  await page.getByLabel('E-mail').fill('orga@example.org');
  await page.getByLabel('Full name').fill('Jürgen Müller-Lüdenscheidt');
  await page.getByLabel('Street and number').fill('Eschholzstraße 12');
  await page.getByLabel('Zip code').fill('79106');
  await page.getByLabel('City').fill('Freiburg');
  await page.getByLabel(/I agree that my data/).check();
  await shoot(page, 'wizard-closed-5-finish');
  await page.getByRole('button', { name: 'Create running dinner' }).click();

  await expect(page).toHaveURL(/\/running-dinner-wizard\/summary$/);
  await expect(page.getByText('Your running dinner has been created!')).toBeVisible();
  const adminLink = await page.getByLabel('Administration link').inputValue();
  expect(adminLink).toMatch(/\/admin\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Registration link')).toHaveCount(0);
  // Nobody registers themselves for a closed event: no fee to set.
  await expect(page.getByTestId('summary-set-fee')).toHaveCount(0);
  await expect(page.getByText(/We sent you a mail to orga@example.org/)).toBeVisible();
  // The date in the English UI's format ("18 Dec 2026"), not the German "18.12.2026".
  await expect(page.getByText(`Kochen im Stühlinger · Freiburg im Breisgau · ${englishDate(date)}`)).toBeVisible();
  await shoot(page, 'wizard-closed-6-summary');

  await page.getByRole('button', { name: 'Open administration' }).click();
  await expect(page).toHaveURL(/\/admin\/[0-9a-f-]{36}$/);
  const adminId = new URL(page.url()).pathname.split('/').at(-1)!;
  expect(adminLink.endsWith(adminId)).toBe(true);

  const dinner = await (await request.get(`/rest/runningdinnerservice/v1/runningdinner/${adminId}`)).json();
  expect(dinner.runningDinnerType).toBe('STANDARD');
  expect(dinner.email).toBe('orga@example.org');
  expect(dinner.basicDetails).toMatchObject({
    title: 'Kochen im Stühlinger',
    city: 'Freiburg im Breisgau',
    zip: '79106',
    date,
    registrationType: 'CLOSED',
    languageCode: 'de',
  });
  expect(dinner.options.meals.map((m: { label: string; time: string }) => [m.label, m.time])).toEqual([
    ['Vorspeise', `${date}T18:30`],
    ['Hauptgericht', `${date}T20:00`],
    ['Nachspeise', `${date}T22:30`],
  ]);
  expect(dinner.options.teamPartnerWishDisabled).toBe(true);
  expect(dinner.contract).toMatchObject({
    fullname: 'Jürgen Müller-Lüdenscheidt',
    streetWithNr: 'Eschholzstraße 12',
    zip: '79106',
    city: 'Freiburg',
  });
  expect(dinner.afterPartyLocation).toBeNull();
});

test('a public dinner with two courses and an after-party ends on its admin dashboard', async ({ page, request }) => {
  const date = inDays(40);
  await page.goto('/running-dinner-wizard');
  await page.getByLabel('Title').fill('Running Dinner Wiehre');
  await page.getByLabel('Zip code').fill('79100');
  await page.getByLabel('City').fill('Freiburg');
  await page.getByLabel('Date').fill(date);
  await page.getByRole('radio', { name: /^Public/ }).click();
  await page.getByRole('radio', { name: /^English/ }).click();
  await next(page);

  await expect(page).toHaveURL(/\/options$/);
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  // English event: English default course names; drop the dessert.
  await expect(page.getByRole('textbox', { name: 'Course 3' })).toHaveValue('Dessert');
  await page.getByRole('button', { name: 'Remove course 3' }).click();
  await expect(page.getByRole('textbox', { name: 'Course 3' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Course 2' }).fill('Main dish');
  await page.getByLabel('Only these zip codes (optional)').fill('79100-79115, 79117');
  await page.getByRole('switch', { name: 'Everyone meets after the last course' }).click();
  // The party is prefilled from the basics, named in the event's language and starts 90 minutes after the last course.
  await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Freiburg');
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('After-party');
  await expect(page.getByLabel('Starts at')).toHaveValue(`${date}T21:30`);
  await page.getByRole('textbox', { name: 'Street', exact: true }).fill('Günterstalstraße');
  await page.getByLabel('No.').fill('42');
  await shoot(page, 'wizard-public-2-options');
  await next(page);

  await expect(page).toHaveURL(/\/mealtimes$/);
  await page.getByLabel('Appetizer').fill('18:00');
  await shoot(page, 'wizard-public-3-mealtimes');
  await next(page);

  await expect(page).toHaveURL(/\/registration-settings$/);
  await expect(page.getByLabel('End of registration')).toHaveValue(inDays(35));
  // The title of step 1 is the public title until the organiser writes another.
  await expect(page.getByLabel('Public title')).toHaveValue('Running Dinner Wiehre');
  await page.getByLabel('Public title').fill('Running Dinner in der Wiehre');
  await page.getByLabel('Description').fill('Drei Gänge, drei Küchen, viele neue Leute. Danach feiern wir zusammen!');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Anna Schäfer');
  await page.getByLabel('E-mail').fill('anna@example.org');
  await page.getByLabel('Phone (optional)').fill('+49 761 123456');
  await shoot(page, 'wizard-public-4-registration');
  await next(page);

  await expect(page).toHaveURL(/\/participants-preview$/);
  await expect(page.getByText('participants make a complete dinner with 2 courses: 4 teams of two.')).toBeVisible();
  await expect(page.getByText('8', { exact: true })).toBeVisible();
  await next(page);

  // The contact became organiser and contract name.
  await expect(page).toHaveURL(/\/finish$/);
  await expect(page.getByLabel('E-mail')).toHaveValue('anna@example.org');
  await expect(page.getByLabel('Full name')).toHaveValue('Anna Schäfer');
  await page.getByLabel('Street and number').fill('Lorettostraße 1');
  await page.getByLabel('Zip code').fill('79100');
  await page.getByLabel('City').fill('Freiburg');
  await page.getByLabel(/send me news/).check();
  // Without the consent nothing is created.
  await page.getByRole('button', { name: 'Create running dinner' }).click();
  await expect(page.getByText('Please agree to the data processing terms.')).toBeVisible();
  await expect(page.getByLabel(/I agree that my data/)).toBeFocused();
  await page.getByLabel(/I agree that my data/).check();
  await page.getByRole('button', { name: 'Create running dinner' }).click();

  await expect(page.getByText('Your running dinner has been created!')).toBeVisible();
  await expect(page.getByLabel('Registration link')).toHaveValue(/\/running-dinner-events\/.+/);
  await expect(page.getByTestId('summary-set-fee')).toBeVisible();
  await shoot(page, 'wizard-public-6-summary');
  await page.getByRole('button', { name: 'Open administration' }).click();
  await expect(page).toHaveURL(/\/admin\/[0-9a-f-]{36}$/);
  const adminId = new URL(page.url()).pathname.split('/').at(-1)!;

  const dinner = await (await request.get(`/rest/runningdinnerservice/v1/runningdinner/${adminId}`)).json();
  expect(dinner.basicDetails).toMatchObject({
    title: 'Running Dinner Wiehre',
    registrationType: 'PUBLIC',
    languageCode: 'en',
    date,
  });
  expect(dinner.options.meals.map((m: { label: string; time: string }) => [m.label, m.time])).toEqual([
    ['Appetizer', `${date}T18:00`],
    ['Main dish', `${date}T20:00`],
  ]);
  expect(dinner.options.zipRestrictions).toBe('79100-79115, 79117');
  expect(dinner.publicSettings).toMatchObject({
    title: 'Running Dinner in der Wiehre',
    publicContactName: 'Anna Schäfer',
    publicContactEmail: 'anna@example.org',
    publicContactMobileNumber: '+49 761 123456',
    endOfRegistrationDate: inDays(35),
  });
  expect(dinner.email).toBe('anna@example.org');
  expect(dinner.contract).toMatchObject({ fullname: 'Anna Schäfer', newsletterEnabled: true });
  expect(dinner.afterPartyLocation).toMatchObject({
    title: 'After-party',
    time: `${date}T21:30`,
    street: 'Günterstalstraße',
    streetNr: '42',
    zip: '79100',
    cityName: 'Freiburg',
  });
});

test('the demo wizard is prefilled, needs only an e-mail and ends on the admin dashboard', async ({
  page,
  request,
}) => {
  await page.goto('/running-dinner-wizard?demoDinner=true');
  await expect(page.getByRole('heading', { name: 'Try a demo running dinner' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Demo Running Dinner');
  await expect(page.getByLabel('City')).toHaveValue('Freiburg');
  await expect(page.getByLabel('Zip code')).toHaveValue('79100');
  await expect(page.getByLabel('Date')).toHaveValue(inDays(30));
  await expect(page.getByRole('radio', { name: /^Closed/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /^English/ })).toBeChecked();
  await shoot(page, 'wizard-demo-1-basics');
  await next(page);
  await expect(page).toHaveURL(/\/options\?demoDinner=true$/);
  await next(page);
  await expect(page).toHaveURL(/\/mealtimes\?demoDinner=true$/);
  await next(page);
  await expect(page).toHaveURL(/\/participants-preview\?demoDinner=true$/);
  await expect(page.getByText(/we create 18 made-up participants/)).toBeVisible();
  await shoot(page, 'wizard-demo-4-preview');
  await next(page);

  await expect(page).toHaveURL(/\/finish\?demoDinner=true$/);
  await expect(page.getByLabel('Full name')).toHaveCount(0);
  await page.getByLabel('E-mail').fill('demo@example.org');
  await page.getByLabel(/I agree that my data/).check();
  await shoot(page, 'wizard-demo-5-finish');
  await page.getByRole('button', { name: 'Create demo' }).click();

  await expect(page.getByText('Your demo is ready!')).toBeVisible();
  await shoot(page, 'wizard-demo-6-summary');
  await page.getByRole('button', { name: 'Open administration' }).click();
  await expect(page).toHaveURL(/\/admin\/[0-9a-f-]{36}$/);
  const adminId = new URL(page.url()).pathname.split('/').at(-1)!;
  const dinner = await (await request.get(`/rest/runningdinnerservice/v1/runningdinner/${adminId}`)).json();
  expect(dinner.runningDinnerType).toBe('DEMO');
  expect(dinner.basicDetails).toMatchObject({
    title: 'Demo Running Dinner',
    city: 'Freiburg',
    registrationType: 'CLOSED',
    date: inDays(30),
  });
  expect(dinner.participantCount).toBe(18);
});

test('what the wizard writes for a demo follows the event language, not the page language', async ({ page }) => {
  await page.goto('/running-dinner-wizard?demoDinner=true');
  await page.getByRole('radio', { name: /^Public/ }).click();
  await page.getByRole('radio', { name: /^Deutsch/ }).click();
  await next(page);
  await expect(page.getByRole('textbox', { name: 'Course 1' })).toHaveValue('Vorspeise');
  await page.getByRole('switch', { name: 'Everyone meets after the last course' }).click();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Aftershowparty');
  await page.getByRole('textbox', { name: 'Street', exact: true }).fill('Günterstalstraße');
  await page.getByLabel('No.').fill('42');
  await next(page);
  await next(page);
  await expect(page).toHaveURL(/\/registration-settings\?demoDinner=true$/);
  await expect(page.getByLabel('Public title')).toHaveValue('Demo Running Dinner');
  await expect(page.getByLabel('Description')).toHaveValue(
    'Ein Running Dinner zum Ausprobieren: drei Gänge, drei Küchen, viele neue Leute.',
  );
  await shoot(page, 'wizard-demo-de-event-registration');

  // Back to the start, an English event after all: the texts follow, as long as nobody changed them.
  for (const step of ['Schedule', 'Details', 'Basics']) {
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: new RegExp(`· ${step}$`) })).toBeFocused();
  }
  await page.getByRole('radio', { name: /^English/ }).click();
  await next(page);
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('After-party');
  await next(page);
  await next(page);
  await expect(page.getByLabel('Description')).toHaveValue(
    'A running dinner to try out: three courses, three kitchens, many new people.',
  );
});

test('a zip code with too few digits is refused under its field, which takes the focus', async ({ page }) => {
  await page.goto('/running-dinner-wizard');
  await page.getByLabel('Title').fill('Running Dinner Herdern');
  await page.getByLabel('City').fill('Freiburg');
  await page.getByLabel('Zip code').fill('12');
  await page.getByLabel('Date').fill(inDays(14));
  await page.getByLabel('Title').focus();
  await next(page);

  const zip = page.getByLabel('Zip code');
  await expect(zip).toHaveAccessibleDescription('The zip code must contain at least 4 digits');
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(zip).toBeFocused();
  await expect(page).toHaveURL(/\/running-dinner-wizard\/?$/);
  await shoot(page, 'wizard-error-basics');

  // Fixing the field lets the organiser go on; a reload keeps what was typed.
  await zip.fill('79104');
  await expect(zip).not.toHaveAttribute('aria-invalid', 'true');
  await next(page);
  await expect(page).toHaveURL(/\/options$/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Course 1' })).toHaveValue('Appetizer');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Running Dinner Herdern');
});

test('a later step opened without the earlier ones sends the user back to the start', async ({ page }) => {
  await page.goto('/running-dinner-wizard/finish');
  await expect(page).toHaveURL(/\/running-dinner-wizard\/?$/);
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
});

test.describe('without a language cookie', () => {
  test.use({ locale: 'de-DE' });
  test.beforeEach(async ({ context }) => {
    await context.clearCookies();
  });

  test('the wizard starts in German and switches to English on request', async ({ page }) => {
    const weiter = page.getByRole('button', { name: 'Weiter', exact: true });
    await page.goto('/running-dinner-wizard?demoDinner=true');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // The switcher shows DE and EN but names each language in its own words.
    await expect(page.getByRole('button', { name: 'Deutsch', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'English', exact: true })).toHaveAttribute('lang', 'en');
    // A German page makes a German event unless the organiser says otherwise.
    await expect(page.getByRole('radio', { name: /^Deutsch/ })).toBeChecked();
    await shoot(page, 'wizard-de-1-basics');
    await weiter.click();
    await expect(page).toHaveURL(/\/options\?demoDinner=true$/);
    // The after-party needs its address: the server's German messages appear under the fields.
    await page.getByRole('switch').last().click();
    await weiter.click();
    const street = page.getByRole('textbox', { name: 'Straße', exact: true });
    await expect(street).toBeFocused();
    await expect(street).toHaveAccessibleDescription(/^Pflichtfeld$/);
    await shoot(page, 'wizard-de-2-options');
    await street.fill('Kaiser-Joseph-Straße');
    await page.getByRole('textbox', { name: 'Nr.', exact: true }).fill('268');
    await weiter.click();
    await expect(page).toHaveURL(/\/mealtimes\?demoDinner=true$/);
    await shoot(page, 'wizard-de-3-mealtimes');
    await weiter.click();
    await expect(page).toHaveURL(/\/participants-preview\?demoDinner=true$/);
    await shoot(page, 'wizard-de-4-preview');

    await page.getByRole('button', { name: 'English', exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'How many people do you need?' })).toBeVisible();
  });
});
