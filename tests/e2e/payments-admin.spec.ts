import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PaymentsList } from '../../contract/orders.js';
import type { PaymentOptions } from '../../contract/payment-options.js';
import { type APIRequestContext, expect, type Page, test } from '../support/axe.js';
import { createDinner, inEnglish, phone, text } from '../support/e2e.js';
import { inDays, registrationForm } from '../support/factories.js';

inEnglish();

// The organiser's payments page (issue 13): the registration fee, what the page says without a Stripe key, the list
// of payments with their refunds, and the dashboard's alert for paid-not-registered orders.

const paymentsApi = (adminId: string, suffix = '') =>
  `/rest/paymentoptionsservice/v1/runningdinner/${adminId}${suffix}`;

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const desktop = { width: 1280, height: 800 };

/** The whole page on a laptop and on a phone, from the top. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(desktop);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(phone);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(desktop);
}

/** A dialog over the visible part of the page (a fixed overlay is drawn where a full-page picture scrolled to). */
async function shootDialog(page: Page, name: string) {
  await page.setViewportSize(desktop);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  await page.setViewportSize(phone);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png` });
  await page.setViewportSize(desktop);
}

const inGerman = async (page: Page, baseURL: string | undefined) => {
  await page.context().addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  await page.reload();
};

test('the organiser sets, changes and removes the registration fee; a bad price is refused at its field in both languages', async ({
  page,
  request,
  baseURL,
}) => {
  const { adminId } = await createDinner(request);
  const payments = (await (await request.get(paymentsApi(adminId, '/payments'))).json()) as PaymentsList;
  await page.goto(`/admin/${adminId}`);
  await page.getByTestId('nav-payments').click();
  await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/payments$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Payments'));

  // The page says what the server can do: without a key, what to set; with one, nothing about it.
  const setup = page.getByTestId('stripe-not-configured');
  if (payments.stripeConfigured) {
    await expect(page.getByTestId('payments-empty')).toBeVisible();
    await expect(setup).toHaveCount(0);
    await expect(page.getByTestId('payments-fee-unpayable')).toHaveCount(0);
  } else {
    await expect(setup).toBeVisible();
    await expect(setup).toContainText('STRIPE_SECRET_KEY');
    await expect(setup).toContainText('STRIPE_WEBHOOK_SECRET');
    await expect(page.getByTestId('stripe-webhook-url')).toHaveText(`${baseURL}/rest/stripe/webhook`);
    await expect(page.getByTestId('stripe-webhook-events').getByRole('listitem')).toHaveText([
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
      'checkout.session.async_payment_failed',
    ]);
    await expect(page.getByTestId('payments-fee-unpayable')).toBeVisible();
  }
  await expect(page.getByTestId('payments-empty')).toHaveText(
    text(
      'No payments yet. Once you set a registration fee, everyone who registers pays it, and each payment shows up here.',
    ),
  );
  await shoot(page, `payments-no-fee-${payments.stripeConfigured ? 'configured' : 'unconfigured'}-en`);

  // In English a decimal comma is no price, and the name is missing: both refused under their fields, the first
  // invalid one focused.
  const form = page.getByTestId('payment-options-form');
  const price = form.locator('input[name="pricePerRegistration"]');
  const brandName = form.locator('input[name="brandName"]');
  const agbLink = form.locator('input[name="agbLink"]');
  const submit = form.locator('button[type="submit"]');
  await expect(form).toContainText('For example 12.50');
  await price.fill('12,50');
  await brandName.fill('');
  await submit.click();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toBeFocused();
  await expect(form.getByText('Please enter the price in euros, e.g. 12.50')).toBeVisible();
  await expect(form.getByText('Required field')).toBeVisible();
  await expect(agbLink).not.toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'payments-field-issues-en');
  expect(await (await request.get(paymentsApi(adminId))).json()).toBeNull();

  // In German the English way is no price, a price out of range and a link that is not https are refused...
  await inGerman(page, baseURL);
  await expect(form).toContainText('12,50');
  await price.fill('12.50');
  await brandName.fill('Fachschaft Informatik der Universität Freiburg');
  await submit.click();
  await expect(form.getByText('z. B. 12,50')).toBeVisible();
  await price.fill('0,30');
  await agbLink.fill('http://example.org/agb');
  await submit.click();
  await expect(form).toContainText('Der Preis muss zwischen 0,50 € und 10.000,00 € liegen');
  await expect(form).toContainText('Bitte gib einen vollständigen Link ein, der mit https:// beginnt');
  await shoot(page, 'payments-field-issues-de');

  // ...and a German decimal comma is the price, shown as German money.
  await price.fill('12,50');
  await agbLink.fill('https://fachschaft.example.org/agb');
  await submit.click();
  await expect(page.getByTestId('snackbar')).toContainText('Anmeldegebühr von 12,50 € festgelegt');
  const summary = page.getByTestId('fee-summary');
  await expect(summary.getByTestId('fee-price')).toHaveText('12,50 € pro Person');
  await expect(page.getByTestId('change-fee')).toBeFocused();
  const saved = (await (await request.get(paymentsApi(adminId))).json()) as PaymentOptions;
  expect(saved).toMatchObject({
    pricePerRegistrationCents: 1250,
    agbLink: 'https://fachschaft.example.org/agb',
    redirectAfterPurchaseLink: null,
  });
  await shoot(page, 'payments-fee-set-de');

  await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  await page.reload();
  await expect(summary.getByTestId('fee-price')).toHaveText(text('€12.50 per person'));
  await expect(summary).toContainText('A team registering together pays €25.00.');
  await expect(summary.getByTestId('fee-brand-name')).toHaveText(
    text('Fachschaft Informatik der Universität Freiburg'),
  );
  await expect(page.getByTestId('payments-empty')).toBeVisible();
  await shoot(page, 'payments-fee-set-en');

  // Change the price by keyboard: the form opens with the price focused, Enter saves it.
  await page.getByTestId('change-fee').press('Enter');
  await expect(price).toBeFocused();
  await expect(price).toHaveValue('12.50');
  await price.fill('15');
  await page.keyboard.press('Enter');
  await expect(summary.getByTestId('fee-price')).toHaveText(text('€15.00 per person'));
  expect(((await (await request.get(paymentsApi(adminId))).json()) as PaymentOptions).pricePerRegistrationCents).toBe(
    1500,
  );

  await inGerman(page, baseURL);
  await expect(summary.getByTestId('fee-price')).toContainText('15,00 €');
  await page.getByTestId('change-fee').click();
  await expect(price).toHaveValue('15,00');
  await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);

  // The dashboard's activities name the change.
  await page.goto(`/admin/${adminId}`);
  await expect(page.getByTestId('activities').getByTestId('activity').first()).toContainText(
    'Registration fee changed',
  );
  await expect(page.getByTestId('paid-not-registered-alert')).toHaveCount(0);

  // Removing asks first; afterwards registering is free again.
  await page.goto(`/admin/${adminId}/payments`);
  await page.getByTestId('change-fee').click();
  await page.getByTestId('remove-fee').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('From now on people register without paying.');
  await dialog.getByRole('button', { name: text('Remove the fee') }).click();
  await expect(page.getByTestId('snackbar')).toContainText('The registration fee was removed.');
  await expect(page.getByTestId('fee-summary')).toHaveCount(0);
  await expect(form.getByRole('button', { name: text('Set the fee') })).toBeVisible();
  expect(await (await request.get(paymentsApi(adminId))).json()).toBeNull();
});

test('a cancelled dinner shows its fee read-only', async ({ page, request }) => {
  const { adminId } = await createDinner(request);
  expect(
    (
      await request.post(paymentsApi(adminId), { data: { brandName: 'Dinner e. V.', pricePerRegistration: '9.90' } })
    ).status(),
  ).toBe(201);
  expect((await request.delete(`/rest/runningdinnerservice/v1/runningdinner/${adminId}`)).status()).toBe(200);
  await page.goto(`/admin/${adminId}/payments`);
  await expect(page.getByTestId('fee-summary').getByTestId('fee-price')).toHaveText(text('€9.90 per person'));
  await expect(page.getByTestId('change-fee')).toHaveCount(0);
  await expect(
    page.getByText('Read-only: the fee can no longer change, but you can still refund payments.'),
  ).toBeVisible();
});

// ---- Real orders, through the public order flow and the Stripe stand-in that playwright.config.ts starts ----

/** Orders `form` as a participant does (POST …/order); answers the stand-in's checkout page of the order. */
async function ordered(
  request: APIRequestContext,
  publicDinnerId: string,
  form: Record<string, unknown>,
): Promise<string> {
  const response = await request.post(`/rest/frontend/v1/runningdinner/${publicDinnerId}/order`, {
    data: registrationForm(form),
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { checkoutUrl: string }).checkoutUrl;
}

/** Pays on the stand-in's checkout page: it sends the signed webhook to the app before it answers. */
async function paid(request: APIRequestContext, checkoutUrl: string) {
  expect((await request.post(`${checkoutUrl}/pay`, { maxRedirects: 0 })).status()).toBe(303);
}

async function paymentsOf(request: APIRequestContext, adminId: string): Promise<PaymentsList> {
  const response = await request.get(paymentsApi(adminId, '/payments'));
  expect(response.status()).toBe(200);
  return response.json();
}

const orderOf = (list: PaymentsList, lastname: string) => list.orders.find((o) => o.lastname === lastname)!;

test('the payments of real orders: every state, the totals, a refund made once, a price that stays, and the dashboard alert', async ({
  page,
  request,
  baseURL,
}) => {
  const { adminId, publicDinnerId } = await createDinner(request, { confirmed: true });
  test.skip(
    !(await paymentsOf(request, adminId)).stripeConfigured,
    'the e2e server has no Stripe key (playwright.config.ts): orders cannot be paid',
  );
  expect(
    (
      await request.post(paymentsApi(adminId), {
        data: { brandName: 'Fachschaft Informatik', pricePerRegistration: '12.50' },
      })
    ).status(),
  ).toBe(201);

  // Oldest first: two who paid, a team of two who paid double, the same address paid twice (the second payment
  // cannot register anyone), one who has not paid yet.
  await paid(
    request,
    await ordered(request, publicDinnerId, {
      firstnamePart: 'Maximilian',
      lastname: 'Roth',
      email: 'maximilian.roth@example.org',
    }),
  );
  await paid(
    request,
    await ordered(request, publicDinnerId, {
      firstnamePart: 'Annemarie',
      lastname: 'Weiß',
      email: 'annemarie.weiss@example.org',
    }),
  );
  const team = await ordered(request, publicDinnerId, {
    firstnamePart: 'Jörg',
    lastname: 'Müller-Lüdenscheidt',
    email: 'joerg.mueller@example.org',
    teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Müller-Lüdenscheidt' },
  });
  const twice = await ordered(request, publicDinnerId, {
    firstnamePart: 'Bartholomäus',
    lastname: 'Großkopf-Schönberger',
    email: 'joerg.mueller@example.org',
  });
  await paid(request, team);
  await paid(request, twice);
  await ordered(request, publicDinnerId, { firstnamePart: 'Zoë', lastname: 'Nguyễn', email: 'zoe.nguyen@example.org' });
  // One was refunded before (say, in another tab).
  const before = await paymentsOf(request, adminId);
  expect((await request.post(paymentsApi(adminId, `/payments/${orderOf(before, 'Weiß').id}/refund`))).status()).toBe(
    200,
  );

  await page.goto(`/admin/${adminId}/payments`);
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(5);
  await expect(rows.getByTestId('order-name')).toHaveText([
    'Zoë Nguyễn',
    'Bartholomäus Großkopf-Schönberger',
    'Jörg Müller-Lüdenscheidt',
    'Annemarie Weiß',
    'Maximilian Roth',
  ]);
  await expect(rows.getByTestId('order-status')).toHaveText([
    'Payment pending',
    'Paid, not registered',
    'Paid',
    'Refunded',
    'Paid',
  ]);
  await expect(rows.getByTestId('order-amount')).toHaveText(['€12.50', '€12.50', '€25.00', '€12.50', '€12.50']);
  await expect(page.getByTestId('total-paid')).toContainText('€50.00');
  await expect(page.getByTestId('total-refunded')).toContainText('€12.50');
  await expect(page.getByTestId('total-pending')).toContainText('1');
  await expect(page.getByTestId('total-paid-not-registered')).toContainText('1');
  // Only paid orders can be refunded; a registered payer links to the participant.
  await expect(rows.getByTestId('order-refund')).toHaveCount(3);
  await expect(rows.nth(2).getByRole('link', { name: 'Jörg Müller-Lüdenscheidt' })).toHaveAttribute(
    'href',
    `/admin/${adminId}/participants/${orderOf(before, 'Müller-Lüdenscheidt').participantId}`,
  );
  await expect(page.getByTestId('stripe-not-configured')).toHaveCount(0);
  await shoot(page, 'payments-list-en');

  // The dialog names the amount and the person; a registered one stays registered. Back changes nothing.
  await rows.nth(2).getByTestId('order-refund').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(text('Refund €25.00 to Jörg Müller-Lüdenscheidt?'));
  await expect(dialog).toContainText(
    'Stripe pays €25.00 back to the card or account that Jörg Müller-Lüdenscheidt (joerg.mueller@example.org) paid with.',
  );
  await expect(dialog.getByTestId('refund-stays-registered')).toBeVisible();
  await shootDialog(page, 'payments-refund-dialog-en');
  await dialog.getByRole('button', { name: text('Back') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rows.nth(2).getByTestId('order-refund')).toBeFocused();

  // By keyboard: the row's button, then the dialog's.
  await rows.nth(2).getByTestId('order-refund').press('Enter');
  await dialog.getByRole('button', { name: text('Refund €25.00') }).press('Enter');
  await expect(page.getByTestId('snackbar')).toContainText('€25.00 refunded to Jörg Müller-Lüdenscheidt.');
  await expect(rows.nth(2).getByTestId('order-status')).toHaveText('Refunded');
  await expect(rows.nth(2).getByTestId('order-refund')).toHaveCount(0);
  await expect(page.getByTestId('total-refunded')).toContainText('€37.50');
  expect(orderOf(await paymentsOf(request, adminId), 'Müller-Lüdenscheidt').status).toBe('REFUNDED');

  // Refunded elsewhere while the dialog is open: the second refund changes nothing, and the page says so.
  await rows.nth(4).getByTestId('order-refund').click();
  await expect(dialog.getByRole('heading')).toHaveText(text('Refund €12.50 to Maximilian Roth?'));
  expect((await request.post(paymentsApi(adminId, `/payments/${orderOf(before, 'Roth').id}/refund`))).status()).toBe(
    200,
  );
  await dialog.getByRole('button', { name: text('Refund €12.50') }).click();
  await expect(page.getByTestId('snackbar')).toContainText(
    'The payment of Maximilian Roth had already been refunded. Nothing changed.',
  );
  await expect(rows.nth(4).getByTestId('order-status')).toHaveText('Refunded');
  expect((await paymentsOf(request, adminId)).totals.refundedCents).toBe(5000);

  // Someone paid this price: changing it is refused with the server's reason, under the price.
  await page.getByTestId('change-fee').click();
  const price = page.getByLabel('Price per person in euros');
  await price.fill('14');
  await page.getByRole('button', { name: text('Save') }).click();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toBeFocused();
  await expect(page.getByTestId('payment-options-form')).toContainText(
    'Participants have already paid the registration fee, so the price can no longer change.',
  );
  await page.getByRole('button', { name: text('Cancel') }).click();
  await expect(page.getByTestId('fee-price')).toHaveText(text('€12.50 per person'));

  // A payment that arrives now shows up without reloading (the dinner's live events).
  await paid(
    request,
    await ordered(request, publicDinnerId, {
      firstnamePart: 'Sören',
      lastname: 'Öztürk',
      email: 'soeren.oeztuerk@example.org',
    }),
  );
  await expect(rows).toHaveCount(6);
  await expect(rows.first().getByTestId('order-name')).toHaveText('Sören Öztürk');
  await expect(page.getByTestId('total-paid')).toContainText('€25.00');

  await inGerman(page, baseURL);
  await expect(rows).toHaveCount(6);
  await expect(page.getByTestId('total-paid')).toContainText('25,00 €');
  await shoot(page, 'payments-list-de');
  await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);

  // The dashboard asks to refund the payment that registered nobody, and does it from there.
  await page.goto(`/admin/${adminId}`);
  const alert = page.getByTestId('paid-not-registered-alert');
  await expect(alert.getByRole('heading')).toHaveText(text('1 person paid but is not registered'));
  await expect(alert.getByTestId('paid-not-registered-order')).toContainText('Bartholomäus Großkopf-Schönberger');
  await shoot(page, 'dashboard-paid-not-registered-en');
  await inGerman(page, baseURL);
  await expect(alert.getByTestId('paid-not-registered-order')).toHaveCount(1);
  await shoot(page, 'dashboard-paid-not-registered-de');
  await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  await page.reload();

  await alert.getByRole('button', { name: text('Refund €12.50') }).click();
  await expect(dialog.getByRole('heading')).toHaveText(text('Refund €12.50 to Bartholomäus Großkopf-Schönberger?'));
  await expect(dialog.getByTestId('refund-stays-registered')).toHaveCount(0);
  await dialog.getByRole('button', { name: text('Refund €12.50') }).click();
  await expect(page.getByTestId('snackbar')).toContainText('€12.50 refunded to Bartholomäus Großkopf-Schönberger.');
  await expect(alert).toHaveCount(0);
  await expect(page.getByTestId('activities').getByTestId('activity').first()).toHaveText(
    /Registration fee of €12.50 refunded to Bartholomäus Großkopf-Schönberger/,
  );
});

// ---- What the stand-in cannot make: a failed payment and a refund Stripe refuses (the server's answers stubbed) ----

test('a failed payment is explained, and a refund Stripe refuses shows the server reason', async ({
  page,
  request,
}) => {
  const { adminId, publicDinnerId } = await createDinner(request, { confirmed: true });
  test.skip(
    !(await paymentsOf(request, adminId)).stripeConfigured,
    'the e2e server has no Stripe key (playwright.config.ts): orders cannot be paid',
  );
  expect(
    (
      await request.post(paymentsApi(adminId), {
        data: { brandName: 'Fachschaft Informatik', pricePerRegistration: '12.50' },
      })
    ).status(),
  ).toBe(201);
  const paidUrl = await ordered(request, publicDinnerId, {
    firstnamePart: 'Sören',
    lastname: 'Roth',
    email: 'soeren.roth@example.org',
  });
  await paid(request, paidUrl);
  // A bank debit the bank refuses later (Stripe's checkout.session.async_payment_failed).
  const failingUrl = await ordered(request, publicDinnerId, {
    firstnamePart: 'Ülkü',
    lastname: 'Öztürk',
    email: 'uelkue.oeztuerk@example.org',
  });
  expect((await request.post(`${failingUrl}/pay-by-bank-failing`, { maxRedirects: 0 })).status()).toBe(303);
  expect(orderOf(await paymentsOf(request, adminId), 'Öztürk').status).toBe('FAILED');
  // Stripe refuses the next refund (a disputed charge).
  expect((await request.post(new URL('/_fake/refunds/refuse-next', paidUrl).href)).status()).toBe(204);

  await page.goto(`/admin/${adminId}/payments`);
  const rows = page.getByTestId('order-row');
  await expect(rows.nth(0).getByTestId('order-status')).toHaveText('Payment failed');
  await expect(rows.nth(0)).toContainText('The bank refused the payment; the person is not registered.');
  await expect(rows.nth(0).getByTestId('order-refund')).toHaveCount(0);

  await rows.nth(1).getByTestId('order-refund').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text('Refund €12.50') })
    .click();
  await expect(page.getByTestId('toasts')).toContainText(
    'Stripe refused to refund this payment. Please look at it in your Stripe dashboard.',
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rows.nth(1).getByTestId('order-status')).toHaveText('Paid');
});

/** The built server as a second process without STRIPE_SECRET_KEY, on a free port; stopped by the returned function. */
async function serverWithoutStripe(): Promise<{ baseUrl: string; stop: () => void }> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rd-e2e-')),
      GEOCODER_URL: 'off',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      STRIPE_API_BASE: '',
    },
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('serving on')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the second server exited with ${code}: ${output}`)));
  });
  return { baseUrl, stop: () => child.kill('SIGTERM') };
}

