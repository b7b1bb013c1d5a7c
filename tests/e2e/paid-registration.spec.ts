import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '../support/axe.js';
import { createDinner, inEnglish, openMail, participantsApi, phone } from '../support/e2e.js';
import { registrationForm } from '../support/factories.js';

// Paid registrations (issue 13) on a phone: the organiser sets a price, the participant sees it and the total, pays
// on the local Stripe stand-in (tests/support/stripe-fake-server.ts, started by playwright.config.ts) and sees the
// confirmation arrive on the payment page; a partner registered together pays double; Cancel gives the form back.

inEnglish();
test.use({ viewport: phone });

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

/** Full-page screenshots at 1280 and 390 px wide, back at the phone's size afterwards. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [1280, 390]) {
    await page.setViewportSize(width === 390 ? phone : { width, height: 800 });
    await page.screenshot({ path: `${SHOTS}/paid-registration-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(phone);
}

const form = (page: Page) => page.getByTestId('registration-form');
const field = (page: Page, name: string) => form(page).locator(`[name="${name}"]`);
const summary = (page: Page) => page.getByTestId('registration-summary');
const status = (page: Page) => page.getByTestId('payment-status');

/** The organiser takes a fee through the API. */
async function setPrice(request: APIRequestContext, adminId: string, pricePerRegistration = '12.50') {
  const response = await request.post(`/rest/paymentoptionsservice/v1/runningdinner/${adminId}`, {
    data: { brandName: 'Wiehre kocht e.V.', pricePerRegistration },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function paidDinner(request: APIRequestContext) {
  const dinner = await createDinner(request, { confirmed: true });
  await setPrice(request, dinner.adminId);
  return dinner;
}

async function fillRegistration(page: Page, email: string) {
  await field(page, 'firstnamePart').fill('Jonas');
  await field(page, 'lastname').fill('Weiß-Großmann');
  await field(page, 'email').fill(email);
  await field(page, 'street').fill('Habsburgerstraße');
  await field(page, 'streetNr').fill('9');
  await field(page, 'zip').fill('79104');
  await field(page, 'cityName').fill('Freiburg');
  await field(page, 'numSeats').fill('6');
  await field(page, 'dataProcessingAcknowledged').check();
}

/** Form → summary → the summary's button, which leads to the stand-in's checkout page. Answers the stand-in's origin. */
async function continueToCheckout(page: Page, continueLabel = 'Continue') {
  await form(page).getByRole('button', { name: continueLabel }).click();
  await expect(summary(page)).toBeVisible();
  const checkout = page.waitForRequest(
    (request) => request.isNavigationRequest() && /\/checkout\/cs_test_/.test(request.url()),
  );
  await summary(page).getByTestId('summary-confirm').click();
  const navigation = await checkout;
  // The page the participant leaves names the event; no Referer takes it (or anything else) to the payment service.
  expect((await navigation.allHeaders()).referer).toBeUndefined();
  await expect(page.getByTestId('checkout-amount')).toBeVisible();
  return new URL(page.url()).origin;
}

const paymentPage = (publicDinnerId: string) =>
  new RegExp(`/running-dinner-events/${publicDinnerId}/payment/[0-9a-f-]{36}$`);

async function participantsOf(request: APIRequestContext, adminId: string) {
  const response = await request.get(participantsApi(adminId, '/participants'));
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    participants: { email: string; firstnamePart: string }[];
    unconfirmedParticipants: { email: string }[];
  };
}

test('a participant pays for a running dinner on a phone and sees the confirmation arrive live', async ({
  page,
  request,
}) => {
  const { adminId, publicDinnerId } = await paidDinner(request);
  const email = `jonas.paid.${Date.now()}@example.org`;

  await page.goto(`/running-dinner-events/${publicDinnerId}`);
  await expect(page.getByTestId('event-price')).toContainText('€12.50 per person');
  await fillRegistration(page, email);
  await expect(page.getByTestId('form-price')).toContainText('€12.50');

  await form(page).getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('summary-total-amount')).toHaveText('€12.50');
  await expect(summary(page).getByTestId('summary-confirm')).toHaveText('Register and pay €12.50');
  await summary(page).getByRole('button', { name: 'Change details' }).click();

  const stripe = await continueToCheckout(page);
  await expect(page.getByTestId('checkout-amount')).toHaveText('€12.50');
  // The event arrives after the participant is back, as it may from Stripe: the page waits for it, live.
  expect((await request.post(`${stripe}/_fake/webhooks/hold`)).status()).toBe(204);
  await page.getByRole('button', { name: 'Pay €12.50' }).click();

  await expect(page).toHaveURL(paymentPage(publicDinnerId));
  await expect(status(page)).toHaveAttribute('data-status', 'PENDING');
  await expect(status(page)).toContainText('Your payment is being confirmed');
  await expect(status(page)).toHaveAttribute('data-live', 'true');
  expect((await participantsOf(request, adminId)).participants).toHaveLength(0);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  const released = await request.post(`${stripe}/_fake/webhooks/release`);
  expect(await released.json()).toEqual({ delivered: 1 });
  await expect(status(page)).toHaveAttribute('data-status', 'PAID');
  await expect(status(page)).toContainText('You are registered!');
  // Not a reload: the stream brought it.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // Paid means confirmed at once: the organiser sees the participant among the confirmed ones.
  const list = await participantsOf(request, adminId);
  expect(list.participants.map((p) => p.email)).toEqual([email]);
  expect(list.unconfirmedParticipants).toEqual([]);
  // Coming back later, the event page starts with an empty form.
  await page.getByRole('link', { name: 'To the event page' }).click();
  await expect(field(page, 'email')).toHaveValue('');
  await expect(page.getByTestId('payment-return-note')).toHaveCount(0);

  await openMail(page, email);
  await expect(page.getByTestId('mail-text')).toContainText('Your registration fee has been paid');
});

test('a partner registered together pays double, and Cancel gives the form back filled in', async ({
  page,
  request,
}) => {
  const { adminId, publicDinnerId } = await paidDinner(request);
  const email = `jonas.team.${Date.now()}@example.org`;

  await page.goto(`/running-dinner-events/${publicDinnerId}`);
  await fillRegistration(page, email);
  await field(page, 'addressRemarks').fill('Hinterhaus, 3. Stock');
  await form(page)
    .getByRole('radio', { name: /Yes, I register my partner right away/ })
    .check();
  await field(page, 'teamPartnerWishRegistrationData.firstnamePart').fill('Mia');
  await field(page, 'teamPartnerWishRegistrationData.lastname').fill('Müller-Lüdenscheidt');
  await expect(page.getByTestId('form-price')).toContainText('€25.00');

  await form(page).getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('summary-total-amount')).toHaveText('€25.00');
  await expect(page.getByTestId('summary-total')).toContainText('2 × €12.50');
  await expect(page.getByTestId('summary-total')).toContainText('Registration fee for the two of you');
  await shoot(page, 'summary-team-en');
  await summary(page).getByRole('button', { name: 'Change details' }).click();

  await continueToCheckout(page);
  await expect(page.getByTestId('checkout-amount')).toHaveText('€25.00');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Back on the event page (the order id is gone from the address, and nothing entered is in it), the form filled in.
  await expect(page).toHaveURL(new RegExp(`/running-dinner-events/${publicDinnerId}$`));
  await expect(page.getByTestId('payment-return-note')).toHaveAttribute('data-reason', 'cancelled');
  await expect(page.getByTestId('payment-return-note')).toContainText('nothing was paid');
  await expect(page.getByRole('heading', { name: 'Register' })).toBeFocused();
  await expect(field(page, 'email')).toHaveValue(email);
  await expect(field(page, 'lastname')).toHaveValue('Weiß-Großmann');
  await expect(field(page, 'addressRemarks')).toHaveValue('Hinterhaus, 3. Stock');
  await expect(field(page, 'teamPartnerWishRegistrationData.lastname')).toHaveValue('Müller-Lüdenscheidt');
  await expect(form(page).getByRole('radio', { name: /Yes, I register my partner right away/ })).toBeChecked();
  await expect(field(page, 'dataProcessingAcknowledged')).toBeChecked();
  await expect(page.getByTestId('form-price')).toContainText('€25.00');
  expect((await participantsOf(request, adminId)).participants).toHaveLength(0);
  await shoot(page, 'cancelled-en');

  // Paying now registers both (the webhook arrives before the participant is back).
  await continueToCheckout(page);
  await page.getByRole('button', { name: 'Pay €25.00' }).click();
  await expect(page).toHaveURL(paymentPage(publicDinnerId));
  await expect(status(page)).toHaveAttribute('data-status', 'PAID');
  const list = await participantsOf(request, adminId);
  expect(list.participants.map((p) => p.firstnamePart).sort()).toEqual(['Jonas', 'Mia']);

  // Reloaded, the page asks again and changes nothing.
  await page.reload();
  await expect(status(page)).toHaveAttribute('data-status', 'PAID');
  expect((await participantsOf(request, adminId)).participants).toHaveLength(2);
});

