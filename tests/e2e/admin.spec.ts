import { expect, test } from '../support/axe.js';
import {
  createDinner,
  englishDate,
  inEnglish,
  openMail,
  phone,
  screenshot,
  shoot,
  text,
  textIn,
} from '../support/e2e.js';
import { inDays } from '../support/factories.js';

inEnglish();

test('a new dinner shows the unconfirmed bar until the link from the mailbox is clicked', async ({ page, request }) => {
  const { adminId, title } = await createDinner(request);
  await page.goto(`/admin/${adminId}`);
  await expect(page.getByTestId('bar-unconfirmed')).toBeVisible();
  await expect(page.getByTestId('step-confirm')).toHaveAttribute('data-status', 'todo');
  await expect(page.getByTestId('overview-date')).toHaveText(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
  await expect(page.getByTestId('registrations-empty')).toBeVisible();
  await shoot(page, 'admin-dashboard-unconfirmed');

  // The mail is written by the background sender: reload the mailbox until it is there.
  await page.goto('/mailbox');
  const row = page.getByTestId('mail-row').filter({ hasText: title });
  await expect(async () => {
    await page.getByRole('button', { name: text('Refresh') }).click();
    await expect(row).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await shoot(page, 'mailbox-list');
  await row.getByRole('link').click();
  await expect(page.getByTestId('mail-text')).toContainText(title);
  await shoot(page, 'mailbox-detail');

  await page
    .getByTestId('mail-text')
    .getByRole('link', { name: /\/acknowledge$/ })
    .first()
    .click();
  await expect(page.getByTestId('acknowledge-success')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('E-mail address confirmed'));
  await expect(page.getByTestId('bar-unconfirmed')).toHaveCount(0);
  await page.getByTestId('acknowledge-success').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/${adminId}$`));
  await expect(page.getByTestId('step-confirm')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('bar-unconfirmed')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('checklist')).toBeVisible();
  await expect(page.getByTestId('bar-unconfirmed')).toHaveCount(0);
  await shoot(page, 'admin-dashboard-confirmed');
});

test('a wrong confirmation link says so clearly and offers to resend it', async ({ page, request }) => {
  const { adminId } = await createDinner(request);
  await page.goto(`/admin/${adminId}/00000000-0000-4000-8000-000000000000/acknowledge`);
  await expect(page.getByTestId('acknowledge-failed')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Confirm your e-mail address'));
  await expect(page.getByTestId('bar-unconfirmed')).toBeVisible();
  await page.getByTestId('bar-unconfirmed').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/resend$`));
  await page.getByRole('button', { name: text('Send the link again') }).click();
  await expect(page.getByTestId('snackbar')).toContainText('orga@example.org');
});

test('any link of a confirmed dinner says it is already confirmed, without offering a new link', async ({
  page,
  request,
}) => {
  const { adminId, title } = await createDinner(request);
  await openMail(page, title);
  const link = await page
    .getByTestId('mail-text')
    .getByRole('link', { name: /\/acknowledge$/ })
    .first()
    .textContent();
  await page.goto(link!);
  await expect(page.getByTestId('acknowledge-success')).toBeVisible();

  for (const again of [link!, `/admin/${adminId}/00000000-0000-4000-8000-000000000000/acknowledge`]) {
    await page.goto(again);
    const already = page.getByTestId('acknowledge-already');
    await expect(already).toContainText(/already confirmed on \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('E-mail address confirmed'));
    await expect(page.getByTestId('acknowledge-failed')).toHaveCount(0);
    await expect(page.getByRole('link', { name: text('Resend the link') })).toHaveCount(0);
  }
  await shoot(page, 'admin-acknowledge-already');
});

test('the registration switch says what its state is', async ({ page, request }) => {
  const { adminId } = await createDinner(request);
  await page.goto(`/admin/${adminId}/settings`);
  const open = page.getByRole('switch', { name: text('Registration is open') });
  await expect(open).toBeChecked();
  await open.press('Space');
  const off = page.getByRole('switch', { name: text('Registration is switched off') });
  await expect(off).not.toBeChecked();
  await expect(page.getByText(textIn('Nobody can register at the moment.'))).toBeVisible();
  await expect(page.getByText(text('Registration is open'))).toHaveCount(0);
  await shoot(page, 'admin-settings-registration-off');
  await off.click();
  await expect(page.getByRole('switch', { name: text('Registration is open') })).toBeChecked();
});

test('cancelling asks for the title and turns the event read-only with its deletion date', async ({
  page,
  request,
}) => {
  const { adminId, title } = await createDinner(request);
  await page.goto(`/admin/${adminId}/settings`);
  await expect(page.getByTestId('danger-zone')).toBeVisible();
  await shoot(page, 'admin-settings');

  await page.getByTestId('danger-zone').getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: text('Cancel for good') });
  await expect(confirm).toBeDisabled();
  await dialog.getByTestId('cancel-title-input').fill('Falscher Titel');
  await expect(confirm).toBeDisabled();
  await dialog.getByTestId('cancel-title-input').fill(title);
  await expect(confirm).toBeEnabled();
  await shoot(page, 'admin-cancel-dialog', false);
  await confirm.click();

  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('bar-cancelled')).toBeVisible();
  await expect(page.getByTestId('cancelled-notice').getByTestId('deletion-date')).toHaveText(
    /^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/,
  );
  await expect(
    page
      .getByRole('form', { name: text('Basic settings') })
      .getByRole('textbox')
      .first(),
  ).toBeDisabled();
  await shoot(page, 'admin-settings-cancelled');

  // The admin link itself now shows the cancelled page.
  await page.goto(`/admin/${adminId}`);
  await expect(page.getByTestId('cancelled')).toBeVisible();
  await expect(page.getByTestId('cancelled').getByTestId('deletion-date')).toHaveText(
    /^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/,
  );
  await expect(page.getByTestId('checklist')).toHaveCount(0);
  await shoot(page, 'admin-dashboard-cancelled');
});

