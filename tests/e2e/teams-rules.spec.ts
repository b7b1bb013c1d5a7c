import type { Participant } from '../../contract/participants.js';
import { type APIRequestContext, expect, type Page, test } from '../support/axe.js';
import {
  addParticipants,
  createDinner,
  inEnglish,
  participantsApi,
  screenshot,
  shoot,
  teamsOf,
  text,
  textIn,
} from '../support/e2e.js';
import { registrationForm } from '../support/factories.js';

// The team rules shown before the click: a host with too few seats is warned about, fixed partners cannot be
// swapped apart or taken out alone, replacing a team says that its members are deleted, the pick dialogs find
// what they show, the meeting plan marks only the host of each table, and the counts say what is needed.

inEnglish();

const fullName = (p: Participant) => `${p.firstnamePart} ${p.lastname}`;

/**
 * A dinner of 18 (9 teams): Ida Öztürk registered Ole Brandt together with her, 16 more alternate between
 * 8 and 2 seats. Answers the teams as generated.
 */
async function dinnerWithRegisteredPair(request: APIRequestContext) {
  const { adminId, publicDinnerId } = await createDinner(request, { confirmed: true });
  const email = `ida.${Date.now()}@example.org`;
  const form = registrationForm({
    firstnamePart: 'Ida',
    lastname: 'Öztürk',
    email,
    numSeats: 8,
    teamPartnerWishRegistrationData: { firstnamePart: 'Ole', lastname: 'Brandt' },
  });
  const registered = await request.post(`/rest/frontend/v1/runningdinner/${publicDinnerId}/register`, { data: form });
  expect(registered.status(), await registered.text()).toBe(200);
  const listed = await (await request.get(participantsApi(adminId, '/participants'))).json();
  const ida = (listed.unconfirmedParticipants as Participant[]).find((p) => p.email === email)!;
  expect((await request.put(participantsApi(adminId, `/participant/${ida.id}/activate`))).status()).toBe(200);
  await addParticipants(request, adminId, 16, (i) => ({ numSeats: i % 2 === 0 ? 2 : 8 }));
  expect((await request.post(`/rest/teamservice/v1/runningdinner/${adminId}`)).status()).toBe(200);
  const { teams } = await teamsOf(request, adminId);
  const pairTeam = teams.find((t) => t.teamMembers.some((m) => m.id === ida.id))!;
  const ole = pairTeam.teamMembers.find((m) => m.id !== ida.id)!;
  return { adminId, teams, pairTeam, ida, ole };
}

const memberRow = (page: Page, participantId: string) =>
  page.locator(`[data-testid="team-member"][data-participant-id="${participantId}"]`);
const openMemberMenu = (page: Page, participantId: string) =>
  memberRow(page, participantId).locator('[data-row-menu]').click();
const teamCard = (page: Page, teamNumber: number) =>
  page.locator(`[data-testid="team-card"][data-team-number="${teamNumber}"]`);

async function inGerman(page: Page) {
  await page.context().addCookies([{ name: 'lang', value: 'de', url: page.url() }]);
  await page.reload();
}

test('making a member with too few seats the host warns in the menu and asks with the consequence', async ({
  page,
  request,
}) => {
  const { adminId, teams } = await dinnerWithRegisteredPair(request);
  const team = teams.find((t) => t.teamMembers.some((m) => m.id !== t.hostTeamMember!.id && m.numSeats === 2))!;
  const member = team.teamMembers.find((m) => m.id !== team.hostTeamMember!.id)!;
  const name = fullName(member);
  await page.goto(`/admin/${adminId}/teams`);

  await openMemberMenu(page, member.id);
  const item = page.getByRole('menuitem', { name: textIn('Make host…') });
  await expect(item).toContainText('Only 2 seats: a host seats 6');
  await screenshot(page, 'teams-host-menu-en');
  await item.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(text(`Make ${name} the host anyway?`));
  await expect(dialog.getByTestId('host-seat-warning')).toContainText(`${name} has 2 seats; as host they seat 6`);
  await shoot(page, 'teams-host-warning-en', false);
  await dialog.getByRole('button', { name: text('Make host anyway') }).click();

  await expect(memberRow(page, member.id)).toHaveAttribute('data-host', 'true');
  await expect(memberRow(page, member.id)).toContainText('too few to host');
  expect((await teamsOf(request, adminId)).teams.find((t) => t.id === team.id)!.hostTeamMember!.id).toBe(member.id);

  // The same warning in German, for another team (the menu's third entry is the host's).
  await inGerman(page);
  const next = (await teamsOf(request, adminId)).teams.find((t) =>
    t.teamMembers.some((m) => m.id !== t.hostTeamMember!.id && m.numSeats === 2),
  )!;
  await openMemberMenu(page, next.teamMembers.find((m) => m.id !== next.hostTeamMember!.id)!.id);
  await page.getByRole('menuitem').nth(2).click();
  await expect(page.getByTestId('host-seat-warning')).toBeVisible();
  await shoot(page, 'teams-host-warning-de', false);
});

