import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ParticipantList, ParticipantListItem } from '../../contract/participants.js';
import { type APIRequestContext, expect, type Page, test } from '../support/axe.js';
import {
  addParticipants,
  createDinner,
  inEnglish,
  participantsApi,
  phone,
  shoot,
  shootElement,
  text,
  textIn,
} from '../support/e2e.js';

// The organiser's participant management in Chromium: add, edit, swap, delete, the waiting list, export and import.

inEnglish();

async function listOf(request: APIRequestContext, adminId: string): Promise<ParticipantList> {
  const response = await request.get(participantsApi(adminId, '/participants'));
  expect(response.status()).toBe(200);
  return response.json();
}

const rowNames = (page: Page, table: string) => page.getByTestId(table).getByTestId('participant-name').allInnerTexts();

test('the organiser adds, edits, swaps and deletes participants', async ({ page, request }) => {
  const { adminId } = await createDinner(request, { registrationType: 'CLOSED' });
  await page.goto(`/admin/${adminId}/participants`);
  await expect(page.getByTestId('participants-empty')).toBeVisible();
  await addParticipants(request, adminId, 2);
  await page.reload();
  await expect(page.getByTestId('participant-row')).toHaveCount(2);

  await page.getByTestId('add-participant').first().click();
  const form = page.getByTestId('participant-form');
  await form.getByLabel('First name').fill('Lena');
  await form.getByLabel('E-mail', { exact: true }).fill('lena.brandt@example.org');
  await page.getByTestId('save-participant').click();
  await expect(form.getByLabel('Last name')).toBeFocused();
  await shoot(page, 'participants-new-errors');
  await form.getByLabel('Last name').fill('Brandt');
  // Gender offers diverse beside not specified, female and male.
  await form.getByRole('button', { name: textIn('Gender') }).click();
  await expect(page.getByRole('option')).toHaveText(['Not specified', 'Female', 'Male', 'Diverse'].map(textIn));
  await shoot(page, 'participants-gender-options', false);
  await page.getByRole('option', { name: text('Diverse') }).click();
  await page.getByTestId('save-participant').click();
  await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/participants/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('participant-title')).toHaveText(text('Lena Brandt'));
  const lena = page.url().split('/').pop()!;
  expect((await (await request.get(participantsApi(adminId, `/participant/${lena}`))).json()).gender).toBe('DIVERSE');
  await expect(form.getByRole('button', { name: textIn('Gender') })).toContainText('Diverse');

  await page.getByTestId('back-to-participants').click();
  await expect(page.getByTestId('participant-row')).toHaveCount(3);
  expect(await rowNames(page, 'participants-table')).toEqual(['Gast1 Nummer1', 'Gast2 Nummer2', 'Lena Brandt']);

  // Edit: the new name shows in the list.
  await page.getByTestId('participant-name').filter({ hasText: 'Gast1 Nummer1' }).click();
  await form.getByLabel('Last name').fill('Neumann');
  await page.getByTestId('save-participant').click();
  await expect(page.getByTestId('snackbar')).toContainText(textIn('Saved'));
  await page.getByTestId('back-to-participants').click();
  await expect(page.getByTestId('participant-name').filter({ hasText: 'Gast1 Neumann' })).toBeVisible();

  // Swap by the row menu, and the order stays after a reload.
  await page.getByRole('button', { name: 'Actions for Lena Brandt' }).click();
  await page.getByRole('menuitem', { name: text('Move up') }).click();
  await expect
    .poll(() => rowNames(page, 'participants-table'))
    .toEqual(['Gast1 Neumann', 'Lena Brandt', 'Gast2 Nummer2']);
  await page.reload();
  await expect
    .poll(() => rowNames(page, 'participants-table'))
    .toEqual(['Gast1 Neumann', 'Lena Brandt', 'Gast2 Nummer2']);

  // Search by e-mail.
  await page.getByTestId('participant-search').fill('lena.brandt');
  await expect(page.getByTestId('participant-row')).toHaveCount(1);
  await page.getByTestId('participant-search').fill('');

  // Delete, after confirming.
  await page.getByTestId('participant-name').filter({ hasText: 'Gast2 Nummer2' }).click();
  await page.getByTestId('delete-participant').click();
  await shoot(page, 'participants-delete-dialog', false);
  await page.getByRole('button', { name: text('Delete for good') }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/participants$`));
  await expect(page.getByTestId('participant-row')).toHaveCount(2);
  const numbers = (await listOf(request, adminId)).participants.map((p) => [p.lastname, p.participantNumber]);
  expect(numbers).toEqual([
    ['Neumann', 1],
    ['Brandt', 2],
  ]);
});

test("a participant's page shows their team, with partner and course, and a position set by hand", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const { adminId } = await createDinner(request, { runningDinnerType: 'DEMO', registrationType: 'CLOSED' });
  const generated = await request.post(`/rest/teamservice/v1/runningdinner/${adminId}`);
  expect(generated.status(), await generated.text()).toBe(200);
  const team = (await generated.json()).teams[0];
  const [me, partner] = team.teamMembers;
  const set = await request.put(participantsApi(adminId, `/participant/${me.id}/geocode`), {
    data: { lat: 47.99, lng: 7.85 },
  });
  expect(set.status(), await set.text()).toBe(200);

  await page.goto(`/admin/${adminId}/participants/${me.id}`);
  const card = page.getByTestId('participant-team');
  await expect(card.getByTestId('participant-team-link')).toHaveText(`Team ${team.teamNumber}`);
  await expect(card.getByTestId('participant-team-course')).toHaveText(
    `Course: ${team.meal.label}, ${team.meal.time.slice(11, 16)}`,
  );
  await expect(card.getByTestId('participant-team-partner')).toHaveText(
    `Cooks with ${partner.firstnamePart} ${partner.lastname}`,
  );
  await expect(page.getByTestId('status-position-by-hand')).toHaveText('position on the map set by hand');
  await shoot(page, 'participant-team-en');
  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  await page.reload();
  await expect(page.getByTestId('participant-team')).toBeVisible();
  await shoot(page, 'participant-team-de');

  // The partner's position was found by the demo, not set by hand; the link leads to the team's meeting plan.
  await page.goto(`/admin/${adminId}/participants/${partner.id}`);
  await expect(page.getByTestId('participant-team-partner')).toContainText(`${me.firstnamePart} ${me.lastname}`);
  await expect(page.getByTestId('status-position-by-hand')).toHaveCount(0);
  await page.getByTestId('participant-team-link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/teams/${team.id}$`));
});