test('switching to English and back changes the texts and sets the lang cookie', async ({ page, request, context }) => {
  const { adminId } = await createDinner(request);
  await context.clearCookies();
  // Each step loads and runs a large script before the heading changes: the admin area with its catalog at the start
  // and the reload, the other language's whole catalog at the switch. On a machine busy with other work that takes
  // longer than the 10 s an assertion waits for a change on the page.
  const loaded = { timeout: 30_000 };
  await page.goto(`/admin/${adminId}`);
  const heading = page.getByRole('heading', { level: 1 });
  // German is the default language.
  await expect(heading).toHaveText('Übersicht', loaded);
  const switcher = page.getByRole('group', { name: 'Sprache' });

  await switcher.getByRole('button', { name: 'en' }).click();
  await expect(heading).toHaveText('Overview', loaded);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
  await shoot(page, 'admin-dashboard-en');

  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'de' }).click();
  await expect(heading).toHaveText('Übersicht', loaded);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('de');
  await shoot(page, 'admin-dashboard-de');

  // The choice survives a reload through the cookie.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Übersicht', loaded);
});

test('an unknown admin id shows the not-found page, not an error', async ({ page }) => {
  await page.goto('/admin/6d1a3c57-1111-4222-8333-944455556666');
  await expect(page.getByTestId('dinner-not-found')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('This running dinner does not exist (any more)'),
  );
  await shoot(page, 'admin-not-found');
  await page.goto('/admin/not-even-a-uuid/settings');
  await expect(page.getByTestId('dinner-not-found')).toBeVisible();
});

test('a demo dinner shows the demo bar, the confirmation it waits for and its 18 participants', async ({
  page,
  request,
}) => {
  const { adminId } = await createDinner(request, { runningDinnerType: 'DEMO', registrationType: 'CLOSED' });
  await page.goto(`/admin/${adminId}`);
  await expect(page.getByTestId('bar-demo')).toContainText('once you have confirmed that address');
  // Its mails all go to the creator's address, so they wait until it is confirmed.
  await expect(page.getByTestId('bar-unconfirmed')).toBeVisible();
  await expect(page.getByTestId('step-confirm')).toHaveAttribute('data-status', 'todo');
  await expect(page.getByTestId('participant-count')).toContainText(/18\D+18/);
  await expect(page.getByTestId('step-participants')).toHaveAttribute('data-status', 'done');
  await shoot(page, 'admin-dashboard-demo');

  // Confirmed, the demo bar no longer speaks of the confirmation.
  const confirmedDemo = await createDinner(request, {
    runningDinnerType: 'DEMO',
    registrationType: 'CLOSED',
    confirmed: true,
  });
  await page.goto(`/admin/${confirmedDemo.adminId}`);
  await expect(page.getByTestId('bar-demo')).toContainText('all mails go only to you');
  await expect(page.getByTestId('bar-demo')).not.toContainText('once you have confirmed');
  await page.goto(`/admin/${adminId}`);

  // Phone: the navigation sits behind the menu button.
  await page.setViewportSize(phone);
  await page.getByRole('button', { name: text('Menu') }).click();
  await screenshot(page, 'admin-menu-open-390');
  await page.getByRole('navigation').getByTestId('nav-settings').click();
  await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/settings$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Event settings'));
});

test('changing the date with participants asks first and warns that they are not informed', async ({
  page,
  request,
}) => {
  const { adminId } = await createDinner(request, { runningDinnerType: 'DEMO', registrationType: 'PUBLIC' });
  await page.goto(`/admin/${adminId}/settings`);
  const form = page.getByRole('form', { name: text('Basic settings') });
  await form.locator('input[name="date"]').fill(inDays(28));
  await form.getByRole('button', { name: text('Save') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('confirm-date')).toContainText('18');
  await dialog.getByRole('button', { name: text('Save anyway') }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByTestId('nav-dashboard').click();
  await expect(page.getByTestId('overview-date')).toHaveText(englishDate(inDays(28)));
});

test('meal times are saved, and an invalid order is shown under the field', async ({ page, request }) => {
  const { adminId } = await createDinner(request);
  await page.goto(`/admin/${adminId}/settings`);
  const form = page.getByRole('form', { name: text('Meal times') });
  await form.locator('input[name="meals.1.time"]').fill('18:00');
  await form.getByRole('button', { name: text('Save') }).click();
  const field = form.locator('input[name="meals.1.time"]');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await field.fill('20:30');
  await form.getByRole('button', { name: text('Save') }).click();
  await expect(page.getByTestId('snackbar')).toContainText(textIn('Saved'));
  await page.getByTestId('nav-dashboard').click();
  await expect(page.getByTestId('overview')).toContainText('20:30');
});
