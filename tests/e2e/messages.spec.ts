import type { MessageJob, MessageTask } from '../../contract/messages.js';
import { type APIRequestContext, expect, type Page, test } from '../support/axe.js';
import {
  addParticipants,
  confirmByCreatedMail,
  createDinner,
  inEnglish,
  outbox,
  shoot,
  text,
  textIn,
  UUID,
} from '../support/e2e.js';

// Issue 11, acceptance 6: the messaging centre in Chromium. The organiser composes a team message and sees the
// preview follow the typing, sends it, watches the progress reach 100 % without reloading, sees a bounce the mail
// provider reports appear live, resends that mail to a corrected address, and finds step 5 of the dashboard ticked.
// The e2e server has no SMTP: mails go to its outbox, and the bounce is reported through the webhook.

const WEBHOOK_TOKEN = 'e2e-webhook-token-0123456789';
const messagesApi = (adminId: string, suffix: string) => `/rest/messageservice/v1/runningdinner/${adminId}${suffix}`;

/**
 * A confirmed dinner (German, 3 meals) with 18 participants in 9 teams: the creator's mail is read from the outbox
 * and its confirmation link followed through the API, as the organiser's click would.
 */
async function confirmedDinnerWithTeams(request: APIRequestContext) {
  const dinner = await createDinner(request);
  await addParticipants(request, dinner.adminId, 18, () => ({ numSeats: 2 }));
  expect((await request.post(`/rest/teamservice/v1/runningdinner/${dinner.adminId}`)).status()).toBe(200);
  await confirmByCreatedMail(request, dinner.adminId, dinner.title);
  return dinner;
}

/** A mark in the page's window: gone if the page was loaded again. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
const stillMarked = (page: Page) => page.evaluate(() => 'notReloaded' in window);

/** The job id of the job page that is open. */
const jobIdOf = (page: Page) => new URL(page.url()).pathname.match(new RegExp(`/messages/jobs/(${UUID})$`))![1]!;

async function tasksOf(request: APIRequestContext, adminId: string, jobId: string): Promise<MessageTask[]> {
  const response = await request.get(messagesApi(adminId, `/messagetasks/${jobId}`));
  expect(response.status()).toBe(200);
  return response.json();
}

/**
 * What the mail provider would report for a mail it took that then bounced. Neither the task JSON nor the outbox API
 * shows a Message-ID: the app writes it as `<taskId@host of PUBLIC_URL>` when it queues a mail (messages.queue.ts),
 * so this holds for a task that was not resent.
 */
async function reportBounce(request: APIRequestContext, task: MessageTask, baseURL: string) {
  expect(task).toMatchObject({
    sendingStatus: 'SENDING_FINISHED',
    resendCount: 0,
    sendingResult: { delieveryFailed: false },
  });
  const data = {
    messageId: `<${task.id}@${new URL(baseURL).hostname}>`,
    type: 'INVALID_EMAIL',
    description: '550 5.1.1 mailbox unknown',
  };
  expect((await request.post('/rest/mail/events', { data })).status()).toBe(403);
  const reported = await request.post('/rest/mail/events', {
    data,
    headers: { Authorization: `Bearer ${WEBHOOK_TOKEN}` },
  });
  expect(reported.status(), await reported.text()).toBe(200);
  expect(await reported.json()).toMatchObject({ status: 'FAILED', failureType: 'INVALID_EMAIL' });
}

const progress = (page: Page) => page.getByTestId('job-progress');
async function expectProgress(page: Page, sent: number, failed: number, total: number) {
  await expect(progress(page)).toHaveAttribute('data-sent', String(sent));
  await expect(progress(page)).toHaveAttribute('data-failed', String(failed));
  await expect(progress(page)).toHaveAttribute('data-total', String(total));
}

