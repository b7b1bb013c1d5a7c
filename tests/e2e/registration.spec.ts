import { expect, type Page, test } from '../support/axe.js';
import { createDinner, inEnglish, openMail, phone, shoot, text } from '../support/e2e.js';

// Public registration on a phone: find the event, register with a partner wish, confirm from the mail,
// and the organiser sees the participant confirmed.

inEnglish();
test.use({ viewport: phone });

const form = (page: Page) => page.getByTestId('registration-form');
const field = (page: Page, name: string) => form(page).locator(`[name="${name}"]`);

async function fillRegistration(page: Page, email: string) {
  await field(page, 'firstnamePart').fill('Jonas');
  await field(page, 'lastname').fill('Weiß');
  await field(page, 'email').fill(email);
  await field(page, 'street').fill('Habsburgerstraße');
  await field(page, 'streetNr').fill('9');
  await field(page, 'zip').fill('79104');
  await field(page, 'cityName').fill('Freiburg');
  await field(page, 'numSeats').fill('6');
}

/** The first link in the open mail whose address matches. */
const mailLink = (page: Page, pattern: RegExp) =>
  page.getByTestId('mail-text').getByRole('link', { name: pattern }).first();

test('a guest finds the event, registers with a partner wish, confirms from the mail and shows up confirmed', async ({
  page,
  request,
}) => {
  const { adminId, publicDinnerId, publicTitle: title } = await createDinner(request, { confirmed: true });

  await page.goto('/running-dinner-events');
  const card = page.getByTestId('public-event').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await card.getByRole('link', { name: text('Details and registration') }).click();
  await expect(page).toHaveURL(new RegExp(`/running-dinner-events/${publicDinnerId}$`));
  await expect(page.getByTestId('public-dinner-title')).toHaveText(text(title));
  await expect(page.getByTestId('registration-countdown')).toBeVisible();
  await shoot(page, 'registration-event-en');

  // Sending it empty shows every problem under its field, with focus on the first.
  await form(page)
    .getByRole('button', { name: text('Continue') })
    .click();
  await expect(field(page, 'firstnamePart')).toBeFocused();
  await expect(form(page).getByText(text('Required field')).first()).toBeVisible();
  await shoot(page, 'registration-form-errors-en');

  const email = `jonas.${Date.now()}@example.org`;
  await fillRegistration(page, email);
  await form(page)
    .getByRole('radio', { name: /Yes, invite my partner by e-mail/ })
    .check();
  await field(page, 'teamPartnerWishEmail').fill(email);
  await field(page, 'dataProcessingAcknowledged').check();
  await form(page)
    .getByRole('button', { name: text('Continue') })
    .click();
  await expect(field(page, 'teamPartnerWishEmail')).toBeFocused();
  await expect(form(page)).toContainText('You cannot enter yourself as your wished team partner');
  await field(page, 'teamPartnerWishEmail').fill('mia.partner@example.org');
  await form(page)
    .getByRole('button', { name: text('Continue') })
    .click();

  const summary = page.getByTestId('registration-summary');
  await expect(summary).toContainText(email);
  await expect(summary).toContainText('mia.partner@example.org');
  await shoot(page, 'registration-summary-en');
  await summary.getByRole('button', { name: text('Register now') }).click();
  await expect(page.getByTestId('registration-finished')).toBeVisible();

  // The organiser sees an unconfirmed registration until the link in the mail is opened.
  const unconfirmed = await request.get(`/rest/participantservice/v1/runningdinner/${adminId}/participants`);
  expect((await unconfirmed.json()).unconfirmedParticipants.map((p: { email: string }) => p.email)).toEqual([email]);

  await openMail(page, email);
  await expect(page.getByTestId('mail-text')).toContainText(`/self/`);
  await mailLink(page, /\/activate$/).click();
  await expect(page.getByTestId('activation-result')).toHaveAttribute('data-already-activated', 'false');
  await shoot(page, 'registration-activated-en');
  await page.reload();
  await expect(page.getByTestId('activation-result')).toHaveAttribute('data-already-activated', 'true');

  // Confirming mails the wished partner an invitation that fills in the form.
  await openMail(page, 'mia.partner@example.org');
  await mailLink(page, /teamPartnerWishEmail=/).click();
  await expect(field(page, 'email')).toHaveValue('mia.partner@example.org');
  await expect(field(page, 'teamPartnerWishEmail')).toHaveValue(email);
  // The choice names the inviter, not an invitation still to send.
  await expect(page.getByRole('radio', { name: `Yes, with ${email}, who invited me` })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Yes, invite my partner by e-mail' })).toHaveCount(0);
  await shoot(page, 'registration-invited-form-en');

  // The personal link shows the wish; the partner has not registered yet.
  await openMail(page, email);
  await mailLink(page, /\/self\//).click();
  await expect(page.getByTestId('self-page')).toBeVisible();
  await expect(page.getByTestId('self-partner-state').locator('[data-state]')).toHaveAttribute(
    'data-state',
    'not-registered',
  );
  await shoot(page, 'registration-self-en');

  await page.goto(`/admin/${adminId}/participants`);
  const row = page.getByTestId('participants-table').getByTestId('participant-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(email);
  await expect(row.getByTestId('partner-wish')).toHaveAttribute('data-state', 'NOT_EXISTING');
  await expect(page.getByTestId('unconfirmed-section')).toHaveCount(0);

  // The inviter is registered: the invited partner joins their team and is not told of another invitation.
  await openMail(page, 'mia.partner@example.org');
  await mailLink(page, /teamPartnerWishEmail=/).click();
  await fillRegistration(page, 'mia.partner@example.org');
  await field(page, 'dataProcessingAcknowledged').check();
  await form(page)
    .getByRole('button', { name: text('Continue') })
    .click();
  await expect(page.getByTestId('registration-summary')).toContainText(
    `You join the team of ${email}, who named you as their partner.`,
  );
  await expect(page.getByTestId('registration-summary')).not.toContainText('We invite');
  await shoot(page, 'registration-summary-invited-en');
  await page
    .getByTestId('registration-summary')
    .getByRole('button', { name: text('Register now') })
    .click();
  await expect(page.getByTestId('registration-finished-partner')).toHaveText(
    `You join the team of ${email}, who named you as their partner.`,
  );
});

test('the summary shows the age, and only its submit button says "Register now"', async ({ page, request }) => {
  const { publicDinnerId } = await createDinner(request, { confirmed: true });
  await page.goto(`/running-dinner-events/${publicDinnerId}`);
  await expect(page.getByText(text('Register now'))).toHaveCount(0);
  await page.getByRole('link', { name: text('To the registration form') }).click();
  await expect(page).toHaveURL(/#registration$/);
  await expect(field(page, 'firstnamePart')).toBeInViewport();

  await fillRegistration(page, `jonas.${Date.now()}@example.org`);
  await field(page, 'age').fill('34');
  await field(page, 'dataProcessingAcknowledged').check();
  await form(page)
    .getByRole('button', { name: text('Continue') })
    .click();
  const summary = page.getByTestId('registration-summary');
  const age = summary.locator('div').filter({ has: page.getByText(text('Age')) });
  await expect(age.getByRole('definition')).toHaveText(text('34'));
  await expect(page.getByText(text('Register now'))).toHaveCount(1);
  await expect(summary.getByRole('button', { name: text('Register now') })).toBeVisible();
  await shoot(page, 'registration-summary-age-en');

  await summary.getByRole('button', { name: text('Change details') }).click();
  await field(page, 'age').fill('');
  await form(page)
    .getByRole('button', { name: text('Continue') })
    .click();
  await expect(age.getByRole('definition')).toHaveText(text('Not given'));
});

test('the event page and the form with errors in German', async ({ page, request, context, baseURL }) => {
  const { publicDinnerId } = await createDinner(request, { confirmed: true });
  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  await page.goto(`/running-dinner-events/${publicDinnerId}`);
  await expect(page.getByTestId('public-dinner')).toBeVisible();
  await expect(page.getByRole('heading', { name: text('Anmelden') })).toBeVisible();
  await shoot(page, 'registration-event-de');
  await fillRegistration(page, 'not-an-address');
  await field(page, 'numSeats').fill('007');
  await form(page)
    .getByRole('button', { name: text('Weiter') })
    .click();
  await expect(field(page, 'email')).toBeFocused();
  await expect(form(page)).toContainText('Ungültige E-Mail-Adresse');
  await expect(form(page)).toContainText('Bitte gib eine ganze Zahl ohne führende Nullen ein');
  await expect(form(page)).toContainText('Bitte stimme der Verarbeitung deiner Daten zu');
  await shoot(page, 'registration-form-errors-de');
});

test('a closed event has no public page, and a wrong personal link says so', async ({ page, request }) => {
  const { publicDinnerId } = await createDinner(request, { registrationType: 'CLOSED' });
  await page.goto(`/running-dinner-events/${publicDinnerId}`);
  await expect(page.getByTestId('public-dinner-not-found')).toBeVisible();
  await page.goto(`/self/${crypto.randomUUID()}/teampartnerwish/${crypto.randomUUID()}`);
  await expect(page.getByTestId('self-link-invalid')).toContainText('no longer valid');
});
