import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPath, createBody, participantsPath, registrationForm, withOptions } from '../support/factories.js';
import { startServerWithSmtpSink, stopServerWithSmtpSink, UUID } from '../support/mail-server.js';
import { activate, createPublicDinner, register } from '../support/registration.js';
import type { ReceivedMail, SmtpSink } from '../support/smtp-sink.js';
import { CLIENT_STUB_HTML, call, type TestServer } from '../support/test-server.js';

let sink: SmtpSink;
let server: TestServer;
beforeAll(async () => {
  ({ server, sink } = await startServerWithSmtpSink());
});
afterAll(() => stopServerWithSmtpSink({ server, sink }));

/** Creates a public dinner and answers the id of its registration page. */
const createPublic = async (options: Parameters<typeof withOptions>[0] = {}) =>
  (await createPublicDinner(server, withOptions(options))).publicDinnerId;
/** Registers in `language` (German unless said otherwise) and expects it to be taken. */
async function registerIn(publicDinnerId: string, form: Record<string, unknown>, language: 'de' | 'en' = 'de') {
  const res = await register(server, { publicDinnerId }, registrationForm(form), { 'Accept-Language': language });
  expect(res.status, res.text).toBe(200);
}
const mailsTo = (address: string) => sink.mails.filter((m) => m.to === address);
/** The confirmation link of a registration mail: the page URL and the ids in it. */
function activationLinkOf(mail: ReceivedMail) {
  const match = mail.text.match(
    new RegExp(`^${server.baseUrl}/running-dinner-events/(${UUID})/(${UUID})/activate$`, 'm'),
  );
  expect(match, mail.text).not.toBeNull();
  return { url: match![0], publicDinnerId: match![1], participantId: match![2] };
}
function personalLinkOf(mail: ReceivedMail) {
  const match = mail.text.match(new RegExp(`^${server.baseUrl}/self/(${UUID})/teampartnerwish/(${UUID})$`, 'm'));
  expect(match, mail.text).not.toBeNull();
  return { url: match![0], selfAdminId: match![1], participantId: match![2] };
}
/** What the activation page does when the link is opened: it loads and calls the confirmation API. */
async function openActivationLink(mail: ReceivedMail) {
  const link = activationLinkOf(mail);
  const page = await fetch(link.url);
  expect(page.status).toBe(200);
  expect(await page.text()).toBe(CLIENT_STUB_HTML);
  return activate(server, link, link.participantId);
}