test('a fixed partner cannot be swapped away or taken out alone, and the menu and the dialog say why first', async ({
  page,
  request,
}) => {
  const { adminId, teams, pairTeam, ida, ole } = await dinnerWithRegisteredPair(request);
  await page.goto(`/admin/${adminId}/teams`);

  // Someone of another team is offered Ole, disabled with the reason beside him.
  const other = teams.find((t) => t.id !== pairTeam.id)!.teamMembers[0];
  await openMemberMenu(page, other.id);
  await page.getByRole('menuitem', { name: text('Swap with…') }).click();
  const dialog = page.getByTestId('pick-dialog');
  await dialog.getByRole('searchbox').fill('Ole');
  const option = dialog.getByTestId('pick-option');
  await expect(option).toHaveCount(1);
  await expect(option).toHaveAttribute('aria-disabled', 'true');
  await expect(option).toContainText('Fixed partner of Ida Öztürk: the two stay together');
  await expect(option).toHaveAccessibleDescription(textIn('Fixed partner of Ida Öztürk'));
  // The keyboard reaches it (and its reason), but picking it changes nothing.
  await option.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(option).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Ole's own menu: no swap, no hosting (Ida registered the pair, they cook in her kitchen).
  await openMemberMenu(page, ole.id);
  await expect(page.getByRole('menuitem', { name: textIn('Swap with…') })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: textIn('Swap with…') })).toContainText('Fixed partner of Ida Öztürk');
  await expect(page.getByRole('menuitem', { name: textIn('Make host') })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: textIn('Make host') })).toContainText(
    'Registered together: they cook in the kitchen of Ida Öztürk',
  );

  // Taking Ole out: the reason comes before any confirmation, and the way out is cancelling the team.
  await page.getByRole('menuitem', { name: textIn('Delete participant') }).click();
  const refusal = page.getByRole('dialog');
  await expect(refusal.getByRole('heading')).toHaveText(
    text(`Ole Brandt cannot leave team ${pairTeam.teamNumber} alone`),
  );
  await expect(refusal.getByTestId('registered-pair-reason')).toHaveText(
    textIn('Ole Brandt and Ida Öztürk registered together as a team, so neither can leave it alone.'),
  );
  await refusal.getByRole('button', { name: text(`Cancel team ${pairTeam.teamNumber}…`) }).click();
  await expect(page.getByTestId('cancel-team-dialog')).toBeVisible();
  expect(
    (await teamsOf(request, adminId)).teams
      .find((t) => t.id === pairTeam.id)!
      .teamMembers.map((m) => m.id)
      .sort(),
  ).toEqual([ida.id, ole.id].sort());
});

