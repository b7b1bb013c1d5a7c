import { expect, test } from '../support/axe.js';
import { addParticipants, createDinner, shoot, text } from '../support/e2e.js';

// Issue 25: the organiser deletes an event at once from its settings, typing its title; the dialog names what goes.

for (const language of ['en', 'de'] as const) {
  test(`the settings delete an event at once once its title is typed (${language})`, async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: language, url: baseURL! }]);
    const { adminId, title } = await createDinner(request);
    await addParticipants(request, adminId, 3);
    await page.goto(`/admin/${adminId}/settings`);
    const card = page.getByTestId('delete-now');
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeVisible();
    await card.getByRole('button').click();

    const dialog = page.getByRole('dialog');
    const en = language === 'en';
    await expect(dialog.getByRole('heading')).toHaveText(en ? `Delete “${title}” now?` : `„${title}“ jetzt löschen?`);
    await expect(dialog).toContainText(en ? '3 participants' : '3 Teilnehmende');
    const confirm = dialog.getByRole('button', { name: text(en ? 'Delete for good' : 'Endgültig löschen') });
    const input = dialog.getByTestId('delete-title-input');
    await expect(confirm).toBeDisabled();
    await input.fill(title.slice(0, -1));
    await expect(confirm).toBeDisabled();
    await input.fill(`${title} `);
    await expect(confirm).toBeEnabled();
    const csv = await request.get(
      await dialog
        .getByTestId('delete-export')
        .getAttribute('href')
        .then((h) => h!),
    );
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain('Gast3');
    await shoot(page, `event-delete-dialog-${language}`, false);

    await confirm.click();
    await expect(page).toHaveURL(/\/$/);
    const gone = await request.get(`/rest/runningdinnerservice/v1/runningdinner/${adminId}`);
    expect(gone.status()).toBe(404);
  });
}