test('the waiting list holds those after the last full block of teams, in both languages', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const { adminId } = await createDinner(request, { registrationType: 'CLOSED' });
  await addParticipants(request, adminId, 20);
  await page.goto(`/admin/${adminId}/participants`);
  await expect(page.getByTestId('participants-table').getByTestId('participant-row')).toHaveCount(18);
  await expect(page.getByTestId('waiting-list-table').getByTestId('participant-row')).toHaveCount(2);
  expect(await rowNames(page, 'waiting-list-table')).toEqual(['Gast19 Nummer19', 'Gast20 Nummer20']);
  await expect(page.getByTestId('waiting-count')).toContainText('2');
  await expect(page.getByTestId('missing-for-next-block')).toContainText('4');
  await shoot(page, 'participants-list-en');
  await shootElement(page.getByTestId('waiting-list-section'), 'participants-waiting-list-en');

  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Teilnehmende'));
  await expect(page.getByTestId('waiting-list-table').getByTestId('participant-row')).toHaveCount(2);
  await shoot(page, 'participants-list-de');
  await shootElement(page.getByTestId('waiting-list-section'), 'participants-waiting-list-de');
});

/** Everything of a participant but what the event gives it (ids, times); the partner wish by its state. */
const fieldsOf = ({ id: _id, createdAt: _c, teamPartnerWish, ...fields }: ParticipantListItem) => ({
  ...fields,
  teamPartnerWish: teamPartnerWish?.state ?? null,
});

for (const format of ['xlsx', 'csv'] as const) {
  test(`importing the ${format} file that export wrote gives identical participants`, async ({ page, request }) => {
    const source = await createDinner(request, { registrationType: 'CLOSED' });
    await addParticipants(request, source.adminId, 4, (i) => ({
      firstnamePart: ['Jörg', 'Zoë', 'Ana "Nini"', 'Björn; Jr.'][i - 1],
      zip: ['01234', '79100', '79098', '79104'][i - 1],
      vegan: i % 2 === 0,
      age: i === 3 ? -1 : 20 + i,
      numSeats: i === 4 ? -1 : 4 + i,
      mealSpecificsNote: i === 1 ? 'Keine Nüsse,\nkein Sellerie' : '',
      notes: i === 2 ? 'kommt später' : '',
      teamPartnerWishEmail: i === 1 ? 'gast2@example.org' : null,
    }));

    await page.goto(`/admin/${source.adminId}/participants`);
    await page.getByTestId('export-menu').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${format}`).click()]);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'rd-export-')), download.suggestedFilename());
    await download.saveAs(file);
    expect(file.endsWith(`.${format}`)).toBe(true);

    const target = await createDinner(request, { registrationType: 'CLOSED' });
    await page.goto(`/admin/${target.adminId}/participants`);
    await page.getByTestId('import-open').first().click();
    await page.getByTestId('import-file-input').setInputFiles(file);
    await expect(page.getByTestId('import-preview')).toBeVisible();
    await expect(page.getByTestId('import-valid-count')).toHaveAttribute('data-count', '4');
    await expect(page.getByTestId('import-invalid-count')).toHaveAttribute('data-count', '0');
    if (format === 'xlsx') await shoot(page, 'participants-import-preview', false);
    await page.getByTestId('import-submit').click();
    await expect(page.getByTestId('participant-row')).toHaveCount(4);

    const exported = (await listOf(request, source.adminId)).participants.map(fieldsOf);
    const imported = (await listOf(request, target.adminId)).participants.map(fieldsOf);
    expect(imported).toEqual(exported);
  });
}

test('on a phone the list and the row menu fit the screen', async ({ page, request }) => {
  const { adminId } = await createDinner(request, { registrationType: 'CLOSED' });
  await addParticipants(request, adminId, 3);
  await page.setViewportSize(phone);
  await page.goto(`/admin/${adminId}/participants`);
  await page.getByRole('button', { name: 'Actions for Gast2 Nummer2' }).click();
  await page.getByRole('menuitem', { name: text('Move up') }).click();
  await expect
    .poll(() => rowNames(page, 'participants-table'))
    .toEqual(['Gast2 Nummer2', 'Gast1 Nummer1', 'Gast3 Nummer3']);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(phone.width);
});