test.describe('in English', () => {
  inEnglish();

  test('a team message: the preview follows the typing, the job reaches 100 % live, a bounced mail is resent to a corrected address, step 5 is ticked', async ({
    page,
    request,
    baseURL,
  }) => {
    const { adminId } = await confirmedDinnerWithTeams(request);
    await page.goto(`/admin/${adminId}`);
    await expect(page.getByTestId('step-team-mails')).toHaveAttribute('data-status', 'todo');
    await page.getByTestId('nav-messages').first().click();
    await page.getByTestId('tab-teams').click();
    await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/messages/teams$`));
    await expect(page.getByTestId('tab-teams')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('panel-teams').getByTestId('recipients')).toContainText('All teams (9)');

    // The event is German, so are its default texts; the preview shows the first recipient's mail with them filled in.
    const preview = page.getByTestId('preview-message');
    await expect(page.getByTestId('field-message')).toHaveValue(/\{firstname\}/);
    await expect(preview).toBeVisible();
    await expect(preview).not.toContainText('{firstname}');
    await expect(preview).not.toContainText('{host}');
    await expect(page.getByTestId('preview-person')).toContainText(/Gast\d+ Nummer\d+ · Team \d+/);
    const firstName = async () => (await page.getByTestId('preview-person').innerText()).split(' ')[0]!;
    const first = await firstName();
    await expect(preview).toContainText(`Hallo ${first},`);
    await expect(page.getByTestId('preview-to')).toHaveText(text(`${first.toLowerCase()}@example.org`));

    const subject = `Eure Teams ${Date.now()}`;
    await page.getByTestId('field-subject').fill(subject);
    await expect(page.getByTestId('preview-subject')).toHaveText(text(subject));

    // Typing at the end of the message: the preview follows each part shortly after the keystrokes stop.
    const message = page.getByTestId('field-message');
    await message.click();
    await message.press('Control+End');
    await message.pressSequentially('\nBis bald', { delay: 15 });
    await expect(preview).toContainText(/Bis bald\s+--\s/);
    await message.pressSequentially(', Clara!', { delay: 15 });
    await expect(preview).toContainText(/Bis bald, Clara!\s+--\s/);
    await message.pressSequentially(' Gruß an ', { delay: 15 });
    // The placeholder button writes at the cursor; the preview fills it with the recipient's first name.
    await page.getByTestId('insert-firstname').click();
    await expect(message).toHaveValue(/Bis bald, Clara! Gruß an \{firstname\}$/);
    await expect(preview).toContainText(new RegExp(`Bis bald, Clara! Gruß an ${first}\\s+--\\s`));
    // Typing goes on after the inserted placeholder.
    await page.keyboard.type('.');
    await expect(message).toHaveValue(/Gruß an \{firstname\}\.$/);
    await expect(preview).toContainText(new RegExp(`Gruß an ${first}\\.\\s+--\\s`));

    // The next recipient's mail has their own name in it.
    await expect(page.getByTestId('preview-state')).toHaveText('');
    await page.getByTestId('preview-next').click();
    // Compared by the first name itself: Playwright trims the text it looks for, so "Gast1 " would be found in "Gast12".
    await expect.poll(firstName).not.toBe(first);
    const second = await firstName();
    await expect(page.getByTestId('preview-to')).toHaveText(text(`${second.toLowerCase()}@example.org`));
    await expect(preview).toContainText(new RegExp(`Gruß an ${second}\\.\\s+--\\s`));
    await expect(preview).toContainText(`Hallo ${second},`);
    await expect(page.getByTestId('preview-state')).toHaveText('');
    await shoot(page, 'messages-compose-team-en');

    // Send: the confirmation names the number of recipients and the subject.
    await page.getByTestId('send').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText(text('Send to 18 recipients?'));
    await expect(dialog).toContainText(subject);
    await dialog.getByRole('button', { name: text('Send now') }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/${adminId}/messages/jobs/${UUID}$`));
    await markPage(page);
    const jobId = jobIdOf(page);
    await expect(page.getByTestId('job-subject')).toHaveText(text(subject));

    // The bar reaches 100 % without a reload.
    await expectProgress(page, 18, 0, 18);
    await expect(page.getByTestId('job-progress-text')).toHaveText(text('18 of 18 sent'));
    await expect(page.getByTestId('job-progress-card')).toContainText('100 %');
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '18');
    await expect(page.getByTestId('job-status')).toHaveAttribute('data-status', 'SENDING_FINISHED_SUCCESS');
    await expect(page.getByTestId('job-finished-note')).toHaveText(text('Every mail was handed to the mail server.'));
    const rows = page.getByTestId('task-row');
    await expect(rows).toHaveCount(18);
    await expect(rows.and(page.locator('[data-status="SENT"]'))).toHaveCount(18);
    expect(await stillMarked(page)).toBe(true);

    // Every mail is in the outbox as the preview showed it for its recipient.
    const tasks = await tasksOf(request, adminId, jobId);
    expect(tasks).toHaveLength(18);
    expect(new Set(tasks.map((t) => t.recipientEmail)).size).toBe(18);
    const secondsMail = tasks.find((t) => t.recipientEmail === `${second.toLowerCase()}@example.org`)!;
    expect(secondsMail.content).toMatch(new RegExp(`Gruß an ${second}\\.\\n\\n--\\n`));

    // The provider reports a bounce for one delivered mail: the row, the bar and the status follow at once.
    const bounced = tasks.find((t) => t.recipientEmail !== secondsMail.recipientEmail)!;
    expect(bounced).not.toHaveProperty('messageId');
    await reportBounce(request, bounced, baseURL!);
    const row = page.locator(`[data-testid="task-row"][data-task-id="${bounced.id}"]`);
    await expect(row).toHaveAttribute('data-status', 'FAILED');
    await expect(row.getByTestId('task-failure-type')).toHaveText(text('Invalid address'));
    await expect(row.getByTestId('task-failure-message')).toHaveText(text('550 5.1.1 mailbox unknown'));
    await expectProgress(page, 17, 1, 18);
    await expect(page.getByTestId('job-progress-text')).toHaveText(text('17 of 18 sent, 1 failed'));
    await expect(page.getByTestId('job-status')).toHaveAttribute('data-status', 'SENDING_FINISHED_FAILURE');
    await expect(page.getByTestId('task-filter-failed')).toHaveText(text('Failed (1)'));
    await expect(page.getByTestId('job-finished-note')).toContainText('1 mail could not be delivered.');
    expect(await stillMarked(page)).toBe(true);
    await shoot(page, 'messages-job-failed-en');

    // Resent to a corrected address: the row and the bar follow to all sent.
    const corrected = `korrigiert.${Date.now()}@example.org`;
    await row.getByTestId('task-resend').click();
    const resend = page.getByTestId('resend-dialog');
    await expect(resend).toContainText('Invalid address');
    await expect(resend).toContainText('550 5.1.1 mailbox unknown');
    await expect(resend.getByTestId('resend-email')).toHaveValue(bounced.recipientEmail);
    await resend.getByTestId('resend-email').fill(corrected);
    await shoot(page, 'messages-resend-dialog-en', false);
    await resend.getByTestId('resend-submit').click();
    await expect(resend).toBeHidden();
    await expect(page.getByTestId('snackbar')).toContainText(textIn(corrected));
    // Closed, so that it covers no row in the screenshot.
    await page
      .getByTestId('snackbar')
      .getByRole('button', { name: text('Close') })
      .click();
    await expect(page.getByTestId('snackbar')).toBeEmpty();
    await expect(row).toHaveAttribute('data-status', 'SENT');
    await expect(row.getByTestId('task-email')).toHaveText(text(corrected));
    await expect(row).toContainText('sent again once');
    await expect(row.getByTestId('task-failure-message')).toHaveCount(0);
    await expectProgress(page, 18, 0, 18);
    await expect(page.getByTestId('job-progress-text')).toHaveText(text('18 of 18 sent'));
    await expect(page.getByTestId('job-status')).toHaveAttribute('data-status', 'SENDING_FINISHED_SUCCESS');
    await expect(rows.and(page.locator('[data-status="SENT"]'))).toHaveCount(18);
    expect(await stillMarked(page)).toBe(true);
    await shoot(page, 'messages-job-resent-en');
    const job: MessageJob = await (await request.get(messagesApi(adminId, `/messagejobs/${jobId}`))).json();
    expect(job).toMatchObject({ sendingStatus: 'SENDING_FINISHED', sendingFailed: false, numberOfMessageTasks: 18 });

    // The dashboard ticks step 5.
    await page.getByTestId('job-back').click();
    await expect(page.getByTestId('job-history')).toContainText(subject);
    await page.getByTestId('nav-dashboard').first().click();
    const step = page.getByTestId('step-team-mails');
    await expect(step).toHaveAttribute('data-status', 'done');
    await expect(step).toContainText('The teams know their partners and their meals.');
    await expect(page.getByTestId('step-routes')).toHaveAttribute('data-status', 'todo');
  });

  test('while the mails go out, the counter and the filter chips tell the same numbers', async ({ page, request }) => {
    // 120 mails at the server's 10 a second: the sending lasts 12 s, long enough to watch it also on a busy machine.
    const recipients = 120;
    const { adminId } = await createDinner(request, { confirmed: true });
    await addParticipants(request, adminId, recipients);
    // Every state the page shows is written down as it is drawn, from the first page load on.
    await page.addInitScript(() => {
      const figures: Record<string, number>[] = [];
      Object.assign(window, { figures });
      const chip = (filter: string) =>
        Number(document.querySelector(`[data-testid="task-filter-${filter}"]`)?.textContent?.match(/\((\d+)\)/)?.[1]);
      const note = () => {
        const bar = document.querySelector<HTMLElement>('[data-testid="job-progress"]');
        if (!bar || !document.querySelector('[data-testid="task-filter-all"]')) return;
        figures.push({
          sent: Number(bar.dataset.sent),
          failed: Number(bar.dataset.failed),
          total: Number(bar.dataset.total),
          chipAll: chip('all'),
          chipSent: chip('sent'),
          chipFailed: chip('failed'),
          chipWaiting: chip('queued'),
        });
      };
      new MutationObserver(note).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    });
    const templates = await (await request.get(messagesApi(adminId, '/templates'))).json();
    const sent = await request.put(messagesApi(adminId, '/mails/participant?sendToDinnerOwner=false'), {
      data: { ...templates.PARTICIPANT, subject: 'Neuigkeiten', participantSelection: 'ALL' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const job: MessageJob = await sent.json();
    await page.goto(`/admin/${adminId}/messages/jobs/${job.id}`);
    // The whole sending, 12 s at the configured rate and more on a busy machine.
    await expect(progress(page)).toHaveAttribute('data-sent', String(recipients), { timeout: 60_000 });
    await expectProgress(page, recipients, 0, recipients);
    await expect(page.getByTestId('task-filter-sent')).toHaveText(text(`Sent (${recipients})`));
    await expect(page.getByTestId('task-filter-queued')).toHaveText(text('Waiting (0)'));

    const figures: Record<string, number>[] = await page.evaluate(() => (window as unknown as { figures: [] }).figures);
    // The page was watched while the mails went out, not only once they all had.
    expect(figures.some(({ sent }) => sent > 0 && sent < recipients)).toBe(true);
    for (const f of figures)
      expect({ all: f.chipAll, sent: f.chipSent, failed: f.chipFailed, waiting: f.chipWaiting }).toEqual({
        all: f.total,
        sent: f.sent,
        failed: f.failed,
        waiting: f.total - f.sent - f.failed,
      });
  });
});

test.describe('in German, the browser language', () => {
  test('the compose page with its preview and the job page with a failed mail speak German', async ({
    page,
    request,
    baseURL,
  }) => {
    const { adminId } = await confirmedDinnerWithTeams(request);
    await page.goto(`/admin/${adminId}/messages/teams`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('Nachrichten'));
    await expect(page.getByTestId('tab-teams')).toHaveAttribute('aria-selected', 'true');
    const preview = page.getByTestId('preview-message');
    await expect(page.getByTestId('preview')).toContainText('Vorschau');
    await expect(page.getByTestId('preview')).toContainText('So liest es 1 von 18:');
    const message = page.getByTestId('field-message');
    await message.click();
    await message.press('Control+End');
    await message.pressSequentially('\nViele Grüße, Clara', { delay: 15 });
    await expect(preview).toContainText(
      /Viele Grüße, Clara\s+--\s+Verschickt vom Organisationsteam des Running Dinners „/,
    );
    await expect(page.getByTestId('preview-state')).toHaveText('');
    await shoot(page, 'messages-compose-team-de');

    await page.getByTestId('send').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText(text('An 18 Empfänger*innen senden?'));
    await dialog.getByRole('button', { name: text('Jetzt senden') }).click();
    await expect(page).toHaveURL(new RegExp(`/messages/jobs/${UUID}$`));
    await markPage(page);
    await expectProgress(page, 18, 0, 18);
    await expect(page.getByTestId('job-progress-text')).toHaveText(text('18 von 18 gesendet'));
    await expect(page.getByTestId('job-status')).toHaveText(text('Alle gesendet'));

    const [bounced] = await tasksOf(request, adminId, jobIdOf(page));
    await reportBounce(request, bounced!, baseURL!);
    const row = page.locator(`[data-testid="task-row"][data-task-id="${bounced!.id}"]`);
    await expect(row).toHaveAttribute('data-status', 'FAILED');
    await expect(row.getByTestId('task-status')).toHaveText(text('Fehlgeschlagen'));
    await expect(row.getByTestId('task-failure-type')).toHaveText(text('Ungültige Adresse'));
    await expect(page.getByTestId('job-progress-text')).toHaveText(text('17 von 18 gesendet, 1 fehlgeschlagen'));
    await expect(page.getByTestId('job-status')).toHaveText(text('Mit Fehlern beendet'));
    expect(await stillMarked(page)).toBe(true);
    await shoot(page, 'messages-job-failed-de');
  });
});

test.describe('the outbox', () => {
  // A resent mail's Message-ID keeps its task id (`<task-r1@host>`): the outbox, which finds a file's task by it, shows it.
  test('a mail resent to a corrected address is in the outbox like every other mail', async ({ request, baseURL }) => {
    const { adminId } = await confirmedDinnerWithTeams(request);
    const subject = `Neu gesendet ${Date.now()}`;
    const templates = await (await request.get(messagesApi(adminId, '/templates'))).json();
    const sent = await request.put(messagesApi(adminId, '/mails/team?sendToDinnerOwner=false'), {
      data: { ...templates.TEAM, subject, teamSelection: 'ALL', customSelectedTeamIds: [] },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const job: MessageJob = await sent.json();
    await expect
      .poll(
        async () =>
          (await tasksOf(request, adminId, job.id)).filter((t) => t.sendingStatus === 'SENDING_FINISHED').length,
      )
      .toBe(18);
    const tasks = await tasksOf(request, adminId, job.id);
    await reportBounce(request, tasks[0]!, baseURL!);
    const corrected = `korrigiert.${Date.now()}@example.org`;
    const resent = await request.put(messagesApi(adminId, `/messagetask/${tasks[0]!.id}`), {
      data: { recipientEmail: corrected },
    });
    expect(resent.status(), await resent.text()).toBe(200);
    const stateOf = async () => (await tasksOf(request, adminId, job.id)).find((t) => t.id === tasks[0]!.id)!;
    await expect.poll(async () => (await stateOf()).sendingStatus).toBe('SENDING_FINISHED');
    expect(await stateOf()).toMatchObject({
      recipientEmail: corrected,
      resendCount: 1,
      sendingResult: { delieveryFailed: false },
    });

    await expect
      .poll(async () => (await outbox(request)).some((m) => m.to.includes(corrected) && m.subject === subject), {
        timeout: 5_000,
      })
      .toBe(true);
  });
});