describe('the registration mail', () => {
  it('arrives in German with a working confirmation link and personal link', async () => {
    const publicDinnerId = await createPublic();
    await registerIn(publicDinnerId, { email: 'jonas@example.org' });
    const mail = await sink.waitFor((m) => m.to === 'jonas@example.org');
    expect(mail.subject).toBe('Bitte bestätige deine Anmeldung zu „Running Dinner in der Wiehre“');
    const date = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${createBody().basicDetails.date}T00:00:00Z`),
    );
    expect(mail.text).toMatch(
      new RegExp(
        `^Hallo,\n\ndanke für deine Anmeldung zum Running Dinner „Running Dinner in der Wiehre“ am ${date} in Freiburg.`,
      ),
    );
    expect(mail.text).toContain('/activate\n\nDu hast dich als „Jonas Weiß“ angemeldet.');

    const link = activationLinkOf(mail);
    expect(link.publicDinnerId).toBe(publicDinnerId);
    const activated = await openActivationLink(mail);
    expect(activated.status).toBe(200);
    expect(activated.json).toMatchObject({
      firstnamePart: 'Jonas',
      email: 'jonas@example.org',
      alreadyActivated: false,
    });
    const row = await server.deps.db
      .selectFrom('participant')
      .select('activated_at')
      .where('id', '=', link.participantId)
      .executeTakeFirstOrThrow();
    expect(row.activated_at).not.toBeNull();

    const personal = personalLinkOf(mail);
    expect(personal.participantId).toBe(link.participantId);
    const page = await fetch(personal.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const session = await call(server, 'GET', `/self/v1/${personal.selfAdminId}/${personal.participantId}/sessiondata`);
    expect(session.status).toBe(200);
    expect(session.json.participant).toEqual({
      firstnamePart: 'Jonas',
      lastname: 'Weiß',
      email: 'jonas@example.org',
      teamPartnerWishEmail: null,
    });
  });

  it('arrives in English for an English registration, names the partner registered together and has no wish to manage', async () => {
    const publicDinnerId = await createPublic();
    await registerIn(
      publicDinnerId,
      {
        email: 'sam@example.org',
        firstnamePart: 'Sam',
        teamPartnerWishRegistrationData: { firstnamePart: 'Alex', lastname: 'Roth' },
      },
      'en',
    );
    const mail = await sink.waitFor((m) => m.to === 'sam@example.org');
    expect(mail.subject).toBe('Please confirm your registration for "Running Dinner in der Wiehre"');
    expect(mail.text).toMatch(
      /^Hello,\n\nthank you for registering for the running dinner "Running Dinner in der Wiehre" on /,
    );
    expect(mail.text).toContain('You registered as "Sam Weiß".');
    expect(mail.text).toContain('You registered together with your team partner Alex Roth.');
    expect(mail.text).not.toContain('/self/');
    expect((await openActivationLink(mail)).status).toBe(200);
    const rows = await server.deps.db
      .selectFrom('participant')
      .select(['email', 'activated_at'])
      .where('lastname', 'in', ['Weiß', 'Roth'])
      .where('firstname_part', 'in', ['Sam', 'Alex'])
      .execute();
    expect(rows.map((r) => r.activated_at !== null)).toEqual([true, true]);
  });

  it('has no personal link when the event takes no partner wishes', async () => {
    const publicDinnerId = await createPublic({ teamPartnerWishDisabled: true });
    await registerIn(publicDinnerId, { email: 'ohne@example.org' });
    const mail = await sink.waitFor((m) => m.to === 'ohne@example.org');
    activationLinkOf(mail);
    expect(mail.text).not.toContain('/self/');
  });
});

describe('the partner invitation', () => {
  it('arrives after confirming, not on registration, and confirming twice sends it once', async () => {
    const publicDinnerId = await createPublic();
    await registerIn(publicDinnerId, {
      email: 'lena@example.org',
      firstnamePart: 'Lena',
      lastname: 'Berg',
      teamPartnerWishEmail: 'Tom+Dinner@example.org',
    });
    const mail = await sink.waitFor((m) => m.to === 'lena@example.org');
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo('tom+dinner@example.org')).toEqual([]);

    const first = await openActivationLink(mail);
    const invitation = await sink.waitFor((m) => m.to === 'tom+dinner@example.org');
    expect(invitation.subject).toBe('Einladung, beim Running Dinner „Running Dinner in der Wiehre“ als Team zu kochen');
    expect(invitation.text).toMatch(
      /^Hallo,\n\nJemand hat sich zum Running Dinner „Running Dinner in der Wiehre“ am .* angemeldet und diese E-Mail-Adresse als Wunsch-Teampartner angegeben\./,
    );
    // The inviter's name, which anyone can type, comes after the link and quoted.
    expect(invitation.text).toMatch(
      /teamPartnerWishEmail=lena%40example\.org\n\nDie Anmeldung erfolgte im Namen von „Lena Berg“ <lena@example\.org>\./,
    );
    const url = new URL(invitation.text.match(/^http\S+\?email=\S+$/m)![0]);
    expect(url.origin + url.pathname).toBe(`${server.baseUrl}/running-dinner-events/${publicDinnerId}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      email: 'tom+dinner@example.org',
      teamPartnerWishEmail: 'lena@example.org',
    });
    expect((await fetch(url)).status).toBe(200);

    const second = await openActivationLink(mail);
    expect(second.json).toEqual({ ...first.json, alreadyActivated: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo('tom+dinner@example.org')).toHaveLength(1);
    expect(mailsTo('lena@example.org')).toHaveLength(1);
  });

  it('leads to a registration that makes both a fixed pair', async () => {
    const publicDinnerId = await createPublic();
    await registerIn(publicDinnerId, {
      email: 'ria@example.org',
      firstnamePart: 'Ria',
      teamPartnerWishEmail: 'udo@example.org',
    });
    await openActivationLink(await sink.waitFor((m) => m.to === 'ria@example.org'));
    const invitation = await sink.waitFor((m) => m.to === 'udo@example.org');
    const url = new URL(invitation.text.match(/^http\S+\?email=\S+$/m)![0]);
    await registerIn(publicDinnerId, {
      email: url.searchParams.get('email'),
      firstnamePart: 'Udo',
      teamPartnerWishEmail: url.searchParams.get('teamPartnerWishEmail'),
    });
    const udoMail = await sink.waitFor((m) => m.to === 'udo@example.org' && m.subject.startsWith('Bitte bestätige'));
    await openActivationLink(udoMail);
    const personal = personalLinkOf(udoMail);
    const session = await call(server, 'GET', `/self/v1/${personal.selfAdminId}/${personal.participantId}/sessiondata`);
    expect(session.json.teamPartner).toEqual({ firstnamePart: 'Ria', lastname: 'Weiß', mutual: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo('ria@example.org')).toHaveLength(1);
  });
});

