import { mkdirSync } from 'node:fs';
import type { Participant } from '../../contract/participants.js';
import type { Team, TeamsResponse } from '../../contract/teams.js';
import { type APIRequestContext, expect, type Locator, type Page, test } from './axe.js';
import { createBody, inDays, participantInput, registrationForm } from './factories.js';

// Shared by the browser tests. Texts are asserted in English (the language cookie is set per test);
// the language tests check German.

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The whole (trimmed) text of an element. */
export const text = (en: string) => new RegExp(`^\\s*${escapeRegExp(en)}\\s*$`);
/** Part of an element's text. */
export const textIn = (en: string) => new RegExp(escapeRegExp(en));

/** Every test of the file runs in English. */
export function inEnglish() {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  });
}

/** The pages of the landing area that need no event, and one that does not exist. */
export const LANDING_PATHS = [
  '/',
  '/running-dinner-veranstalten-teilnehmen',
  '/news',
  '/create-running-dinner',
  '/impressum',
  '/datenschutz',
  '/running-dinner-events',
  '/gibt-es-nicht',
];

const SHOTS = 'tests/screenshots';
mkdirSync(SHOTS, { recursive: true });
export const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** Screenshots on a laptop and on a phone. fullPage off for dialogs: a fixed overlay would be drawn at the scroll position of a tall page. */
export async function shoot(page: Page, name: string, fullPage = true) {
  const viewport = page.viewportSize() ?? desktop;
  // A sticky header is drawn where the page is scrolled to: from the top, it sits at the top of the picture.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(desktop);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage });
  await page.setViewportSize(phone);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage });
  await page.setViewportSize(viewport);
}

let counter = 0;
/**
 * Creates a running dinner through the wizard API, with a title unique to this run. `confirmed` confirms the
 * creator's address by the mailed link: registration opens only then.
 */
export async function createDinner(
  request: APIRequestContext,
  { confirmed = false, ...overrides }: Parameters<typeof createBody>[0] & { title?: string; confirmed?: boolean } = {},
) {
  const body = createBody({ date: inDays(21), ...overrides });
  const unique = `${Date.now()}-${++counter}`;
  body.basicDetails.title = overrides.title ?? `Weihnachtsdinner Wiehre ${unique}`;
  body.publicSettings.title = `Running Dinner in der Wiehre ${unique}`;
  const response = await request.post('/rest/wizardservice/v1/create', { data: body });
  expect(response.status(), await response.text()).toBe(200);
  const json = await response.json();
  if (confirmed) await confirmByCreatedMail(request, json.runningDinner.adminId, body.basicDetails.title);
  return {
    adminId: json.runningDinner.adminId as string,
    publicDinnerId: json.runningDinner.publicSettings.publicDinnerId as string,
    title: body.basicDetails.title,
    publicTitle: body.publicSettings.title,
  };
}

export interface OutboxMail {
  id: string;
  subject: string;
  to: string;
}

/** The mails in the e2e server's outbox (it has no SMTP), newest first. */
export async function outbox(request: APIRequestContext): Promise<OutboxMail[]> {
  const response = await request.get('/rest/mailbox');
  expect(response.status()).toBe(200);
  return (await response.json()).mails;
}

export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Confirms the organiser's address as their click would: the creation mail of the dinner titled `title` is read from
 * the outbox and its confirmation link followed through the API. Messages, a demo's too, are locked until then.
 */
export async function confirmByCreatedMail(request: APIRequestContext, adminId: string, title: string) {
  const createdMail = async () => (await outbox(request)).find((m) => m.subject.includes(title));
  await expect.poll(createdMail, { timeout: 20_000 }).toBeDefined();
  const mail = await (await request.get(`/rest/mailbox/${encodeURIComponent((await createdMail())!.id)}`)).json();
  const acknowledgeId = (mail.text as string).match(new RegExp(`/admin/${adminId}/(${UUID})/acknowledge`))![1];
  const acknowledged = await request.put(
    `/rest/runningdinnerservice/v1/runningdinner/${adminId}/acknowledge/${acknowledgeId}`,
  );
  expect(acknowledged.status(), await acknowledged.text()).toBe(200);
}

