import { expect, type Page, test } from '../support/axe.js';
import {
  addParticipants,
  createDinner,
  inEnglish,
  openMail,
  phone,
  shoot,
  teamOfRegistrant,
  teamsOf,
  text,
  textIn,
} from '../support/e2e.js';

// Teams in Chromium: generating them for the demo dinner, swapping members by drag and drop, cancelling a
// team after its dry run and replacing it from the waiting list, and a participant moving the hosting.

inEnglish();

async function generate(page: Page, adminId: string) {
  await page.goto(`/admin/${adminId}/teams`);
  await page.getByTestId('generate-teams').click();
  await expect(page.getByTestId('team-card')).toHaveCount(9);
}

/** The member names of a card, in name order (the card lists the host first). */
const membersOf = async (card: ReturnType<Page['getByTestId']>) =>
  (await card.getByTestId('member-name').allInnerTexts()).sort();

for (const size of [{ width: 1280, height: 800 }, phone]) {
  test(`"the teams are ready" lies over no team card at ${size.width} px`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const { adminId } = await createDinner(request, { runningDinnerType: 'DEMO', registrationType: 'CLOSED' });
    await generate(page, adminId);
    await expect(page.getByTestId('teams-ready')).toHaveText(textIn('The teams are ready.'));
    const boxes = async (selector: string) =>
      page.locator(selector).evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }),
      );
    type Box = Awaited<ReturnType<typeof boxes>>[number];
    const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const floating = await boxes('[data-testid="toasts"] > *, [data-testid="snackbar"] > *');
    const cards = await boxes('[data-testid="team-card"]');
    expect(cards.filter((card) => floating.some((toast) => overlap(card, toast)))).toEqual([]);
    // The notice is in the layout, above the first card, and goes when closed.
    const first = page.getByTestId('team-card').first();
    expect((await page.getByTestId('teams-ready').boundingBox())!.y).toBeLessThan((await first.boundingBox())!.y);
    await shoot(page, `teams-ready-${size.width}-en`);
    await page.getByTestId('teams-ready').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('teams-ready')).toHaveCount(0);
  });
}

test('the organiser generates the teams of the demo dinner and swaps two members by drag and drop', async ({
  page,
  request,
}) => {
  const { adminId } = await createDinner(request, { runningDinnerType: 'DEMO', registrationType: 'CLOSED' });
  await page.goto(`/admin/${adminId}/teams`);
  await shoot(page, 'teams-empty');
  await generate(page, adminId);
  await shoot(page, 'teams-generated-en');

  const cards = page.getByTestId('meal-section').first().getByTestId('team-card');
  const memberAt = (card: number) => cards.nth(card).getByTestId('team-member').nth(1);
  const [before0, before1] = [await membersOf(cards.nth(0)), await membersOf(cards.nth(1))];
  const [moving, other] = [
    await memberAt(0).getByTestId('member-name').innerText(),
    await memberAt(1).getByTestId('member-name').innerText(),
  ];
  const after0 = [...before0.filter((n) => n !== moving), other].sort();
  const after1 = [...before1.filter((n) => n !== other), moving].sort();
  await memberAt(0).getByTestId('member-drag-handle').dragTo(memberAt(1));
  await expect(page.getByTestId('snackbar')).toContainText(textIn('swapped teams'));
  await expect.poll(() => membersOf(cards.nth(0))).toEqual(after0);
  await expect.poll(() => membersOf(cards.nth(1))).toEqual(after1);

  // Stored: the server's plan shows the swap after a reload.
  await page.reload();
  await expect.poll(() => membersOf(cards.nth(0))).toEqual(after0);
  const plan = await teamsOf(request, adminId);
  expect(plan.teams).toHaveLength(9);
  expect(
    plan.teams.every((t) => t.hostTeamMember !== null && t.teamMembers.some((m) => m.id === t.hostTeamMember!.id)),
  ).toBe(true);
});

test('a team is cancelled after its dry run and replaced from the waiting list', async ({ page, request }) => {
  const { adminId } = await createDinner(request, { runningDinnerType: 'DEMO', registrationType: 'CLOSED' });
  await generate(page, adminId);
  await addParticipants(request, adminId, 2);
  await page.reload();
  await expect(page.getByTestId('waiting-participant')).toHaveCount(2);

  const card = page.locator('[data-testid="team-card"][data-team-number="1"]');
  await card.locator('header [data-row-menu]').click();
  await page.getByRole('menuitem', { name: textIn('Cancel team') }).click();
  const dialog = page.getByTestId('cancel-team-dialog');
  await expect(dialog.getByTestId('dry-run')).toBeVisible();
  await expect(dialog.getByTestId('affected-count')).toContainText('6');
  await shoot(page, 'teams-cancel-dry-run', false);
  await dialog.getByRole('radio', { name: textIn('Replace from the waiting list') }).check();
  const options = dialog.getByTestId('replacement-option');
  await expect(options).toHaveCount(2);
  await options.nth(0).check();
  await options.nth(1).check();
  await dialog.getByTestId('confirm-cancel-team').click();
  await expect(card).toHaveAttribute('data-status', 'REPLACED');
  await expect(card.getByTestId('member-name')).toHaveText([textIn('Gast1 Nummer1'), textIn('Gast2 Nummer2')]);
  await expect(page.getByTestId('waiting-participant')).toHaveCount(0);

  const team1 = (await teamsOf(request, adminId)).teams.find((t) => t.teamNumber === 1)!;
  expect(team1.status).toBe('REPLACED');
  expect(team1.teamMembers.map((m) => m.lastname).sort()).toEqual(['Nummer1', 'Nummer2']);
});

test('a participant moves the hosting to the partner through the personal link', async ({ page, request }) => {
  const { adminId, selfAdminId, participantId, team, partner } = await teamOfRegistrant(page, request, {
    email: `host.${Date.now()}@example.org`,
    firstnamePart: 'Hanna',
    lastname: 'Host',
    numSeats: 8,
  });
  // Hanna has the seats, so her team cooks at her place.
  expect(team.hostTeamMember!.id).toBe(participantId);

  await page.goto(`/self/${selfAdminId}/teamhost/${participantId}/${team.id}`);
  await expect(page.getByTestId('self-team-page')).toBeVisible();
  await shoot(page, 'teams-self-host');
  await page.getByRole('button', { name: text(`Let ${partner.firstnamePart} ${partner.lastname} host`) }).click();
  await page.getByRole('button', { name: text('Change host') }).click();
  await expect(page.getByTestId('self-team-member').filter({ hasText: partner.lastname })).toHaveAttribute(
    'data-host',
    'true',
  );
  expect((await teamsOf(request, adminId)).teams.find((t) => t.id === team.id)!.hostTeamMember!.id).toBe(partner.id);

  // The partner is told by mail.
  await openMail(page, partner.email);
  await expect(page.getByTestId('mail-text')).toContainText('Hanna');
});
