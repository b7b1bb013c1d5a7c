import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPath, createBody, registrationForm } from '../support/factories.js';
import { startServerWithSmtpSink, stopServerWithSmtpSink, UUID } from '../support/mail-server.js';
import { activate, createPublicDinner, registeredId } from '../support/registration.js';
import type { SmtpSink } from '../support/smtp-sink.js';
import { call, GERMAN, startTestServer, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

const HOUR_MS = 3600_000;
let sink: SmtpSink;
let server: TestServer;
beforeAll(async () => {
  // The default of MAILS_PER_RECIPIENT_PER_HOUR, set here because the test server relaxes it otherwise.
  ({ server, sink } = await startServerWithSmtpSink({ MAILS_PER_RECIPIENT_PER_HOUR: '5' }));
});
afterAll(() => stopServerWithSmtpSink({ server, sink }));

const recover = (email: unknown, headers = {}) => call(server, 'POST', '/frontend/v1/recovery', { email }, headers);
/** The recovery tasks written for `email`: each is written with the request, so counting them needs no waiting. */
const recoveryTasks = async (email: string) =>
  server.deps.db
    .selectFrom('message_task')
    .select(['id', 'running_dinner_id'])
    .where('recipient_email', '=', email)
    .where('subject', 'in', ['Your running dinner links', 'Deine Running-Dinner-Links'])
    .execute();

/** What every event has used of its daily mail allowance. */
const eventMailUses = () =>
  server.deps.db.selectFrom('event_mail_use').selectAll().orderBy('running_dinner_id').orderBy('used_at').execute();

/** Every request answers this, whatever the address. */
const SAME_ANSWER = { status: 202, json: { requested: true } };

/** A dinner organised by `email`, created in the wizard; its creation mail counts against the address's hour. */
const organisedBy = (email: string, title: string) => {
  const body = createBody();
  return createPublicDinner(server, { ...body, email, basicDetails: { ...body.basicDetails, title } });
};

describe('recovering lost links', () => {
  it('mails an address every link it has, in one mail, and each link opens its page', async () => {
    const email = 'lena.berger@example.org';
    const first = await organisedBy(email, 'Sommerdinner Stühlinger');
    const second = await organisedBy(email, 'Herbstdinner Herdern');
    const other = await createPublicDinner(server);
    const participantId = await registeredId(server, other, { email });
    expect((await activate(server, other, participantId)).status).toBe(200);
    // An unconfirmed registration at yet another event is not hers yet: no link to it.
    const unconfirmed = await createPublicDinner(server);
    await registeredId(server, unconfirmed, { email: 'Lena.Berger@example.org' });

    // A cancelled event keeps its administration until it is deleted: its link is sent too, marked.
    expect((await call(server, 'DELETE', adminPath(second.adminId))).status).toBe(200);
    const usesBefore = await eventMailUses();
    const res = await recover('  Lena.Berger@Example.org ');
    expect({ status: res.status, json: res.json }).toEqual(SAME_ANSWER);

    const mail = await sink.waitFor((m) => m.to === email && m.subject === 'Your running dinner links');
    const adminLinks = [...mail.text.matchAll(new RegExp(`^${server.baseUrl}/admin/(${UUID})$`, 'gm'))];
    expect(adminLinks.map((m) => m[1]).sort()).toEqual([first.adminId, second.adminId].sort());
    const personalLinks = [
      ...mail.text.matchAll(new RegExp(`^${server.baseUrl}/self/(${UUID})/teampartnerwish/(${UUID})$`, 'gm')),
    ];
    expect(personalLinks.map((m) => [m[1], m[2]])).toEqual([[other.selfAdminId, participantId]]);
    expect(mail.text).toContain('"Sommerdinner Stühlinger" on');
    expect(mail.text).toMatch(/"Herbstdinner Herdern" on .* \(cancelled\):\n/);

    for (const [, adminId] of adminLinks) expect((await call(server, 'GET', adminPath(adminId))).status).toBe(200);
    const [, selfAdminId, id] = personalLinks[0];
    expect((await call(server, 'GET', `/self/v1/${selfAdminId}/${id}/sessiondata`)).status).toBe(200);

    // One mail, belonging to no event: it counts against no event's daily allowance.
    expect(await recoveryTasks(email)).toEqual([{ id: expect.any(String), running_dinner_id: null }]);
    expect(await eventMailUses()).toEqual(usesBefore);
  });

  it('is written in the language of the request', async () => {
    const email = 'jonas.weiss@example.org';
    const dinner = await createPublicDinner(server);
    const participantId = await registeredId(server, dinner, registrationForm({ email }));
    await activate(server, dinner, participantId);

    expect((await recover(email, GERMAN)).status).toBe(202);
    const mail = await sink.waitFor((m) => m.to === email && m.subject === 'Deine Running-Dinner-Links');
    expect(mail.text).toMatch(/^Hallo,\n\n/);
    expect(mail.text).toContain('Du nimmst an diesen Running Dinnern teil.');
    expect(mail.text).toContain(`${server.baseUrl}/self/${dinner.selfAdminId}/teampartnerwish/${participantId}`);
  });

  it('answers an unknown address the same and mails nothing', async () => {
    const res = await recover('nobody.here@example.org');
    expect({ status: res.status, json: res.json }).toEqual(SAME_ANSWER);
    expect(await recoveryTasks('nobody.here@example.org')).toEqual([]);
  });

  it('never mails the personal link of a demo participant, but the demo creator gets the demo', async () => {
    const creator = 'demo.creator@example.org';
    const body = createBody({ runningDinnerType: 'DEMO', registrationType: 'CLOSED' });
    const demo = await createPublicDinner(server, { ...body, email: creator });
    const made = await server.deps.db
      .selectFrom('participant')
      .select('email')
      .where('running_dinner_id', '=', demo.id)
      .executeTakeFirstOrThrow();

    expect((await recover(made.email)).status).toBe(202);
    expect(await recoveryTasks(made.email)).toEqual([]);

    expect((await recover(creator)).status).toBe(202);
    const mail = await sink.waitFor((m) => m.to === creator && m.subject === 'Your running dinner links');
    expect(mail.text).toContain(`${server.baseUrl}/admin/${demo.adminId}`);
  });

  it('refuses a malformed address with 406', async () => {
    const res = await recover('not an address');
    expect(res.status).toBe(406);
    expect(res.json.issues).toEqual([{ field: 'email', message: 'Invalid e-mail address' }]);
    expect((await call(server, 'POST', '/frontend/v1/recovery', {})).status).toBe(406);
  });

  it('mails one address at most MAILS_PER_RECIPIENT_PER_HOUR times an hour, and answers the same beyond', async () => {
    const email = 'clara.oeztuerk@example.org';
    await organisedBy(email, 'Winterdinner Wiehre');
    // The creation mail's use of the hour is over: the hour is the recovery's alone.
    server.clock.advance(HOUR_MS + 60_000);
    for (let i = 0; i < 5; i++) expect((await recover(email)).status).toBe(202);
    expect(await recoveryTasks(email)).toHaveLength(5);

    const sixth = await recover(email);
    expect({ status: sixth.status, json: sixth.json }).toEqual(SAME_ANSWER);
    expect(await recoveryTasks(email)).toHaveLength(5);
    const delivered = () => sink.mails.filter((m) => m.to === email && m.subject === 'Your running dinner links');
    await until(() => delivered().length === 5, 'the five recovery mails');
    // Every task of the address is sent: the count above is final.
    await until(async () => {
      const tasks = await server.deps.db
        .selectFrom('message_task')
        .select('status')
        .where('recipient_email', '=', email)
        .execute();
      return tasks.every((task) => task.status === 'SENT');
    }, 'the tasks sent');
    expect(delivered()).toHaveLength(5);
  });
});

describe('recovery requests from one client', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { GUESS_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => limited.stop());

  it('count like wrong links: beyond the guess limit the client gets 429, whatever the address', async () => {
    const ask = (email: string) => call(limited, 'POST', '/frontend/v1/recovery', { email });
    for (const email of ['a@example.org', 'b@example.org', 'c@example.org'])
      expect((await ask(email)).status).toBe(202);
    const refused = await ask('d@example.org');
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('too_many_guesses');
  });
});
