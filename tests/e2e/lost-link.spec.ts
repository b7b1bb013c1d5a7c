import { expect, type Page, test } from '../support/axe.js';
import { confirmByCreatedMail, openMail, shoot, text } from '../support/e2e.js';
import { createBody, inDays, registrationForm } from '../support/factories.js';

// "Lost your link?": an address gets the links of its running dinners mailed again, and the page says the same
// whatever the address.

let counter = 0;
/** An address no other test uses. */
const freshAddress = (name: string) => `${name}.${Date.now()}-${++counter}@example.org`;

test.describe('in English', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  });

  test('the home page, a wrong admin link and a wrong personal link lead to it', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('home-lost-link').click();
    await expect(page).toHaveURL(/\/lost-link$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Lost your link?'));

    await page.goto('/admin/6d1a3c57-1111-4222-8333-944455556666');
    await page.getByTestId('admin-lost-link').click();
    await expect(page).toHaveURL(/\/lost-link$/);

    await page.goto('/self/6d1a3c57-1111-4222-8333-944455556666/teampartnerwish/6d1a3c57-1111-4222-8333-944455556667');
    await page.getByTestId('self-lost-link').click();
    await expect(page).toHaveURL(/\/lost-link$/);
  });

  test('an organiser gets the admin link, a participant the personal page, an unknown address the same answer', async ({
    page,
    request,
  }) => {
    const organiser = freshAddress('lena');
    const title = `Sommerdinner Stühlinger ${Date.now()}`;
    const body = createBody({ date: inDays(21) });
    const created = await request.post('/rest/wizardservice/v1/create', {
      data: { ...body, email: organiser, basicDetails: { ...body.basicDetails, title } },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { runningDinner } = await created.json();

    await page.goto('/lost-link');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Lost your link?'));
    await shoot(page, 'lost-link-form-en');
    await page.getByLabel('Your e-mail address').fill('not an address');
    await page.getByRole('button', { name: 'Send me my links' }).click();
    await expect(page.getByLabel('Your e-mail address')).toHaveAccessibleDescription('Invalid e-mail address');

    const confirmation = await askFor(page, organiser);
    await shoot(page, 'lost-link-sent-en');
    await page.getByRole('button', { name: 'Try another address' }).click();
    const unknown = freshAddress('nobody');
    // Word for word the same, but the address the visitor typed.
    expect((await askFor(page, unknown)).replace(unknown, '…')).toBe(confirmation.replace(organiser, '…'));

    await openRecoveryMailTo(page, organiser);
    const mail = page.getByTestId('mail-text');
    await expect(mail).toContainText(`"${title}" on`);
    await mail.getByRole('link', { name: new RegExp(`/admin/${runningDinner.adminId}$`) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/${runningDinner.adminId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Overview'));
    await expect(page.getByText(title).first()).toBeVisible();

    // A confirmed participant gets the personal page of the event (it takes registrations once its creator confirmed).
    await confirmByCreatedMail(request, runningDinner.adminId, title);
    const participant = freshAddress('jonas');
    const publicDinnerId = runningDinner.publicSettings.publicDinnerId;
    const registered = await request.post(`/rest/frontend/v1/runningdinner/${publicDinnerId}/register`, {
      data: registrationForm({ email: participant }),
    });
    expect(registered.status(), await registered.text()).toBe(200);
    await confirmRegistrationOf(page, participant);
    await page.goto('/lost-link');
    await askFor(page, participant);
    await openRecoveryMailTo(page, participant);
    await expect(page.getByTestId('mail-text')).toContainText('You take part in these running dinners');
    await page
      .getByTestId('mail-text')
      .getByRole('link', { name: /\/teampartnerwish\// })
      .click();
    await expect(page).toHaveURL(/\/self\/.+\/teampartnerwish\/.+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Your running dinner'));
    await expect(page.getByText(/^Hello Jonas, this is your personal page/)).toBeVisible();
    await shoot(page, 'lost-link-personal-page-en');
  });
});

test('in German the page and its answer speak German', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  await page.goto('/lost-link');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Link verloren?'));
  await shoot(page, 'lost-link-form-de');
  const address = freshAddress('clara');
  await page.getByLabel('Deine E-Mail-Adresse').fill(address);
  await page.getByRole('button', { name: 'Schick mir meine Links' }).click();
  await expect(page.getByTestId('lost-link-sent')).toContainText('Schau bitte in dein Postfach');
  await expect(page.getByTestId('lost-link-sent')).toContainText(address);
  await shoot(page, 'lost-link-sent-de');
});

/** Sends the form for `email` and answers the confirmation's text. */
async function askFor(page: Page, email: string): Promise<string> {
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me my links' }).click();
  const sent = page.getByTestId('lost-link-sent');
  await expect(sent).toContainText('Please look in your mailbox');
  await expect(sent).toContainText(email);
  return (await sent.textContent()) ?? '';
}

/** Opens the newest link-recovery mail to `email` in the outbox; the sender writes it in the background. */
async function openRecoveryMailTo(page: Page, email: string) {
  await page.goto('/mailbox');
  const row = page.getByTestId('mail-row').filter({ hasText: email }).filter({ hasText: 'Your running dinner links' });
  await expect(async () => {
    await page.getByRole('button', { name: text('Refresh') }).click();
    await expect(row.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await row.first().getByRole('link').click();
  await expect(page.getByTestId('mail-text')).toBeVisible();
}

/** Follows the confirmation link of the registration mail to `email`, as the participant would. */
async function confirmRegistrationOf(page: Page, email: string) {
  await openMail(page, email);
  await page
    .getByTestId('mail-text')
    .getByRole('link', { name: /\/activate$/ })
    .click();
  await expect(page).toHaveURL(/\/activate$/);
  await expect(page.getByTestId('activation-result')).toBeVisible();
}