/** Opens the newest mail in the app's outbox whose list row contains `hasText`; the sender writes it in the background. */
export async function openMail(page: Page, hasText: string) {
  await page.goto('/mailbox');
  const row = page.getByTestId('mail-row').filter({ hasText });
  await expect(async () => {
    await page.getByRole('button', { name: text('Refresh') }).click();
    await expect(row.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await row.first().getByRole('link').click();
  await expect(page.getByTestId('mail-text')).toBeVisible();
}

/** One screenshot at the current viewport size. */
export const screenshot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

/** Screenshots of one element on a laptop and on a phone. */
export async function shootElement(locator: Locator, name: string) {
  const page = locator.page();
  const viewport = page.viewportSize() ?? desktop;
  await page.setViewportSize(desktop);
  await locator.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  await page.setViewportSize(phone);
  await locator.screenshot({ path: `${SHOTS}/${name}-390.png` });
  await page.setViewportSize(viewport);
}

export const participantsApi = (adminId: string, suffix = '') =>
  `/rest/participantservice/v1/runningdinner/${adminId}${suffix}`;

/** Adds confirmed participants Gast1 Nummer1 … through the organiser's API. */
export async function addParticipants(
  request: APIRequestContext,
  adminId: string,
  count: number,
  fields: (i: number) => Record<string, unknown> = () => ({}),
) {
  for (let i = 1; i <= count; i++) {
    const data = participantInput({
      firstnamePart: `Gast${i}`,
      lastname: `Nummer${i}`,
      email: `gast${i}@example.org`,
      ...fields(i),
    });
    const response = await request.post(participantsApi(adminId, '/participant'), { data });
    expect(response.status(), await response.text()).toBe(200);
  }
}

const teamsApi = (adminId: string, suffix = '') => `/rest/teamservice/v1/runningdinner/${adminId}${suffix}`;

/** Every team of the dinner, through the organiser's API. */
export async function teamsOf(request: APIRequestContext, adminId: string): Promise<TeamsResponse> {
  const response = await request.get(teamsApi(adminId));
  expect(response.status()).toBe(200);
  return response.json();
}

/** What `teamOfRegistrant` set up: the dinner, the registrant's personal ids, and their team. */
export interface RegistrantTeam {
  adminId: string;
  publicDinnerId: string;
  /** The dinner's date (its meals are at 19:00, 21:00 and 23:00). */
  date: string;
  selfAdminId: string;
  participantId: string;
  team: Team;
  partner: Participant;
}

/**
 * A public dinner with teams, one of whose participants registered through the public form: registers
 * `registration` (fields of the form, with a unique `email`), reads the personal link from the registration
 * mail in the outbox, confirms the registration through the organiser's API, adds 17 participants with 2 seats
 * (18 make the 9 teams of 3 meals) and generates the teams. Unless `published` is false, it shows the teams and
 * routes on the personal pages as the organiser can without a mail (else a page shows them once a mail told them).
 * Answers the registrant's team and partner.
 */
export async function teamOfRegistrant(
  page: Page,
  request: APIRequestContext,
  registration: Record<string, unknown> & { email: string },
  { published = true }: { published?: boolean } = {},
): Promise<RegistrantTeam> {
  const date = inDays(21);
  const { adminId, publicDinnerId } = await createDinner(request, { date, confirmed: true });
  const registered = await request.post(`/rest/frontend/v1/runningdinner/${publicDinnerId}/register`, {
    data: registrationForm(registration),
  });
  expect(registered.status(), await registered.text()).toBe(200);
  await openMail(page, registration.email);
  const personal = await page
    .getByTestId('mail-text')
    .getByRole('link', { name: /\/self\// })
    .first()
    .textContent();
  const [, selfAdminId, participantId] = personal!.match(/\/self\/([0-9a-f-]{36})\/teampartnerwish\/([0-9a-f-]{36})/)!;
  expect((await request.put(participantsApi(adminId, `/participant/${participantId}/activate`))).status()).toBe(200);
  await addParticipants(request, adminId, 17, () => ({ numSeats: 2 }));
  const generated = await request.post(teamsApi(adminId));
  expect(generated.status(), await generated.text()).toBe(200);
  if (published)
    expect((await request.put(teamsApi(adminId, '/published'), { data: { teams: true, routes: true } })).status()).toBe(
      200,
    );
  const team = (await teamsOf(request, adminId)).teams.find((t) => t.teamMembers.some((m) => m.id === participantId))!;
  expect(team).toBeDefined();
  const partner = team.teamMembers.find((m) => m.id !== participantId)!;
  return { adminId, publicDinnerId, date, selfAdminId, participantId, team, partner };
}

/** A local date as the English UI writes it: "2026-12-20" → "20 Dec 2026". */
export function englishDate(localDate: string): string {
  const [year, month, day] = localDate.split('-').map(Number);
  const monthName = new Date(Date.UTC(year, month - 1, day)).toLocaleString('en-GB', {
    month: 'short',
    timeZone: 'UTC',
  });
  return `${day} ${monthName} ${year}`;
}

/**
 * Moves a participant to an address in Freiburg that the test server cannot locate (it reaches no geocoder): the
 * person keeps everything else and loses their position.
 */
export async function moveToUnlocatedAddress(
  request: APIRequestContext,
  adminId: string,
  person: Participant,
  street: string,
  streetNr: string,
) {
  const moved = await request.put(participantsApi(adminId, `/participant/${person.id}`), {
    data: participantInput({
      firstnamePart: person.firstnamePart,
      lastname: person.lastname,
      email: person.email,
      gender: person.gender,
      numSeats: person.numSeats,
      street,
      streetNr,
      zip: '79100',
      cityName: 'Freiburg',
    }),
  });
  expect(moved.status(), await moved.text()).toBe(200);
}