test('without a Stripe key the page says what to set, and that a fee cannot be paid until then', async ({
  page,
  playwright,
}) => {
  const server = await serverWithoutStripe();
  try {
    const request = await playwright.request.newContext({ baseURL: server.baseUrl });
    const { adminId } = await createDinner(request);
    expect((await paymentsOf(request, adminId)).stripeConfigured).toBe(false);
    await page.goto(`${server.baseUrl}/admin/${adminId}/payments`);
    const setup = page.getByTestId('stripe-not-configured');
    await expect(setup.getByRole('heading')).toHaveText(text('Card payments are not set up on this server'));
    await expect(setup).toContainText('STRIPE_SECRET_KEY');
    await expect(setup).toContainText('STRIPE_WEBHOOK_SECRET');
    await expect(page.getByTestId('stripe-webhook-url')).toHaveText(`${server.baseUrl}/rest/stripe/webhook`);
    await expect(page.getByTestId('stripe-webhook-events').getByRole('listitem')).toHaveText([
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
      'checkout.session.async_payment_failed',
    ]);
    await expect(page.getByTestId('payments-fee-unpayable')).toBeVisible();
    await expect(page.getByTestId('payments-empty')).toBeVisible();
    await shoot(page, 'payments-unconfigured-en');
    await inGerman(page, server.baseUrl);
    await expect(setup).toBeVisible();
    await shoot(page, 'payments-unconfigured-de');
    await request.dispose();
  } finally {
    server.stop();
  }
});

