import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageJob, MessagePreview, MessageTask, Recipient } from '../../contract/messages.js';
import type { TeamsResponse } from '../../contract/teams.js';
import { expectIssues } from '../support/bilingual.js';
import { createBody } from '../support/factories.js';
import { failInsertsInto } from '../support/fault-injection.js';
import { addParticipant, insertRegistered } from '../support/participants.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { dinnerWithParticipants, dinnerWithTeams, NOT_PUBLISHED, type TeamDinner } from '../support/teams.js';
import { call, freePort, type RequestHeaders, startTestServer, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

/** A text as the organiser's message to the English test event ends. */
const withFooter = (text: string) =>
  expect.stringMatching(
    new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n\n--\nSent by the organiser of the running dinner `),
  );

const messagesPath = (adminId: string, suffix: string) => `/messageservice/v1/runningdinner/${adminId}${suffix}`;

const routeMessage = (overrides: Record<string, unknown> = {}) => ({
  subject: 'Your route',
  message: 'Hello {firstname} {lastname}, with {partner}:\n\n{route}\n\n{afterparty}\n\nMap: {routelink}',
  selfTemplate: 'SELF {meal} {mealtime} at {hostaddress} for {mealspecifics}',
  hostsTemplate: 'VISIT {meal} {mealtime} at {hostaddress}, phone {mobilenumber}',
  teamSelection: 'ALL',
  ...overrides,
});

const teamMessage = (overrides: Record<string, unknown> = {}) => ({
  subject: 'Your team',
  message: 'Hi {firstname}! {host}',
  hostMessagePartTemplate: 'HOST with {partner}: {meal} at {mealtime}, guests {mealspecifics} {managehostlink}',
  nonHostMessagePartTemplate: 'GUEST-COOK at {partner}: {meal} {managehostlink}',
  teamSelection: 'ALL',
  ...overrides,
});

const participantMessage = (overrides: Record<string, unknown> = {}) => ({
  subject: 'News',
  message: 'Dear {firstname} {lastname}, {unknown} stays.',
  participantSelection: 'ALL',
  ...overrides,
});

describe('the messaging centre', () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    sink = new SmtpSink(await freePort());
    await sink.start();
    server = await startTestServer({ smtpUrl: sink.url, env: { MAIL_RATE_PER_SECOND: '1000', MAIL_CONCURRENCY: '8' } });
  });
  afterAll(async () => {
    await server.stop();
    await sink.stop();
  });

  const acknowledge = (dinner: TeamDinner) =>
    server.deps.db
      .updateTable('running_dinner')
      .set({ acknowledged_at: new Date().toISOString() })
      .where('id', '=', dinner.id)
      .execute();
  const put = (dinner: TeamDinner, suffix: string, body: unknown, headers: RequestHeaders = {}) =>
    call(server, 'PUT', messagesPath(dinner.adminId, suffix), body, headers);
  const get = (dinner: TeamDinner, suffix: string) => call(server, 'GET', messagesPath(dinner.adminId, suffix));
  /** The overview once the job's row says it finished (the row follows its tasks within a moment). */
  const jobDone = (dinner: TeamDinner, jobId: string) =>
    until(async () => {
      const job = (await get(dinner, `/messagejobs/${jobId}`)).json;
      return job.sendingStatus === 'SENDING_FINISHED'
        ? (await get(dinner, `/messagejobs/${jobId}/overview`)).json
        : undefined;
    });

  async function englishDinner(count: number, body = createBody({ languageCode: 'en' })) {
    const made = await dinnerWithTeams(server, count, { body });
    await acknowledge(made.dinner);
    return made;
  }

  it('sends 300 dinner routes: each recipient gets one mail, the one the preview showed, with working links and a valid calendar', async () => {
    const { dinner, teams } = await englishDinner(300);
    const previews = new Map<string, string>();
    for (const team of teams.teams) {
      const res = await put(
        dinner,
        '/mails/dinnerroute/preview',
        routeMessage({ teamSelection: 'CUSTOM_SELECTION', customSelectedTeamIds: [team.id] }),
      );
      expect(res.status, res.text).toBe(200);
      for (const mail of (res.json as MessagePreview).previewMessageList)
        previews.set(mail.recipientEmail, mail.message);
    }
    expect(previews.size).toBe(300);

    const sent = await put(dinner, '/mails/dinnerroute?sendToDinnerOwner=false', routeMessage());
    expect(sent.status, sent.text).toBe(201);
    const job: MessageJob = sent.json;
    expect(job).toMatchObject({
      messageType: 'DINNER_ROUTE',
      sendingStatus: 'QUEUED',
      sendingFailed: false,
      numberOfMessageTasks: 300,
    });

    const overview = await jobDone(dinner, job.id);
    expect(overview).toEqual({
      messageJobId: job.id,
      numMessagesSucceeded: 300,
      numMessagesFailed: 0,
      numMessagesQueued: 0,
      sendingFinished: true,
    });
    const received = sink.mails.filter((m) => previews.has(m.to));
    expect(received).toHaveLength(300);
    expect(new Set(received.map((m) => m.to)).size).toBe(300);
    for (const mail of received) expect(mail.text.trim()).toBe(previews.get(mail.to)!.trim());

    const sample = received[0];
    expect(sample.text).toMatch(/^Hello Gast\d+ Nummer\d+, with Gast\d+ Nummer\d+:/);
    expect(sample.text).toMatch(/SELF .+ \d\d:\d\d at .+ for /);
    expect(sample.text.match(/VISIT /g)).toHaveLength(2);
    const link = sample.text.match(/Map: (\S+)/)![1];
    const routePage = await fetch(
      link.replace(
        /^http:\/\/[^/]+\/self\/([^/]+)\/dinnerroute\/([^/]+)\/([^/]+)$/,
        `${server.baseUrl}/rest/self/v1/$1/$2/$3/dinnerroute`,
      ),
    );
    expect(routePage.status).toBe(200);
    expect((await routePage.json()).stops).toHaveLength(3);

    const calendar = (
      await server.deps.db
        .selectFrom('message_task')
        .select('calendar')
        .where('message_job_id', '=', job.id)
        .limit(1)
        .executeTakeFirstOrThrow()
    ).calendar!;
    const events = new ICAL.Component(ICAL.parse(calendar)).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events).toHaveLength(3);
    expect(events.every((e) => e.startDate.toJSDate() < e.endDate.toJSDate())).toBe(true);

    const job2 = (await get(dinner, `/messagejobs/${job.id}`)).json;
    expect(job2).toMatchObject({
      sendingStatus: 'SENDING_FINISHED',
      sendingFailed: false,
      sendingResult: 'SENDING_FINISHED_SUCCESS',
    });
    const teamsNow: TeamsResponse = (await call(server, 'GET', `/teamservice/v1/runningdinner/${dinner.adminId}`)).json;
    expect(teamsNow.sentMails).toEqual({
      teamMails: false,
      dinnerRouteMails: true,
      dinnerRouteRecipients: 300,
      published: NOT_PUBLISHED,
    });
  }, 120_000);

  it('fills the host part for the host and the non-host part for the partner; unknown placeholders stay', async () => {
    const { dinner, teams } = await englishDinner(18);
    const team = teams.teams[0];
    const res = await put(
      dinner,
      '/mails/team/preview',
      teamMessage({ teamSelection: 'CUSTOM_SELECTION', customSelectedTeamIds: [team.id] }),
    );
    expect(res.status, res.text).toBe(200);
    const [host, partner] = (res.json as MessagePreview).previewMessageList;
    expect(host.participantId).toBe(team.hostTeamMember!.id);
    expect(host.message).toMatch(
      new RegExp(
        `^Hi ${team.hostTeamMember!.firstnamePart}! HOST with .+: ${team.meal.label} at \\d\\d:\\d\\d, guests .+ http`,
      ),
    );
    expect(partner.message).toMatch(/^Hi .+! GUEST-COOK at .+: .+ http:\/\/.+\/self\/.+\/teamhost\//);

    const participants = await put(dinner, '/mails/participant/preview', participantMessage());
    // Every message ends with whose it is, in the event's language.
    expect(participants.json.previewMessageList[0].message).toMatch(
      /^Dear Gast1 Nummer1, \{unknown\} stays\.\n\n--\nSent by the organiser of the running dinner "Running Dinner in der Wiehre" on \d+ \w+ \d{4} in Freiburg, because you take part in it\. Questions\? Answer this mail or write to Clara Öztürk <orga@example\.org>\.$/,
    );
    // Sent to all, previewed as the one the ids name.
    const third = dinner.participantIds[2];
    const named = await put(
      dinner,
      '/mails/participant/preview',
      participantMessage({ customSelectedParticipantIds: [third] }),
    );
    expect(named.json.previewMessageList).toEqual([
      {
        participantId: third,
        recipientEmail: expect.stringMatching(/^gast3\./),
        subject: 'News',
        message: withFooter('Dear Gast3 Nummer3, {unknown} stays.'),
        language: 'en',
      },
    ]);
  });

  it('offers German defaults for a German event and writes the evening in German, a cancelled host as such', async () => {
    const { dinner, teams } = await dinnerWithTeams(server, 18);
    await acknowledge(dinner);
    const defaults = (await get(dinner, '/templates')).json;
    expect(defaults.DINNER_ROUTE.message).toMatch(/^Hallo \{firstname\},/);
    expect(defaults.TEAM.hostMessagePartTemplate).toContain('{managehostlink}');
    const [cancelled] = teams.teams;
    expect(
      (
        await call(server, 'PUT', `/teamservice/v1/runningdinner/${dinner.adminId}/team/${cancelled.id}/cancel`, {
          teamId: cancelled.id,
        })
      ).status,
    ).toBe(200);
    const plan = (
      await call(server, 'GET', `/teamservice/v1/runningdinner/${dinner.adminId}/team/${cancelled.id}/meetingplan`)
    ).json;
    const guest = plan.guestTeams[0];
    const res = await put(dinner, '/mails/dinnerroute/preview', {
      ...defaults.DINNER_ROUTE,
      teamSelection: 'CUSTOM_SELECTION',
      customSelectedTeamIds: [guest.id],
    });
    expect(res.status, res.text).toBe(200);
    const text: string = res.json.previewMessageList[0].message;
    expect(text).toMatch(/^Hallo .+,\n\nhier ist dein Abend mit .+:/);
    expect(text).toContain(
      `${cancelled.meal.label} um ${cancelled.meal.time.slice(11, 16)}: Dieses Gastgeber-Team hat abgesagt; die Organisation sagt dir, wohin du gehst.`,
    );
    expect(text).toMatch(/Ihr kocht bei euch, .+\. Was eure Gäste brauchen:\n/);
  });

  it('never expands a placeholder inside a value, and escapes nothing in the text part', async () => {
    const { dinner } = await englishDinner(18);
    await server.deps.db
      .updateTable('participant')
      .set({ firstname_part: '{route}<script>x</script>' })
      .where('running_dinner_id', '=', dinner.id)
      .where('participant_number', '=', 1)
      .execute();
    const res = await put(dinner, '/mails/participant/preview', participantMessage({ message: 'Hi {firstname}' }));
    expect(res.json.previewMessageList[0].message).toEqual(withFooter('Hi {route}<script>x</script>'));
  });

  it("fills the subject's placeholders for each recipient, on one line however the value reads", async () => {
    const { dinner } = await englishDinner(18);
    await server.deps.db
      .updateTable('participant')
      .set({ firstname_part: 'Anna\r\nBcc: x@example.org' })
      .where('running_dinner_id', '=', dinner.id)
      .where('participant_number', '=', 1)
      .execute();
    const message = participantMessage({ subject: 'Save the date, {firstname}!', message: 'Hi {firstname}' });
    const preview = await put(dinner, '/mails/participant/preview', message);
    expect(preview.json.subject).toBe('Save the date, Anna Bcc: x@example.org!');
    expect((await put(dinner, '/mails/participant', message)).status).toBe(201);
    const mails = await until(() => {
      const arrived = sink.mails.filter((m) => m.subject.startsWith('Save the date, '));
      return arrived.length === 18 && arrived;
    }, 'the 18 mails');
    const subjects = mails.map((m) => m.subject).sort();
    expect(subjects).toEqual(
      [
        'Save the date, Anna Bcc: x@example.org!',
        ...Array.from({ length: 17 }, (_, i) => `Save the date, Gast${i + 2}!`),
      ].sort(),
    );
    for (const mail of mails) {
      expect(mail.headerNames).not.toContain('bcc');
      expect(mail.envelopeTo).toHaveLength(1);
    }
  });

  it('makes one job of a double submit with one Idempotency-Key, and one task per address', async () => {
    const { dinner } = await englishDinner(18);
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const [a, b] = await Promise.all([
      put(dinner, '/mails/participant', participantMessage(), headers),
      put(dinner, '/mails/participant', participantMessage(), headers),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json.id).toBe(b.json.id);
    expect((await get(dinner, '/messagejobs?messageType=PARTICIPANT')).json).toHaveLength(1);

    // A partner registered together has no address of their own: the pair's mail goes to the one address.
    await server.deps.db
      .updateTable('participant')
      .set({ email: '' })
      .where('running_dinner_id', '=', dinner.id)
      .where('participant_number', '=', 2)
      .execute();
    const team = await put(dinner, '/mails/team', teamMessage());
    expect(team.json.numberOfMessageTasks).toBe(17);
  });

  it('leaves no job and no task when writing the tasks fails halfway, and a retry makes one job', async () => {
    const { dinner } = await englishDinner(200);
    const removeFailure = await failInsertsInto(server.deps.db, {
      name: 'fail_halfway',
      table: 'message_task',
      message: 'injected failure',
      afterRowsWithSame: { column: 'message_job_id', count: 100 },
    });
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    try {
      expect((await put(dinner, '/mails/participant', participantMessage(), headers)).status).toBe(500);
    } finally {
      await removeFailure();
    }
    const jobs = () =>
      server.deps.db.selectFrom('message_job').select('id').where('running_dinner_id', '=', dinner.id).execute();
    const jobTasks = () =>
      server.deps.db
        .selectFrom('message_task')
        .select('id')
        .where('running_dinner_id', '=', dinner.id)
        .where('message_job_id', 'is not', null)
        .execute();
    expect(await jobs()).toEqual([]);
    expect(await jobTasks()).toEqual([]);

    const retried = await put(dinner, '/mails/participant', participantMessage(), headers);
    expect(retried.status).toBe(201);
    expect(retried.json.numberOfMessageTasks).toBe(200);
    expect(await jobs()).toHaveLength(1);
    expect(await jobTasks()).toHaveLength(200);
  });

  it('refuses the 301st recipient, an empty selection, bad fields and an unknown type', async () => {
    const { dinner } = await englishDinner(302);
    const tooMany = await put(dinner, '/mails/participant', participantMessage());
    expect(tooMany.status).toBe(409);
    expect(tooMany.json).toEqual({
      code: 'mail_job_too_large',
      message: expect.stringContaining('at most 300 recipients; this one has 302'),
    });

    const none = participantMessage({ participantSelection: 'CUSTOM_SELECTION', customSelectedParticipantIds: [] });
    await expectIssues(
      (headers) => put(dinner, '/mails/participant', none, headers),
      [
        {
          field: 'participantSelection',
          en: 'A message needs at least one recipient',
          de: 'Eine Nachricht braucht mindestens eine*n Empfänger*in',
        },
      ],
    );

    const bad = await put(dinner, '/mails/team/preview', {
      subject: 'x'.repeat(256),
      message: '',
      hostMessagePartTemplate: 'h',
      teamSelection: 'ALL',
    });
    expect(bad.status).toBe(406);
    expect(bad.json.issues.map((i: { field: string }) => i.field)).toEqual([
      'subject',
      'message',
      'nonHostMessagePartTemplate',
    ]);

    expect((await put(dinner, '/mails/nonsense', participantMessage())).status).toBe(404);
    expect((await get(dinner, '/messagejobs?messageType=NONSENSE')).status).toBe(404);
    expect((await put(dinner, `/messagetask/${crypto.randomUUID()}`, {})).status).toBe(404);
    expect((await get(dinner, `/messagejobs/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('is locked until the organiser confirmed the event', async () => {
    const { dinner } = await dinnerWithTeams(server, 18, { body: createBody({ languageCode: 'en' }) });
    const res = await put(dinner, '/mails/participant', participantMessage());
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('messaging_locked');
    expect((await put(dinner, '/mails/participant/preview', participantMessage())).status).toBe(200);
  });

  it('marks a 550 as INVALID_EMAIL, fails the job, and a resend to a corrected address makes it successful', async () => {
    const { dinner } = await englishDinner(18);
    const victim = (
      await server.deps.db
        .selectFrom('participant')
        .select('email')
        .where('running_dinner_id', '=', dinner.id)
        .where('participant_number', '=', 3)
        .executeTakeFirstOrThrow()
    ).email;
    sink.rejectRecipients.add(victim);
    const job: MessageJob = (await put(dinner, '/mails/participant', participantMessage())).json;
    const overview = await jobDone(dinner, job.id);
    expect(overview).toMatchObject({ numMessagesSucceeded: 17, numMessagesFailed: 1 });
    expect((await get(dinner, `/messagejobs/${job.id}`)).json).toMatchObject({
      sendingStatus: 'SENDING_FINISHED',
      sendingFailed: true,
      sendingResult: 'SENDING_FINISHED_FAILURE',
    });
    const tasks: MessageTask[] = (await get(dinner, `/messagetasks/${job.id}`)).json;
    const failed = tasks.find((t) => t.recipientEmail === victim)!;
    expect(failed.sendingResult).toEqual({
      delieveryFailed: true,
      failureType: 'INVALID_EMAIL',
      failureMessage: expect.stringContaining('5.1.1 mailbox unknown'),
    });

    const resent = await put(dinner, `/messagetask/${failed.id}`, { recipientEmail: 'corrected@example.org' });
    expect(resent.status, resent.text).toBe(200);
    expect(resent.json).toMatchObject({
      recipientEmail: 'corrected@example.org',
      resendCount: 1,
      sendingResult: { delieveryFailed: false, failureType: null, failureMessage: null },
    });
    await sink.waitFor((m) => m.to === 'corrected@example.org');
    await until(async () =>
      (await get(dinner, `/messagejobs/${job.id}`)).json.sendingFailed === false ? true : undefined,
    );
    expect(await jobDone(dinner, job.id)).toMatchObject({ numMessagesSucceeded: 18, numMessagesFailed: 0 });
  });

  it('lists the recipients: confirmed participants with an address, in number order, with their team or the waiting list', async () => {
    const { dinner, teams } = await dinnerWithTeams(server, 20);
    const withoutEmail = await addParticipant(server, dinner.adminId, { email: '', lastname: 'Ohnemail' });
    const unconfirmed = await insertRegistered(
      server,
      dinner.adminId,
      { email: 'late@example.org' },
      { activated_at: null },
    );
    const res = await call(server, 'GET', messagesPath(dinner.adminId, '/participants'));
    expect(res.status).toBe(200);
    const recipients: Recipient[] = res.json;
    expect(recipients.map((r) => r.id)).toEqual(dinner.participantIds);
    const teamOf = new Map(
      teams.teams.flatMap((team) => team.teamMembers.map((member) => [member.id, team.id] as const)),
    );
    for (const recipient of recipients) {
      expect(recipient).toEqual({
        id: recipient.id,
        firstnamePart: expect.any(String),
        lastname: expect.any(String),
        email: expect.stringContaining('@'),
        teamId: teamOf.get(recipient.id) ?? null,
        onWaitingList: !teamOf.has(recipient.id),
      });
    }
    expect(recipients.filter((r) => r.onWaitingList)).toHaveLength(2);
    expect(recipients.map((r) => r.id)).not.toContain(withoutEmail.id);
    expect(recipients.map((r) => r.id)).not.toContain(unconfirmed.id);
    const unknown = await call(server, 'GET', messagesPath(crypto.randomUUID(), '/participants'));
    expect(unknown.status).toBe(404);
  });

  it('sends a sample to the organiser only', async () => {
    const { dinner } = await englishDinner(18);
    const organiser = (
      await server.deps.db
        .selectFrom('running_dinner')
        .select('email')
        .where('id', '=', dinner.id)
        .executeTakeFirstOrThrow()
    ).email;
    const res = await put(
      dinner,
      '/mails/participant?sendToDinnerOwner=true',
      participantMessage({ subject: 'Sample subject' }),
    );
    expect(res.json).toEqual({ sentTo: organiser });
    const mail = await sink.waitFor((m) => m.subject === 'Sample subject');
    expect(mail.to).toBe(organiser);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.mails.filter((m) => m.subject === 'Sample subject')).toHaveLength(1);
    expect((await get(dinner, '/messagejobs?messageType=PARTICIPANT')).json).toEqual([]);
  });

  it('sends every mail of a demo to its creator only, naming whom it was meant for', async () => {
    const demo = {
      ...createBody({ languageCode: 'en', runningDinnerType: 'DEMO', registrationType: 'CLOSED' }),
      email: 'creator@example.org',
      publicSettings: null,
      contract: null,
    };
    // The demo's own 18 made-up participants, no more.
    const { dinner } = await dinnerWithTeams(server, 0, { body: demo as unknown as ReturnType<typeof createBody> });
    await acknowledge(dinner);
    // The preview shows the mail as it goes out: to the creator, with the note.
    const preview: MessagePreview = (await put(dinner, '/mails/team/preview', teamMessage({ subject: 'Demo teams' })))
      .json;
    expect(preview.previewMessageList.map((m) => m.recipientEmail)).toEqual(
      preview.previewMessageList.map(() => 'creator@example.org'),
    );
    expect(preview.previewMessageList[0].message).toMatch(/^Demo running dinner: this mail goes to you instead of /);
    const job: MessageJob = (await put(dinner, '/mails/team', teamMessage({ subject: 'Demo teams' }))).json;
    expect(job.numberOfMessageTasks).toBe(18);
    await jobDone(dinner, job.id);
    const mails = sink.mails.filter((m) => m.subject === 'Demo teams');
    expect(mails).toHaveLength(18);
    expect(new Set(mails.map((m) => m.to))).toEqual(new Set(['creator@example.org']));
    expect(mails[0].text).toMatch(/^Demo running dinner: this mail goes to you instead of \S+@\S+\.\n\nHi /);
  });

  it('invites a wished partner who has not registered once more', async () => {
    const dinner = await dinnerWithParticipants(server, 4, { body: createBody({ languageCode: 'en' }) });
    await acknowledge(dinner);
    await server.deps.db
      .updateTable('running_dinner')
      .set({ registration_type: 'PUBLIC' })
      .where('id', '=', dinner.id)
      .execute();
    const [wisher] = dinner.participantIds;
    await server.deps.db
      .updateTable('participant')
      // The wisher registered in German: the invitation is written in their language, not the event's.
      .set({ team_partner_wish_email: 'not.yet@example.org', language_code: 'de' })
      .where('id', '=', wisher)
      .execute();
    const res = await put(dinner, `/mails/teampartnerwish/${wisher}`, {});
    expect(res.status, res.text).toBe(200);
    expect((await sink.waitFor((m) => m.to === 'not.yet@example.org')).subject).toContain('als Team zu kochen');
    expect((await put(dinner, `/mails/teampartnerwish/${dinner.participantIds[1]}`, {})).json.code).toBe(
      'team_partner_wish_not_completable',
    );
  });
});