test('a member moves onto the waiting list and stays; deleting says that it deletes', async ({ page, request }) => {
  const { adminId } = await createDinner(request, { runningDinnerType: 'DEMO', registrationType: 'CLOSED' });
  expect((await request.post(`/rest/teamservice/v1/runningdinner/${adminId}`)).status()).toBe(200);
  const team1 = (await teamsOf(request, adminId)).teams.find((t) => t.teamNumber === 1)!;
  const [member, other] = team1.teamMembers;
  await page.goto(`/admin/${adminId}/teams`);

  await openMemberMenu(page, member.id);
  await page.getByRole('menuitem', { name: text('Delete participant…') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(text(`Delete ${fullName(member)}?`));
  await expect(dialog.getByTestId('member-outcome')).toHaveText(
    textIn(`${fullName(member)} leaves the running dinner and is deleted with all their data.`),
  );
  await shoot(page, 'teams-delete-member-en', false);
  await page.keyboard.press('Escape');

  await openMemberMenu(page, member.id);
  await page.getByRole('menuitem', { name: text('Move to the waiting list…') }).click();
  await expect(dialog.getByRole('heading')).toHaveText(text(`Move ${fullName(member)} onto the waiting list?`));
  await expect(dialog.getByTestId('member-outcome')).toHaveText(
    textIn(`${fullName(member)} stays registered and waits on the waiting list for a place in a team.`),
  );
  await shoot(page, 'teams-to-waiting-list-en', false);
  await dialog.getByRole('button', { name: text('Move to the waiting list') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('waiting-participant')).toHaveText([textIn(fullName(member))]);
  await expect(page.getByTestId('teams-missing-members')).toContainText(textIn('1 place free'));
  await expect(memberRow(page, other.id)).toBeVisible();
  const { participantsWaitingList } = await (await request.get(participantsApi(adminId, '/participants'))).json();
  expect(participantsWaitingList.map((p: Participant) => p.id)).toEqual([member.id]);
  await shoot(page, 'teams-after-waiting-list-en');

  await inGerman(page);
  await openMemberMenu(page, other.id);
  await page.getByRole('menuitem').nth(3).click();
  await expect(dialog.getByTestId('member-outcome')).toBeVisible();
  await shoot(page, 'teams-to-waiting-list-de', false);
});

test('replacing a team says in red that its members are deleted with all their data', async ({ page, request }) => {
  const { adminId } = await createDinner(request, { runningDinnerType: 'DEMO', registrationType: 'CLOSED' });
  expect((await request.post(`/rest/teamservice/v1/runningdinner/${adminId}`)).status()).toBe(200);
  await addParticipants(request, adminId, 2);
  const team1 = (await teamsOf(request, adminId)).teams.find((t) => t.teamNumber === 1)!;
  const members = team1.teamMembers.map(fullName).join(', ');
  await page.goto(`/admin/${adminId}/teams`);

  await teamCard(page, 1).locator('header [data-row-menu]').click();
  await page.getByRole('menuitem', { name: textIn('Cancel team') }).click();
  const dialog = page.getByTestId('cancel-team-dialog');
  await dialog.getByRole('radio', { name: textIn('Replace from the waiting list') }).check();
  const removed = dialog.getByTestId('members-removed');
  await expect(removed).toHaveText(textIn(`${members} leave the running dinner and are deleted with all their data.`));
  await expect(removed).toHaveClass(/text-red-900/);
  await expect(dialog.getByTestId('confirm-cancel-team')).toHaveText(text('Replace team 1'));
  await expect(dialog.getByTestId('confirm-cancel-team')).toHaveClass(/bg-red-700/);
  await shoot(page, 'teams-replace-en', false);

  await inGerman(page);
  await teamCard(page, 1).locator('header [data-row-menu]').click();
  await page.getByRole('menuitem').last().click();
  await dialog.getByRole('radio').last().check();
  await expect(dialog.getByTestId('members-removed')).toBeVisible();
  await shoot(page, 'teams-replace-de', false);
});

test('the pick dialogs find what they show: "Team 4", names without accents, any case', async ({ page, request }) => {
  const { adminId } = await createDinner(request, { runningDinnerType: 'DEMO', registrationType: 'CLOSED' });
  expect((await request.post(`/rest/teamservice/v1/runningdinner/${adminId}`)).status()).toBe(200);
  const { teams } = await teamsOf(request, adminId);
  const team4 = teams.find((t) => t.teamNumber === 4)!;
  const subject = teams.find((t) => t.teamNumber !== 4 && !t.teamMembers.some((m) => m.lastname === 'Schäfer'))!
    .teamMembers[0];
  await page.goto(`/admin/${adminId}/teams`);

  await openMemberMenu(page, subject.id);
  await page.getByRole('menuitem', { name: text('Swap with…') }).click();
  const dialog = page.getByTestId('pick-dialog');
  const options = dialog.getByTestId('pick-option');
  await dialog.getByRole('searchbox').fill('Team 4');
  await expect(options).toHaveCount(2);
  await expect(options).toContainText(team4.teamMembers.map(fullName));
  await dialog.getByRole('searchbox').fill('SCHAFER');
  await expect(options).toHaveCount(1);
  await expect(options).toContainText('Anna Schäfer');
  await page.keyboard.press('Escape');

  await teamCard(page, 1).locator('header [data-row-menu]').click();
  await page.getByRole('menuitem', { name: text('Swap team number with…') }).click();
  await dialog.getByRole('searchbox').fill('team 4');
  await expect(options).toHaveCount(1);
  await expect(options).toContainText('Team 4');
});

test('the meeting plan marks only the host of each table', async ({ page, request }) => {
  const { adminId } = await createDinner(request, { runningDinnerType: 'DEMO', registrationType: 'CLOSED' });
  expect((await request.post(`/rest/teamservice/v1/runningdinner/${adminId}`)).status()).toBe(200);
  const team = (await teamsOf(request, adminId)).teams[0];
  await page.goto(`/admin/${adminId}/teams/${team.id}`);

  const stops = page.getByTestId('meeting-plan-meal');
  await expect(stops).toHaveCount(3);
  for (const stop of await stops.all()) {
    const tables = stop.getByTestId('meeting-plan-team');
    await expect(tables).toHaveCount(3);
    await expect(stop.getByTestId('host-badge')).toHaveCount(1);
    await expect(tables.first().getByTestId('host-badge')).toHaveCount(1);
  }
});

test('the teams page compares the confirmed participants with the needed number', async ({ page, request }) => {
  const { adminId } = await createDinner(request);
  await addParticipants(request, adminId, 12);
  await page.goto(`/admin/${adminId}/teams`);
  await expect(page.getByTestId('teams-participant-count')).toHaveText(text('12 confirmed — 18 needed'));

  await addParticipants(request, adminId, 27, (i) => ({ email: `more${i}@example.org` }));
  await page.reload();
  await expect(page.getByTestId('teams-participant-count')).toHaveText(text('39 confirmed — 18 needed'));
});
