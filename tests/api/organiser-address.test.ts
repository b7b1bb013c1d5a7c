import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectIssues, expectRefusal } from '../support/bilingual.js';
import { adminPath, createBody, createDinner, publicPath, registrationForm } from '../support/factories.js';
import { startServerWithSmtpSink, stopServerWithSmtpSink, UUID } from '../support/mail-server.js';
import { createPublicDinner, register } from '../support/registration.js';
import type { SmtpSink } from '../support/smtp-sink.js';
import { call, type TestServer } from '../support/test-server.js';

let server: TestServer;
let sink: SmtpSink;
beforeAll(async () => {
  ({ server, sink } = await startServerWithSmtpSink());
});
afterAll(() => stopServerWithSmtpSink({ server, sink }));

/** A PUBLIC dinner in English whose creator, contract and public contact use `email`, titled `title` in public. */
function dinnerBody(email: string, title: string, changes: Parameters<typeof createBody>[0] = {}) {
  const body = createBody({ languageCode: 'en', ...changes });
  return {
    ...body,
    email,
    publicSettings: { ...body.publicSettings, title, publicContactEmail: email },
    contract: { ...body.contract, email },
  };
}

/** The confirmation link of the newest creation mail to `email`, as the path of its API call. */
async function acknowledgePathIn(email: string, adminId: string, count = 1): Promise<string> {
  await sink.waitFor(() => sink.mails.filter((m) => m.to === email).length >= count);
  const mail = sink.mails.filter((m) => m.to === email).at(-1)!;
  const acknowledgeId = mail.text.match(new RegExp(`/admin/${adminId}/(${UUID})/acknowledge`))![1];
  return adminPath(adminId, `/acknowledge/${acknowledgeId}`);
}

const resend = (adminId: string, body?: unknown, headers = {}) =>
  call(server, 'PUT', adminPath(adminId, '/resend-runningdinner-created-message'), body, headers);

const publicIds = async () =>
  ((await call(server, 'GET', '/frontend/v1/runningdinner')).json as { publicDinnerId: string }[]).map(
    (d) => d.publicDinnerId,
  );

const ORGANISER_ADDRESS_CONFIRMED = (email: string) =>
  [
    409,
    'organiser_address_confirmed',
    `The address ${email} is already confirmed, so it can no longer be exchanged here. The mail was not sent.`,
    `Die Adresse ${email} ist schon bestätigt und lässt sich hier nicht mehr austauschen. Die Mail wurde nicht verschickt.`,
  ] as const;

const REGISTRATION_NOT_YET_OPEN = [
  409,
  'registration_not_yet_open',
  'Registration opens soon: the organiser has not confirmed this running dinner yet.',
  'Die Anmeldung öffnet bald: Der Veranstalter hat dieses Running Dinner noch nicht bestätigt.',
] as const;