test('paid when the address got registered meanwhile: the page says the organiser refunds', async ({
  page,
  request,
}) => {
  const { adminId, publicDinnerId } = await paidDinner(request);
  const email = `jonas.twice.${Date.now()}@example.org`;

  await page.goto(`/running-dinner-events/${publicDinnerId}`);
  await fillRegistration(page, email);
  await continueToCheckout(page);

  // Meanwhile the same address pays in another tab first.
  const other = await request.post(`/rest/frontend/v1/runningdinner/${publicDinnerId}/order`, {
    data: registrationForm({ email }),
  });
  expect(other.status(), await other.text()).toBe(200);
  const { checkoutUrl } = (await other.json()) as { checkoutUrl: string };
  expect((await request.post(`${checkoutUrl}/pay`, { maxRedirects: 0 })).status()).toBe(303);

  await page.getByRole('button', { name: 'Pay €12.50' }).click();
  await expect(status(page)).toHaveAttribute('data-status', 'PAID_NOT_REGISTERED');
  await expect(status(page)).toContainText('the organiser refunds the fee');
  await expect(status(page).getByRole('link', { name: /@/ })).toBeVisible();
  expect((await participantsOf(request, adminId)).participants).toHaveLength(1);
  await shoot(page, 'paid-not-registered-en');
});