test('payments that cannot be loaded say so and load on Try again', async ({ page, request }) => {
  const { adminId } = await createDinner(request);
  const list = `**${paymentsApi(adminId, '/payments')}`;
  // The network fails (the browser gets no answer at all).
  await page.route(list, (route) => route.abort('connectionrefused'));
  await page.goto(`/admin/${adminId}/payments`);
  const card = page.getByTestId('payments-card');
  await expect(card.getByRole('alert')).toContainText('The payments could not be loaded.');
  // The fee does not depend on the list: it can be set all the same.
  await expect(page.getByTestId('payment-options-form')).toBeVisible();
  await shoot(page, 'payments-list-error-en');
  await page.unroute(list);
  await card.getByRole('button', { name: text('Try again') }).click();
  await expect(page.getByTestId('payments-empty')).toBeVisible();
});

test('the last step of the wizard says where a registration fee is set', async ({ page }) => {
  const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.goto('/running-dinner-wizard');
  await page.getByLabel('Title').fill('Running Dinner Wiehre');
  await page.getByLabel('Zip code').fill('79100');
  await page.getByLabel('City').fill('Freiburg');
  await page.getByLabel('Date').fill(inDays(40));
  await page.getByRole('radio', { name: /^Public/ }).click();
  await next();
  await expect(page).toHaveURL(/\/options$/);
  await next();
  await expect(page).toHaveURL(/\/mealtimes$/);
  await next();
  await expect(page).toHaveURL(/\/registration-settings$/);
  await page.getByLabel('Public title').fill('Running Dinner in der Wiehre');
  await page.getByLabel('Description').fill('Drei Gänge, drei Küchen, viele neue Leute.');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Anna Schäfer');
  await page.getByLabel('E-mail').fill('anna@example.org');
  await next();
  await expect(page).toHaveURL(/\/participants-preview$/);
  await next();
  await expect(page).toHaveURL(/\/finish$/);
  await expect(page.getByTestId('finish-fee-hint')).toHaveText(
    text(
      'Registration fee? Registering is free unless you set a fee. Once your running dinner is created, you can set one under Payments in the administration.',
    ),
  );
  await shoot(page, 'wizard-finish-fee-hint-en');
});
