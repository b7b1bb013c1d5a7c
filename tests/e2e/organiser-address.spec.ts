import { expect, type Page, test } from '../support/axe.js';
import { createDinner, outbox, shoot, textIn, UUID } from '../support/e2e.js';

// A mistyped organiser address corrected on the admin page, the public page before the confirmation, and a demo's
// public page; in English and German.

const useLanguage = async (page: Page, baseURL: string | undefined, lang: 'en' | 'de') =>
  page.context().addCookies([{ name: 'lang', value: lang, url: baseURL! }]);

/** The confirmation link of the creation mail of `title` to `to`, as a path. */
async function acknowledgeLinkTo(page: Page, to: string, title: string, adminId: string): Promise<string> {
  const request = page.request;
  const find = async () => (await outbox(request)).find((m) => m.to === to && m.subject.includes(title));
  await expect.poll(find, { timeout: 20_000 }).toBeDefined();
  const mail = await (await request.get(`/rest/mailbox/${encodeURIComponent((await find())!.id)}`)).json();
  return (mail.text as string).match(new RegExp(`/admin/${adminId}/${UUID}/acknowledge`))![0];
}

for (const lang of ['en', 'de'] as const) {
  test(`a mistyped address is corrected on the admin page, and registration opens with the confirmation (${lang})`, async ({
    page,
    request,
    baseURL,
  }) => {
    await useLanguage(page, baseURL, lang);
    const { adminId, publicDinnerId, title } = await createDinner(request);
    const typo = 'orga@example.org';
    const right = `richtig.${Date.now()}.${lang}@example.org`;
    const oldLink = await acknowledgeLinkTo(page, typo, title, adminId);

    await page.goto(`/running-dinner-events/${publicDinnerId}`);
    await expect(page.getByTestId('registration-closed')).toHaveAttribute('data-state', 'NOT_YET_OPEN');
    await expect(page.getByTestId('registration-form')).toHaveCount(0);
    await shoot(page, `public-page-not-yet-open-${lang}`);

    await page.goto(`/admin/${adminId}`);
    await expect(page.getByTestId('step-share')).toHaveAttribute('data-status', 'upcoming');
    await shoot(page, `organiser-address-dashboard-${lang}`);
    await page.getByTestId('step-confirm-other-address').click();
    await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/resend$`));
    const form = page.getByTestId('new-address-form');
    await form.locator('input[name="newEmailAddress"]').fill('kein-at-zeichen');
    await form.getByRole('button').click();
    await expect(form.locator('[data-field-error]')).toBeVisible();
    await shoot(page, `organiser-address-invalid-${lang}`);
    await form.locator('input[name="newEmailAddress"]').fill(right);
    await form.getByRole('button').click();
    await expect(page.getByRole('main')).toContainText(right);
    await expect(page.getByTestId('bar-unconfirmed')).toContainText(right);
    await shoot(page, `organiser-address-sent-${lang}`);

    const newLink = await acknowledgeLinkTo(page, right, title, adminId);
    await page.goto(oldLink);
    await expect(page.getByTestId('acknowledge-failed')).toBeVisible();
    await page.goto(newLink);
    await expect(page.getByTestId('acknowledge-success')).toBeVisible();

    await page.goto(`/running-dinner-events/${publicDinnerId}`);
    await expect(page.getByTestId('registration-form')).toBeVisible();
    await expect(page.getByTestId('registration-closed')).toHaveCount(0);
  });

  test(`the demo's public page says it is a demo and takes registrations (${lang})`, async ({
    page,
    request,
    baseURL,
  }) => {
    await useLanguage(page, baseURL, lang);
    const { publicDinnerId } = await createDinner(request, {
      runningDinnerType: 'DEMO',
      registrationType: 'PUBLIC',
      confirmed: true,
    });
    await page.goto(`/running-dinner-events/${publicDinnerId}`);
    const banner = page.getByTestId('demo-banner');
    await expect(banner).toBeVisible();
    if (lang === 'en')
      await expect(banner).toContainText(
        textIn("Registrations are simulated, and every mail goes to the demo's creator."),
      );
    else await expect(banner).toContainText(textIn('jede Mail geht an die Person, die die Demo erstellt hat'));
    await expect(page.getByTestId('registration-form')).toBeVisible();
    await shoot(page, `demo-public-page-${lang}`);
  });
}
