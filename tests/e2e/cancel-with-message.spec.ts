import { type APIRequestContext, expect, type Page, test } from '../support/axe.js';
import {
  addParticipants,
  confirmByCreatedMail,
  createDinner,
  inEnglish,
  outbox,
  participantsApi,
  phone,
  shoot,
  text,
  textIn,
} from '../support/e2e.js';

// Issue 25: the cancel dialog takes a message to everyone registered (a default from the server in the event's
// language, a preview), names what happens before the click, and the participant's personal page says cancelled
// with the message.

inEnglish();

async function personalPath(request: APIRequestContext, adminId: string, email: string): Promise<string> {
  const list = await (await request.get(participantsApi(adminId, '/participants'))).json();
  const id = list.participants.find((p: { email: string }) => p.email === email).id as string;
  const link = await (await request.get(participantsApi(adminId, `/participant/${id}/personallink`))).json();
  return new URL(link.url).pathname;
}

async function openCancelDialog(page: Page, adminId: string) {
  await page.goto(`/admin/${adminId}/settings`);
  await page.getByTestId('danger-zone').getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('cancelling with a message mails everyone registered, and the personal page says cancelled with it', async ({
  page,
  request,
}) => {
  const { adminId, title, publicTitle } = await createDinner(request, { languageCode: 'en' });
  await confirmByCreatedMail(request, adminId, title);
  await addParticipants(request, adminId, 2);

  const dialog = await openCancelDialog(page, adminId);
  await expect(dialog.getByTestId('cancel-consequence')).toContainText('2 people registered');
  await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue(textIn('is cancelled'));
  const message = dialog.getByRole('textbox', { name: 'Message to everyone registered' });
  await expect(message).toHaveValue(textIn(publicTitle));
  await message.fill('Hello {firstname},\n\nthe kitchen flooded, so we have to call the evening off. Sorry!');
  await dialog.getByTestId('cancel-preview-button').click();
  const preview = dialog.getByTestId('cancel-preview');
  await expect(preview).toContainText('Hello Gast1,');
  await expect(preview).toContainText('Sent by the organiser');
  const confirm = dialog.getByRole('button', { name: text('Cancel for good') });
  await expect(confirm).toBeDisabled();
  await dialog.getByTestId('cancel-title-input').fill(title);
  await shoot(page, 'cancel-dialog-en', false);
  await confirm.click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('bar-cancelled')).toBeVisible();

  await expect
    .poll(async () =>
      (await outbox(request))
        .filter((m) => m.subject.includes(publicTitle) && m.subject.includes('cancelled'))
        .map((m) => m.to)
        .sort(),
    )
    .toEqual(['gast1@example.org', 'gast2@example.org']);

  await page.setViewportSize(phone);
  await page.goto(await personalPath(request, adminId, 'gast2@example.org'));
  const notice = page.getByTestId('self-cancelled');
  await expect(notice.getByRole('heading')).toHaveText(text('This running dinner is cancelled'));
  await expect(page.getByTestId('self-cancel-message')).toContainText('Hello Gast2,');
  await expect(page.getByTestId('self-cancel-message')).toContainText('the kitchen flooded');
  await expect(page.getByTestId('self-next-steps')).toHaveCount(0);
  await expect(page.getByTestId('self-registration')).toHaveCount(0);
  await shoot(page, 'self-cancelled-en');
});

test('in German, where messages are locked, the dialog says why no mail goes and the page still says cancelled', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  const { adminId, title, publicTitle } = await createDinner(request, { languageCode: 'de' });
  await addParticipants(request, adminId, 1);

  const dialog = await openCancelDialog(page, adminId);
  await expect(dialog.getByTestId('cancel-consequence')).toContainText('Es geht keine Mail raus');
  await expect(dialog.getByRole('textbox', { name: 'Betreff' })).toHaveValue(
    `Das Running Dinner „${publicTitle}“ ist abgesagt`,
  );
  await expect(dialog.getByRole('textbox', { name: 'Nachricht an alle Angemeldeten' })).toHaveValue(
    textIn('Hallo {firstname},'),
  );
  await dialog.getByTestId('cancel-title-input').fill(title);
  await shoot(page, 'cancel-dialog-de', false);
  await dialog.getByRole('button', { name: text('Endgültig absagen') }).click();
  await expect(dialog).toHaveCount(0);
  expect(
    (await outbox(request)).filter((m) => m.to === 'gast1@example.org' && m.subject.includes(publicTitle)),
  ).toEqual([]);

  await page.setViewportSize(phone);
  await page.goto(await personalPath(request, adminId, 'gast1@example.org'));
  await expect(page.getByTestId('self-cancelled').getByRole('heading')).toHaveText(
    text('Dieses Running Dinner ist abgesagt'),
  );
  await expect(page.getByTestId('self-cancel-message')).toContainText('Hallo Gast1,');
  await shoot(page, 'self-cancelled-de');
});
