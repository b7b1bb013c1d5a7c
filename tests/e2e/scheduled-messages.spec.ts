import type { MessageJob } from '../../contract/messages.js';
import { type APIRequestContext, expect, type Page, test } from '../support/axe.js';
import {
  addParticipants,
  confirmByCreatedMail,
  createDinner,
  inEnglish,
  openMail,
  outbox,
  shoot,
  UUID,
} from '../support/e2e.js';

// Issue 23, acceptance 7: the composer fills the subject in its preview, a route message is scheduled, the dashboard
// shows it scheduled and then, without a reload, going out and done; the outbox shows the route mail's HTML and .ics.

const messagesApi = (adminId: string, suffix: string) => `/rest/messageservice/v1/runningdinner/${adminId}${suffix}`;

async function confirmedDinnerWithTeams(request: APIRequestContext, languageCode: 'de' | 'en') {
  const dinner = await createDinner(request, { languageCode });
  await addParticipants(request, dinner.adminId, 18, () => ({ numSeats: 2 }));
  expect((await request.post(`/rest/teamservice/v1/runningdinner/${dinner.adminId}`)).status()).toBe(200);
  await confirmByCreatedMail(request, dinner.adminId, dinner.title);
  return dinner;
}

/** Opens the route composer, puts a placeholder in the subject and opens the send dialog on "later". */
async function scheduleDialog(page: Page, adminId: string, subject: string) {
  await page.goto(`/admin/${adminId}/messages/dinnerroute`);
  await page.getByTestId('field-subject').fill(`${subject}, {firstname}`);
  const first = (await page.getByTestId('preview-person').innerText()).split(' ')[0]!;
  await expect(page.getByTestId('preview-subject')).toHaveText(`${subject}, ${first}`);
  await page.getByTestId('send').click();
  await page.getByTestId('send-later').check();
  await expect(page.getByTestId('send-at')).not.toHaveValue('');
}

test.describe('in English', () => {
  inEnglish();

  test('a route message scheduled in the composer shows on the dashboard, goes out there live, and its mail is in the outbox with HTML and calendar', async ({
    page,
    request,
  }) => {
    const { adminId } = await confirmedDinnerWithTeams(request, 'en');
    const subject = `Your route ${Date.now()}`;
    await scheduleDialog(page, adminId, subject);
    await shoot(page, 'scheduled-send-dialog-en', false);
    await page.getByRole('button', { name: 'Send later' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/messages/jobs/(${UUID})$`));
    const jobId = new URL(page.url()).pathname.split('/').at(-1)!;
    await expect(page.getByTestId('job-scheduled')).toBeVisible();
    await shoot(page, 'scheduled-job-en');

    await page.goto(`/admin/${adminId}`);
    await expect(page.getByTestId('routes-scheduled')).toContainText('The dinner routes are scheduled for');
    await expect(page.getByTestId('step-routes')).toHaveAttribute('data-status', 'todo');
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));

    // Moved to in two seconds (the field takes minutes): the dashboard sees it start and finish without a reload.
    const moved = await request.put(messagesApi(adminId, `/messagejobs/${jobId}/schedule`), {
      data: { sendAt: new Date(Date.now() + 2_000).toISOString() },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    await expect(page.getByTestId('step-routes')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(page.getByTestId('routes-scheduled')).toHaveCount(0);
    expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);
    const job: MessageJob = await (await request.get(messagesApi(adminId, `/messagejobs/${jobId}`))).json();
    expect(job).toMatchObject({ sendingStatus: 'SENDING_FINISHED', numberOfMessageTasks: 18 });
    await shoot(page, 'scheduled-dashboard-done-en');

    await openMail(page, subject);
    await expect(page.getByTestId('mail-html')).toBeVisible();
    await expect(page.getByTestId('mail-attachment')).toContainText('running-dinner.ics');
    const download = await Promise.all([page.waitForEvent('download'), page.getByTestId('mail-attachment').click()]);
    expect(download[0].suggestedFilename()).toBe('running-dinner.ics');
    await shoot(page, 'outbox-route-mail-en');
  });
});

test('the send dialog and a scheduled job speak German', async ({ page, request }) => {
  const { adminId } = await confirmedDinnerWithTeams(request, 'de');
  await scheduleDialog(page, adminId, 'Deine Route');
  await expect(page.getByRole('button', { name: 'Später senden' })).toBeVisible();
  await expect(page.getByTestId('send-when')).toContainText('Später, zu einem Zeitpunkt, den ich wähle');
  await shoot(page, 'scheduled-send-dialog-de', false);
  await page.getByRole('button', { name: 'Später senden' }).click();
  await expect(page.getByTestId('job-send-at')).toContainText('Geht am');
  await shoot(page, 'scheduled-job-de');
  await page.getByTestId('job-cancel').click();
  await page.getByRole('button', { name: 'Nachricht absagen' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/messages/dinnerroute$`));
  const jobs: MessageJob[] = await (
    await request.get(messagesApi(adminId, '/messagejobs?messageType=DINNER_ROUTE'))
  ).json();
  expect(jobs).toEqual([]);

  // Nothing sent or scheduled: the dashboard suggests the day; sent at once, the step is done and the mail is in the outbox.
  await page.goto(`/admin/${adminId}`);
  await expect(page.getByTestId('routes-suggested')).toContainText('Am besten 3 Tage vor dem Dinner');
  const templates = await (await request.get(messagesApi(adminId, '/templates'))).json();
  const sent = await request.put(messagesApi(adminId, '/mails/dinnerroute?sendToDinnerOwner=false'), {
    data: { ...templates.DINNER_ROUTE, subject: 'Deine Route jetzt', teamSelection: 'ALL' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await expect(page.getByTestId('step-routes')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await shoot(page, 'routes-dashboard-de');
  const routeMail = async () => (await outbox(request)).find((mail) => mail.subject === 'Deine Route jetzt');
  await expect.poll(routeMail, { timeout: 20_000 }).toBeDefined();
  await page.goto(`/mailbox/${encodeURIComponent((await routeMail())!.id)}`);
  await expect(page.getByTestId('mail-html')).toBeVisible();
  await expect(page.getByTestId('mail-text')).toContainText('Was eure Gäste brauchen:');
  await shoot(page, 'outbox-route-mail-de');
});
