import { expect, test } from '../support/axe.js';
import { createDinner, inEnglish, shoot, text } from '../support/e2e.js';

// Issue 25: the settings page has one Save per section; input of one section is never lost without being named —
// not when another section is saved, not when the page is left.

inEnglish();

test('an unsaved section is named at the top, after saving another, and before leaving the page', async ({
  page,
  request,
}) => {
  const { adminId } = await createDinner(request);
  await page.goto(`/admin/${adminId}/settings`);
  const publicForm = page.getByRole('form', { name: text('Public registration') });
  await publicForm.getByLabel('Public title').fill('A new public title');
  const note = page.getByTestId('settings-unsaved');
  await expect(note).toHaveText(text('Not saved yet: Public registration. Each section is saved with its own button.'));

  // Saving another section keeps the input and says it is still not saved.
  const basics = page.getByRole('form', { name: text('Basic settings') });
  await basics.getByLabel('City').fill('Freiburg-Wiehre');
  await expect(note).toContainText('Public registration, Basics');
  await basics.getByRole('button', { name: text('Save') }).click();
  await expect(page.getByText('Saved. Not saved yet: Public registration')).toBeVisible();
  await expect(publicForm.getByLabel('Public title')).toHaveValue('A new public title');
  await expect(note).toHaveText(text('Not saved yet: Public registration. Each section is saved with its own button.'));
  await shoot(page, 'settings-unsaved', false);

  // Leaving asks first, naming the section; staying keeps the input.
  await page.getByTestId('nav-participants').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Not saved yet: Public registration. If you leave now, these changes are lost.');
  await dialog.getByRole('button', { name: text('Back') }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/settings$`));
  await expect(publicForm.getByLabel('Public title')).toHaveValue('A new public title');

  await publicForm.getByRole('button', { name: text('Save') }).click();
  await expect(note).toHaveCount(0);
  await page.getByTestId('nav-participants').first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/participants$`));
});