test('back from the payment page with the browser, the form is filled in again and nothing is stuck', async ({
  page,
  request,
}) => {
  const { publicDinnerId } = await paidDinner(request);
  const email = `jonas.back.${Date.now()}@example.org`;
  await page.goto(`/running-dinner-events/${publicDinnerId}`);
  await fillRegistration(page, email);
  await continueToCheckout(page);
  await page.goBack();

  // Restored from the back-forward cache the summary is usable again; loaded anew, the form has its data back.
  const confirm = summary(page).getByTestId('summary-confirm');
  const note = page.getByTestId('payment-return-note');
  await expect(confirm.or(note)).toBeVisible();
  if (await note.isVisible()) {
    await expect(note).toHaveAttribute('data-reason', 'left');
    await expect(field(page, 'email')).toHaveValue(email);
    await form(page).getByRole('button', { name: 'Continue' }).click();
  }
  await expect(confirm).toBeEnabled();
  await expect(confirm).toHaveText('Register and pay €12.50');
});

test('a wrong payment link says so', async ({ page, request }) => {
  const { publicDinnerId } = await paidDinner(request);
  await page.goto(`/running-dinner-events/${publicDinnerId}/payment/${crypto.randomUUID()}`);
  await expect(status(page)).toHaveAttribute('data-status', 'UNKNOWN');
  await expect(page.getByRole('link', { name: 'To the event page' })).toBeVisible();
});

for (const language of ['en', 'de'] as const) {
  test(`screenshots of a paid registration (${language})`, async ({ page, request, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: language, url: baseURL! }]);
    const { publicDinnerId } = await paidDinner(request);
    const amount = language === 'de' ? /12,50\s€/ : /€12\.50/;

    await page.goto(`/running-dinner-events/${publicDinnerId}`);
    await expect(page.getByTestId('event-price')).toContainText(amount);
    await fillRegistration(page, `lena.${language}.${Date.now()}@example.org`);
    await expect(page.getByTestId('form-price')).toContainText(amount);
    await shoot(page, `form-${language}`);

    await form(page)
      .getByRole('button', { name: language === 'de' ? 'Weiter' : 'Continue' })
      .click();
    await expect(page.getByTestId('summary-total-amount')).toHaveText(amount);
    await shoot(page, `summary-${language}`);

    const checkout = page.waitForURL(/\/checkout\/cs_test_/);
    await summary(page).getByTestId('summary-confirm').click();
    await checkout;
    await expect(page.getByTestId('checkout-amount')).toHaveText('€12.50');
    await shoot(page, `checkout-${language}`);

    const stripe = new URL(page.url()).origin;
    await request.post(`${stripe}/_fake/webhooks/hold`);
    await page.getByRole('button', { name: 'Pay €12.50' }).click();
    await expect(status(page)).toHaveAttribute('data-status', 'PENDING');
    await expect(page.getByTestId('payment-event')).toBeVisible();
    await shoot(page, `pending-${language}`);
    await request.post(`${stripe}/_fake/webhooks/release`);
    await expect(status(page)).toHaveAttribute('data-status', 'PAID');
    await shoot(page, `success-${language}`);
  });
}
