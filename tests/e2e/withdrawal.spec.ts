import { expect, test } from '../support/axe.js';
import { inEnglish, openMail, shoot, teamOfRegistrant, text } from '../support/e2e.js';

// Issue 25: a participant in a team who cannot come tells the organiser on the personal page, with a note; the page
// then says so, and the organiser's mail names them and their team.

inEnglish();

test('a participant in a team tells the organiser they cannot come', async ({ page, request }) => {
  const { selfAdminId, participantId, team } = await teamOfRegistrant(page, request, {
    email: `withdraw.${Date.now()}@example.org`,
    firstnamePart: 'Wanda',
    lastname: 'Weg',
  });
  await page.goto(`/self/${selfAdminId}/teampartnerwish/${participantId}`);
  const card = page.getByTestId('self-withdraw');
  await expect(card).toContainText('the teams are made, so they find someone for your place');
  await card.getByTestId('self-withdraw-open').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('A note for the organiser (optional)').fill('My flight was cancelled, sorry!');
  await shoot(page, 'self-withdraw-dialog', false);
  await dialog.getByRole('button', { name: text('Tell the organiser') }).click();
  await expect(page.getByTestId('self-withdrawn')).toContainText('that you cannot come');
  await expect(page.getByTestId('self-withdraw')).toHaveCount(0);
  await shoot(page, 'self-withdrawn');

  // The organiser's mail is in the event's language (German here).
  await openMail(page, 'Wanda Weg kann nicht');
  await expect(page.getByTestId('mail-text')).toContainText(`Wanda Weg (Team ${team.teamNumber})`);
  await expect(page.getByTestId('mail-text')).toContainText('My flight was cancelled, sorry!');
});