describe('a typo in the organiser address', () => {
  it('sends the creation mail to the new address, whose link confirms; the old link no longer does', async () => {
    const { runningDinner } = await createDinner(server, dinnerBody('clara@exampel.org', 'Tippfehler'));
    const adminId = runningDinner.adminId;
    const oldLink = await acknowledgePathIn('clara@exampel.org', adminId);

    const changed = await resend(adminId, { newEmailAddress: 'clara@example.org' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({
      email: 'clara@example.org',
      contract: { email: 'clara@example.org' },
      publicSettings: { publicContactEmail: 'clara@example.org' },
      messagingLocked: true,
    });
    const newLink = await acknowledgePathIn('clara@example.org', adminId);
    expect(newLink).not.toBe(oldLink);
    expect(sink.mails.filter((m) => m.to === 'clara@exampel.org')).toHaveLength(1);

    const old = await call(server, 'PUT', oldLink);
    expect(old.status).toBe(404);
    expect(old.json.code).toBe('wrong_acknowledge_link');
    const confirmed = await call(server, 'PUT', newLink);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.messagingLocked).toBe(false);
    const activities = (await call(server, 'GET', adminPath(adminId, '/activities'))).json.activities;
    expect(activities[1]).toMatchObject({ type: 'CUSTOM_ADMIN_CHANGE', details: { change: 'organiserAddress' } });
  });

  it('keeps a public contact that was another address than the creator’s', async () => {
    const body = dinnerBody('tom@exampel.org', 'Anderer Kontakt');
    const { runningDinner } = await createDinner(server, {
      ...body,
      publicSettings: { ...body.publicSettings, publicContactEmail: 'kontakt@example.org' },
    });
    const changed = await resend(runningDinner.adminId, { newEmailAddress: 'tom@example.org' });
    expect(changed.json.publicSettings.publicContactEmail).toBe('kontakt@example.org');
    expect(changed.json.contract.email).toBe('tom@example.org');
  });

  it('is refused with 409 once the address is confirmed; a resend without a new address still goes out', async () => {
    const { runningDinner } = await createDinner(server, dinnerBody('bestaetigt@example.org', 'Bestätigt'));
    const adminId = runningDinner.adminId;
    await call(server, 'PUT', await acknowledgePathIn('bestaetigt@example.org', adminId));

    await expectRefusal(
      (headers) => resend(adminId, { newEmailAddress: 'andere@example.org' }, headers),
      ...ORGANISER_ADDRESS_CONFIRMED('bestaetigt@example.org'),
    );
    expect((await call(server, 'GET', adminPath(adminId))).json.email).toBe('bestaetigt@example.org');
    expect(sink.mails.filter((m) => m.to === 'andere@example.org')).toHaveLength(0);

    for (const body of [undefined, {}]) expect((await resend(adminId, body)).status).toBe(200);
    await acknowledgePathIn('bestaetigt@example.org', adminId, 3);
  });

  it('answers 406 for an address that is none', async () => {
    const { runningDinner } = await createDinner(server, dinnerBody('kaputt@example.org', 'Kaputt'));
    await expectIssues(
      (headers) => resend(runningDinner.adminId, { newEmailAddress: 'kein-at-zeichen' }, headers),
      [{ field: 'newEmailAddress', en: 'Invalid e-mail address', de: 'Ungültige E-Mail-Adresse' }],
    );
  });
});

describe('registration once the creator confirmed', () => {
  it('keeps an unconfirmed PUBLIC event out of the list and refuses its registrations, until the confirmation', async () => {
    const dinner = await createPublicDinner(server, dinnerBody('neu@example.org', 'Noch unbestätigt'), {
      confirmed: false,
    });
    expect(await publicIds()).not.toContain(dinner.publicDinnerId);
    const page = await call(server, 'GET', publicPath(dinner.publicDinnerId));
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ registrationState: 'NOT_YET_OPEN', demo: false });
    await expectRefusal(
      (headers) => register(server, dinner, registrationForm({ email: 'frueh@example.org' }), headers),
      ...REGISTRATION_NOT_YET_OPEN,
    );
    const validated = await call(
      server,
      'POST',
      publicPath(dinner.publicDinnerId, '/register/validate'),
      registrationForm({ email: 'frueh@example.org' }),
    );
    expect(validated.json.code).toBe('registration_not_yet_open');

    await call(server, 'PUT', await acknowledgePathIn('neu@example.org', dinner.adminId));
    expect(await publicIds()).toContain(dinner.publicDinnerId);
    expect((await call(server, 'GET', publicPath(dinner.publicDinnerId))).json.registrationState).toBe('OPEN');
    expect((await register(server, dinner, registrationForm({ email: 'frueh@example.org' }))).status).toBe(200);
  });
});

describe("the demo's public page", () => {
  it('answers with the demo flag, is never listed, and registers with every mail going to the creator only', async () => {
    const demo = await createPublicDinner(
      server,
      { ...dinnerBody('demo-macher@example.org', 'Demo öffentlich', { runningDinnerType: 'DEMO' }), contract: null },
      { confirmed: false },
    );
    const before = await call(server, 'GET', publicPath(demo.publicDinnerId));
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ demo: true, registrationState: 'NOT_YET_OPEN' });

    await call(server, 'PUT', await acknowledgePathIn('demo-macher@example.org', demo.adminId));
    // A fee stored for a demo is never charged: its registrations are simulated.
    await server.deps.db
      .insertInto('payment_option')
      .values({
        running_dinner_id: demo.id,
        brand_name: 'Demo',
        price_per_registration_cents: 1500,
        currency: 'EUR',
        redirect_after_purchase_link: null,
        agb_link: null,
      })
      .execute();
    const page = await call(server, 'GET', publicPath(demo.publicDinnerId));
    expect(page.json).toMatchObject({ demo: true, registrationState: 'OPEN', title: 'Demo öffentlich', price: null });
    expect(await publicIds()).not.toContain(demo.publicDinnerId);

    const registered = await register(server, demo, registrationForm({ email: 'demo-gast@example.org' }));
    expect(registered.status, registered.text).toBe(200);
    const mail = await sink.waitFor(
      (m) => m.to === 'demo-macher@example.org' && m.text.includes('demo-gast@example.org'),
    );
    expect(mail.text).toMatch(new RegExp(`/running-dinner-events/${demo.publicDinnerId}/${UUID}/activate`));
    const tasks = await server.deps.db
      .selectFrom('message_task')
      .select('recipient_email')
      .where('running_dinner_id', '=', demo.id)
      .execute();
    expect(new Set(tasks.map((t) => t.recipient_email))).toEqual(new Set(['demo-macher@example.org']));
    expect(sink.mails.filter((m) => m.to === 'demo-gast@example.org')).toHaveLength(0);
  });
});