describe('the daily allowance of an event', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { MAIL_MAX_PER_EVENT_PER_DAY: '30' } });
  });
  afterAll(() => server.stop());

  it('refuses a job beyond MAIL_MAX_PER_EVENT_PER_DAY with what is left, and counts nothing refused', async () => {
    const { dinner } = await dinnerWithTeams(server, 18, { body: createBody({ languageCode: 'en' }) });
    await server.deps.db
      .updateTable('running_dinner')
      .set({ acknowledged_at: new Date().toISOString() })
      .where('id', '=', dinner.id)
      .execute();
    const send = () => call(server, 'PUT', messagesPath(dinner.adminId, '/mails/participant'), participantMessage());
    expect((await send()).status).toBe(201);
    const refused = await send();
    expect(refused.status).toBe(409);
    // The mail that asked the organiser to confirm the address counts too: 30 - 1 - 18 are left.
    expect(refused.json).toEqual({
      code: 'mail_daily_limit',
      message:
        'A running dinner may send at most 30 mails a day; 11 are left today and this message has 18 recipients. Please send it tomorrow or to fewer recipients.',
    });
    const few = await call(
      server,
      'PUT',
      messagesPath(dinner.adminId, '/mails/participant'),
      participantMessage({
        participantSelection: 'CUSTOM_SELECTION',
        customSelectedParticipantIds: dinner.participantIds.slice(0, 11),
      }),
    );
    expect(few.status).toBe(201);
  });
});