describe('confirming later', () => {
  it('by the organiser invites the wished partner, as the mailed link would', async () => {
    const dinner = await createPublicDinner(server);
    await registerIn(dinner.publicDinnerId, {
      email: 'nele@example.org',
      firstnamePart: 'Nele',
      teamPartnerWishEmail: 'paul@example.org',
    });
    const { participantId } = activationLinkOf(await sink.waitFor((m) => m.to === 'nele@example.org'));
    const res = await call(server, 'PUT', participantsPath(dinner.adminId, `/participant/${participantId}/activate`));
    expect(res.json).toMatchObject({ activated: true });
    const invitation = await sink.waitFor((m) => m.to === 'paul@example.org');
    expect(invitation.text).toContain(`?email=paul%40example.org&teamPartnerWishEmail=nele%40example.org`);
  });

  it('by the mailed link still works after the organiser closed the registration', async () => {
    const dinner = await createPublicDinner(server);
    await registerIn(dinner.publicDinnerId, { email: 'otto@example.org', teamPartnerWishEmail: 'olga@example.org' });
    const mail = await sink.waitFor((m) => m.to === 'otto@example.org');
    const created = (await call(server, 'GET', adminPath(dinner.adminId))).json;
    const closed = await call(server, 'PUT', adminPath(dinner.adminId, '/basicsettings'), {
      basicDetails: { ...created.basicDetails, registrationType: 'CLOSED' },
    });
    expect(closed.status).toBe(200);
    expect((await call(server, 'GET', `/frontend/v1/runningdinner/${dinner.publicDinnerId}`)).status).toBe(404);
    const activated = await openActivationLink(mail);
    expect(activated.json).toMatchObject({ email: 'otto@example.org', alreadyActivated: false });
    // The invitation would lead to a page the closed event no longer has.
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo('olga@example.org')).toEqual([]);
  });
});

describe('a deleted participant', () => {
  const tasksMentioning = (email: string) =>
    server.deps.db
      .selectFrom('message_task')
      .select('id')
      .where((eb) => eb.or([eb('recipient_email', '=', email), eb('body_text', 'like', `%${email}%`)]))
      .execute();
  const deleteByEmail = async (adminId: string, email: string) => {
    const { id } = await server.deps.db
      .selectFrom('participant')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect((await call(server, 'DELETE', participantsPath(adminId, `/participant/${id}`))).status).toBe(204);
  };

  it('leaves the mails already sent without their address or text', async () => {
    const dinner = await createPublicDinner(server);
    await registerIn(dinner.publicDinnerId, { email: 'sent.then.deleted@example.org' });
    await sink.waitFor((m) => m.to === 'sent.then.deleted@example.org');
    await expect
      .poll(() =>
        server.deps.db
          .selectFrom('message_task')
          .select('status')
          .where('recipient_email', '=', 'sent.then.deleted@example.org')
          .execute(),
      )
      .toEqual([{ status: 'SENT' }]);
    await deleteByEmail(dinner.adminId, 'sent.then.deleted@example.org');
    expect(await tasksMentioning('sent.then.deleted@example.org')).toEqual([]);
  });

  it('gets no mail that was still queued', async () => {
    const dinner = await createPublicDinner(server);
    await sink.stop();
    try {
      await registerIn(dinner.publicDinnerId, { email: 'queued.then.deleted@example.org' });
      expect(await tasksMentioning('queued.then.deleted@example.org')).toHaveLength(1);
      await deleteByEmail(dinner.adminId, 'queued.then.deleted@example.org');
      expect(await tasksMentioning('queued.then.deleted@example.org')).toEqual([]);
    } finally {
      await sink.start();
    }
    await registerIn(dinner.publicDinnerId, { email: 'after.restart@example.org' });
    await sink.waitFor((m) => m.to === 'after.restart@example.org');
    expect(mailsTo('queued.then.deleted@example.org')).toEqual([]);
  });
});
