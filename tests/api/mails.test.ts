import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPath, createBody, createDinner } from '../support/factories.js';
import { startServerWithSmtpSink, stopServerWithSmtpSink, UUID } from '../support/mail-server.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { CLIENT_STUB_HTML, call, freePort, startTestServer, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

const tasksOf = (server: TestServer, email: string) =>
  server.deps.db.selectFrom('message_task').selectAll().where('recipient_email', '=', email).execute();
const englishDinner = (email: string, changes: Partial<Parameters<typeof createBody>[0]> = {}) => {
  const body = createBody({ languageCode: 'en', ...changes });
  return { ...body, email };
};

describe('mails over SMTP', () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    ({ server, sink } = await startServerWithSmtpSink());
  });
  afterAll(() => stopServerWithSmtpSink({ server, sink }));

  it('delivers the created mail with a working administration link and confirmation link', async () => {
    const { runningDinner, administrationUrl } = await createDinner(server, englishDinner('clara@example.org'));
    const mail = await sink.waitFor((m) => m.to === 'clara@example.org');
    expect(mail.subject).toBe('Your running dinner "Weihnachtsdinner Wiehre" was created');
    // What the creator typed comes after the links and quoted: it cannot pose as instructions.
    expect(mail.text).toMatch(
      /^Hello,\n\na running dinner was created with this e-mail address as the organiser's\. Please confirm/,
    );
    expect(mail.text).toContain('The running dinner as it was entered: "Weihnachtsdinner Wiehre" on ');
    expect(mail.text).toContain('organised by "Clara Öztürk".');
    expect(mail.text.indexOf('Clara Öztürk')).toBeGreaterThan(mail.text.indexOf(administrationUrl));
    expect(mail.text).toContain(`\n${administrationUrl}\n`);
    const ack = mail.text.match(new RegExp(`^${server.baseUrl}/admin/(${UUID})/(${UUID})/acknowledge$`, 'm'));
    expect(ack?.[1]).toBe(runningDinner.adminId);

    const adminId = administrationUrl.split('/').at(-1)!;
    const dinner = await call(server, 'GET', adminPath(adminId));
    expect(dinner.status).toBe(200);
    expect(dinner.json.adminId).toBe(runningDinner.adminId);
    const page = await fetch(administrationUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toBe(CLIENT_STUB_HTML);
    const ackPage = await fetch(ack![0]);
    expect(ackPage.status).toBe(200);
    expect(await ackPage.text()).toBe(CLIENT_STUB_HTML);
  });

  it('unlocks messaging with the right confirmation id only', async () => {
    const { runningDinner } = await createDinner(server, englishDinner('ack@example.org'));
    const mail = await sink.waitFor((m) => m.to === 'ack@example.org');
    const acknowledgeId = mail.text.match(new RegExp(`/admin/${UUID}/(${UUID})/acknowledge`))![1];
    expect(runningDinner.messagingLocked).toBe(true);

    const wrong = await call(server, 'PUT', adminPath(runningDinner.adminId, `/acknowledge/${crypto.randomUUID()}`));
    expect(wrong.status).toBe(404);
    expect(wrong.json).toEqual({
      code: 'wrong_acknowledge_link',
      message: 'This confirmation link is not valid for this running dinner',
    });
    expect((await call(server, 'GET', adminPath(runningDinner.adminId))).json).toEqual(runningDinner);

    const right = await call(server, 'PUT', adminPath(runningDinner.adminId, `/acknowledge/${acknowledgeId}`));
    expect(right.status).toBe(200);
    expect(right.json.messagingLocked).toBe(false);
    expect(right.json.acknowledgedDate).toBe(new Date(right.json.acknowledgedDate).toISOString());
    const again = await call(server, 'PUT', adminPath(runningDinner.adminId, `/acknowledge/${acknowledgeId}`));
    expect(again.json.acknowledgedDate).toBe(right.json.acknowledgedDate);
    const activities = (await call(server, 'GET', adminPath(runningDinner.adminId, '/activities'))).json.activities;
    expect(activities.map((a: { type: string }) => a.type)).toEqual(['DINNER_ACKNOWLEDGED', 'DINNER_CREATED']);
  });

  it('sends a demo dinner a mail with a confirmation link, and locks its messages until the creator confirmed', async () => {
    const demo = {
      ...englishDinner('demo@example.org', { runningDinnerType: 'DEMO', registrationType: 'CLOSED' }),
      publicSettings: null,
      contract: null,
    };
    const { runningDinner, administrationUrl } = await createDinner(server, demo);
    expect(runningDinner.messagingLocked).toBe(true);
    const mail = await sink.waitFor((m) => m.to === 'demo@example.org');
    expect(mail.text).toContain(administrationUrl);
    const acknowledgeId = mail.text.match(/\/([0-9a-f-]{36})\/acknowledge/)?.[1];
    const confirmed = await call(server, 'PUT', adminPath(runningDinner.adminId, `/acknowledge/${acknowledgeId}`));
    expect(confirmed.json.messagingLocked).toBe(false);
  });

  it('delivers the created mail a second time on resend, with its own Message-ID', async () => {
    const { runningDinner } = await createDinner(server, englishDinner('resend@example.org'));
    const first = await sink.waitFor((m) => m.to === 'resend@example.org');
    const res = await call(
      server,
      'PUT',
      adminPath(runningDinner.adminId, '/resend-runningdinner-created-message'),
      {},
    );
    expect(res.status).toBe(200);
    await until(async () => (sink.mails.filter((m) => m.to === 'resend@example.org').length === 2 ? true : undefined));
    const [a, b] = sink.mails.filter((m) => m.to === 'resend@example.org');
    expect(a).toBe(first);
    expect(b.text).toBe(a.text);
    expect(b.messageId).not.toBe(a.messageId);
    // The mail server has the mail a moment before its row says so (on PostgreSQL a round trip later).
    await until(async () =>
      (await tasksOf(server, 'resend@example.org')).every((t) => t.status === 'SENT') ? true : undefined,
    );
    expect((await tasksOf(server, 'resend@example.org')).map((t) => t.status)).toEqual(['SENT', 'SENT']);
  });

  it('marks a mail rejected with 550 as FAILED at once, without retrying', async () => {
    sink.rejectRecipients.add('unknown@example.org');
    const rejectedBefore = sink.rejected;
    await createDinner(server, englishDinner('unknown@example.org'));
    const task = await until(async () =>
      (await tasksOf(server, 'unknown@example.org')).find((t) => t.status === 'FAILED'),
    );
    expect(task.attempts).toBe(1);
    expect(task.last_error).toContain('550');
    await new Promise((r) => setTimeout(r, 400));
    expect(sink.rejected - rejectedBefore).toBe(1);
    expect((await tasksOf(server, 'unknown@example.org'))[0]).toMatchObject({ status: 'FAILED', attempts: 1 });
  });

  it('retries a temporary 451 and keeps the Message-ID across the attempts', async () => {
    sink.temporaryFailures = 2;
    const seenBefore = sink.attemptedMessageIds.length;
    await createDinner(server, englishDinner('later@example.org'));
    const mail = await sink.waitFor((m) => m.to === 'later@example.org');
    // The sink has the mail a moment before the app hears its 250 and writes the task down as sent.
    const task = await until(async () =>
      (await tasksOf(server, 'later@example.org')).find((t) => t.status !== 'SENDING'),
    );
    expect(task).toMatchObject({ status: 'SENT', attempts: 3, last_error: null });
    expect(sink.attemptedMessageIds.slice(seenBefore)).toEqual([task.message_id, task.message_id, task.message_id]);
    expect(mail.messageId).toBe(task.message_id);
    expect(sink.mails.filter((m) => m.to === 'later@example.org')).toHaveLength(1);
  });
});

describe('mails while the SMTP server is down', () => {
  it('are delivered once, after the SMTP server came back', async () => {
    const sink = new SmtpSink(await freePort());
    const server = await startTestServer({ smtpUrl: sink.url, mailRetryBaseMs: 50 });
    try {
      await createDinner(server, englishDinner('patient@example.org'));
      const waiting = await until(async () =>
        (await tasksOf(server, 'patient@example.org')).find((t) => t.attempts >= 2 && t.status === 'QUEUED'),
      );
      expect(waiting.last_error).toMatch(/ECONNREFUSED/);
      await sink.start();
      const mail = await sink.waitFor((m) => m.to === 'patient@example.org');
      const [task] = await until(async () => {
        const tasks = await tasksOf(server, 'patient@example.org');
        return tasks[0]?.status === 'SENT' ? tasks : undefined;
      });
      expect(mail.messageId).toBe(task.message_id);
      expect(task.message_id).toBe(waiting.message_id);
      expect(sink.mails).toHaveLength(1);
    } finally {
      await server.stop();
      await sink.stop();
    }
  });
});
