import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageJob, MessageTask } from '../../contract/messages.js';
import { createBody, participantInput, participantsPath, registrationForm } from '../support/factories.js';
import { register } from '../support/registration.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { dinnerWithParticipants, type TeamDinner } from '../support/teams.js';
import { call, freePort, startTestServer, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

// Issue 20's probe: a demo was an open mail relay, resends escaped every allowance, and the daily allowance did not
// hold under concurrency on PostgreSQL. Every test here runs on both databases (TEST_POSTGRES_URL).

const messagesPath = (adminId: string, suffix: string) => `/messageservice/v1/runningdinner/${adminId}${suffix}`;
const participantMessage = (overrides: Record<string, unknown> = {}) => ({
  subject: 'News',
  message: 'Dear {firstname}, see http://attacker.test',
  participantSelection: 'ALL',
  ...overrides,
});

/** A dinner body for its own organiser address, so that per-address allowances of one test do not meet another's. */
const bodyFor = (email: string, overrides: Parameters<typeof createBody>[0] = {}) => ({
  ...createBody({ languageCode: 'en', ...overrides }),
  email,
});
const demoFor = (email: string) => ({
  ...bodyFor(email, { runningDinnerType: 'DEMO', registrationType: 'CLOSED' }),
  publicSettings: null,
  contract: null,
});

describe('mail nobody asked for', () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    sink = new SmtpSink(await freePort());
    await sink.start();
    server = await startTestServer({
      smtpUrl: sink.url,
      env: {
        MAIL_RATE_PER_SECOND: '1000',
        MAIL_CONCURRENCY: '8',
        MAILS_PER_RECIPIENT_PER_HOUR: '3',
        MAIL_MAX_PER_EVENT_PER_DAY: '20',
        MAIL_WEBHOOK_TOKEN: 'a-webhook-token-of-the-provider',
      },
    });
  });
  afterAll(async () => {
    await server.stop();
    await sink.stop();
  });

  const put = (dinner: TeamDinner, suffix: string, body: unknown) =>
    call(server, 'PUT', messagesPath(dinner.adminId, suffix), body);
  const get = (dinner: TeamDinner, suffix: string) => call(server, 'GET', messagesPath(dinner.adminId, suffix));
  const confirm = (dinner: TeamDinner) =>
    server.deps.db
      .updateTable('running_dinner')
      .set({ acknowledged_at: new Date().toISOString() })
      .where('id', '=', dinner.id)
      .execute();
  const tasksOfDinner = (dinner: TeamDinner) =>
    server.deps.db
      .selectFrom('message_task')
      .select(['recipient_email', 'status'])
      .where('running_dinner_id', '=', dinner.id)
      .execute();
  const sentTasks = async (dinner: TeamDinner, jobId: string): Promise<MessageTask[]> =>
    until(async () => {
      const tasks: MessageTask[] = (await get(dinner, `/messagetasks/${jobId}`)).json;
      return tasks.every((t) => t.sendingStatus === 'SENDING_FINISHED') ? tasks : undefined;
    });
  const emailOf = async (participantId: string) =>
    (
      await server.deps.db
        .selectFrom('participant')
        .select('email')
        .where('id', '=', participantId)
        .executeTakeFirstOrThrow()
    ).email;

  it('a demo created for an address that never confirmed sends nothing but its creation mail', async () => {
    // The probe: a demo for a victim plus 282 imported rows, then jobs and samples (nothing is sent, so nothing to resend).
    const dinner = await dinnerWithParticipants(server, 282, {
      body: demoFor('victim@example.org') as unknown as ReturnType<typeof createBody>,
    });
    for (const send of [
      () => put(dinner, '/mails/participant', participantMessage()),
      () => put(dinner, '/mails/participant?sendToDinnerOwner=true', participantMessage()),
    ]) {
      const refused = await send();
      expect(refused.status, refused.text).toBe(409);
      expect(refused.json.code).toBe('messaging_locked');
    }
    const added = await call(server, 'POST', participantsPath(dinner.adminId, '/participant'), {
      ...participantInput(),
      email: 'outsider@example.org',
    });
    expect(added.status, added.text).toBe(200);
    await sink.waitFor((m) => m.to === 'victim@example.org');
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.mails.filter((m) => m.to === 'victim@example.org' || m.to === 'outsider@example.org')).toHaveLength(1);
    expect(await tasksOfDinner(dinner)).toEqual([{ recipient_email: 'victim@example.org', status: 'SENT' }]);
  });

  it("a confirmed demo's resend to an outside address with another text reaches only the creator, with the demo note", async () => {
    const dinner = await dinnerWithParticipants(server, 0, {
      body: demoFor('creator@example.org') as unknown as ReturnType<typeof createBody>,
    });
    await confirm(dinner);
    const someone = await server.deps.db
      .selectFrom('participant')
      .select('id')
      .where('running_dinner_id', '=', dinner.id)
      .executeTakeFirstOrThrow();
    const job: MessageJob = (
      await put(
        dinner,
        '/mails/participant',
        participantMessage({ participantSelection: 'CUSTOM_SELECTION', customSelectedParticipantIds: [someone.id] }),
      )
    ).json;
    const [task] = await sentTasks(dinner, job.id);
    const participantId = task.participantId!;
    const intended = await emailOf(participantId);
    const resent = await put(dinner, `/messagetask/${task.id}`, {
      recipientEmail: 'outsider@example.org',
      content: 'Only my words: http://attacker.test',
    });
    expect(resent.status, resent.text).toBe(200);
    const mail = await sink.waitFor((m) => m.text?.includes('Only my words') ?? false);
    expect(mail.to).toBe('creator@example.org');
    // The note before the edited text and the footer after it stay: a resend never carries only somebody's words.
    expect(mail.text).toMatch(
      /^Demo running dinner: this mail goes to you instead of outsider@example\.org\.\n\nOnly my words: http:\/\/attacker\.test\n\n--\nSent by the organiser of the running dinner /,
    );
    expect(sink.mails.some((m) => m.to === 'outsider@example.org')).toBe(false);
    // The corrected address is the participant's now, as an edit would have stored it.
    expect(intended).not.toBe('outsider@example.org');
    expect(await emailOf(participantId)).toBe('outsider@example.org');
  });

  it('resends a mail at most 3 times, only to its participant, and never to another participant’s address', async () => {
    const dinner = await dinnerWithParticipants(server, 2, { body: bodyFor('resends@example.org') });
    await confirm(dinner);
    const job: MessageJob = (await put(dinner, '/mails/participant', participantMessage())).json;
    const [task, other] = await sentTasks(dinner, job.id);
    const taken = await put(dinner, `/messagetask/${task.id}`, { recipientEmail: other.recipientEmail.toUpperCase() });
    expect(taken.status).toBe(406);
    expect(taken.json.issues).toEqual([{ field: 'recipientEmail', message: expect.stringContaining('already') }]);
    for (let i = 1; i <= 3; i++) {
      const resent = await put(dinner, `/messagetask/${task.id}`, {});
      expect(resent.status, resent.text).toBe(200);
      expect(resent.json.resendCount).toBe(i);
      await sentTasks(dinner, job.id);
    }
    const fourth = await put(dinner, `/messagetask/${task.id}`, {});
    expect(fourth.status).toBe(409);
    expect(fourth.json).toEqual({
      code: 'mail_resend_limit',
      message: 'This mail was sent again 3 times already; it cannot be sent again.',
    });
  });

  it('refuses to resend the mail of a deleted participant', async () => {
    const dinner = await dinnerWithParticipants(server, 1, { body: bodyFor('deleted@example.org') });
    await confirm(dinner);
    const job: MessageJob = (await put(dinner, '/mails/participant', participantMessage())).json;
    const [task] = await sentTasks(dinner, job.id);
    expect(
      (await call(server, 'DELETE', participantsPath(dinner.adminId, `/participant/${task.participantId}`))).status,
    ).toBe(204);
    const resent = await put(dinner, `/messagetask/${task.id}`, { recipientEmail: 'someone@example.org' });
    expect(resent.status).toBe(409);
    expect(resent.json.code).toBe('mail_recipient_gone');
  });

  it('counts resends against the daily allowance of the event, and stores nothing of a refused one', async () => {
    // 20 a day: the creation mail and a job of 18 leave one.
    const dinner = await dinnerWithParticipants(server, 18, { body: bodyFor('allowance@example.org') });
    await confirm(dinner);
    const job: MessageJob = (await put(dinner, '/mails/participant', participantMessage())).json;
    const [first, second] = await sentTasks(dinner, job.id);
    expect((await put(dinner, `/messagetask/${first.id}`, { recipientEmail: 'first.fixed@example.org' })).status).toBe(
      200,
    );
    const refused = await put(dinner, `/messagetask/${second.id}`, { recipientEmail: 'second.fixed@example.org' });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      code: 'mail_daily_limit',
      message: 'This running dinner has sent as many mails today as it may. Please try again tomorrow.',
    });
    expect(await emailOf(second.participantId!)).toBe(second.recipientEmail);
    expect((await put(dinner, '/mails/participant?sendToDinnerOwner=true', participantMessage())).json.code).toBe(
      'mail_daily_limit',
    );
  });

  it("refuses a registration whose mail would take the organiser's quarter of the allowance, and stores nothing", async () => {
    // 20 a day, the last 5 the organiser's: the creation mail and 14 more leave visitors nothing.
    const dinner = await dinnerWithParticipants(server, 5, { body: bodyFor('registrations@example.org') });
    await confirm(dinner);
    await server.deps.db
      .insertInto('event_mail_use')
      .values({ running_dinner_id: dinner.id, used_at: new Date().toISOString(), mails: 14 })
      .execute();
    const { public_dinner_id } = await server.deps.db
      .selectFrom('running_dinner')
      .select('public_dinner_id')
      .where('id', '=', dinner.id)
      .executeTakeFirstOrThrow();
    const refused = await register(
      server,
      { publicDinnerId: public_dinner_id },
      registrationForm({ email: 'late@example.org' }),
    );
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.code).toBe('mail_daily_limit');
    expect(
      await server.deps.db.selectFrom('participant').select('id').where('email', '=', 'late@example.org').execute(),
    ).toEqual([]);
    // The organiser's own message to all five still goes out.
    expect((await put(dinner, '/mails/participant', participantMessage())).status).toBe(201);
  });

  it("counts samples against the organiser's hourly allowance and the event's daily one", async () => {
    const dinner = await dinnerWithParticipants(server, 2, { body: bodyFor('samples@example.org') });
    await confirm(dinner);
    // The creation mail was the first of 3 this hour.
    for (let i = 0; i < 2; i++)
      expect((await put(dinner, '/mails/participant?sendToDinnerOwner=true', participantMessage())).status).toBe(200);
    const refused = await put(dinner, '/mails/participant?sendToDinnerOwner=true', participantMessage());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const used = await server.deps.db
      .selectFrom('event_mail_use')
      .select('mails')
      .where('running_dinner_id', '=', dinner.id)
      .execute();
    expect(used.reduce((sum, row) => sum + row.mails, 0)).toBe(3);
  });

  it('holds the daily allowance against 12 jobs of 10 recipients sent at once', async () => {
    const dinner = await dinnerWithParticipants(server, 10, { body: bodyFor('concurrent@example.org') });
    await confirm(dinner);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => put(dinner, '/mails/participant', participantMessage())),
    );
    // 20 a day, the creation mail took one: one job of 10 fits, a second would make 21.
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.json.code === 'mail_daily_limit')).toHaveLength(11);
    expect(await tasksOfDinner(dinner)).toHaveLength(11);
  });

  it('refuses unknown fields in a message, a resend and a delivery report, naming each', async () => {
    const dinner = await dinnerWithParticipants(server, 1, { body: bodyFor('fields@example.org') });
    await confirm(dinner);
    const message = await put(dinner, '/mails/participant', participantMessage({ bcc: 'x@attacker.test' }));
    expect(message.status).toBe(406);
    expect(message.json).toEqual({ issues: [{ field: 'bcc', message: 'Unknown field' }] });
    const resend = await put(dinner, `/messagetask/${crypto.randomUUID()}`, { content: 'x', to: 'x@attacker.test' });
    expect(resend.json).toEqual({ issues: [{ field: 'to', message: 'Unknown field' }] });
    const report = await call(
      server,
      'POST',
      '/mail/events',
      { messageId: '<x@y>', type: 'BOUNCE', extra: 1 },
      { Authorization: 'Bearer a-webhook-token-of-the-provider' },
    );
    expect(report.status).toBe(406);
    expect(report.json).toEqual({ issues: [{ field: 'extra', message: 'Unknown field' }] });
  });

  // Last of this server's tests: it moves the server's clock a day on.
  it('frees the allowance a day after the mails went out, counted by the hour', async () => {
    const dinner = await dinnerWithParticipants(server, 18, { body: bodyFor('next-day@example.org') });
    await confirm(dinner);
    expect((await put(dinner, '/mails/participant', participantMessage())).status).toBe(201);
    expect((await put(dinner, '/mails/participant', participantMessage())).status).toBe(409);
    server.clock.advance(23 * 3600_000);
    expect((await put(dinner, '/mails/participant', participantMessage())).status).toBe(409);
    server.clock.advance(2 * 3600_000);
    expect((await put(dinner, '/mails/participant', participantMessage())).status).toBe(201);
  });
});
