import { describe, expect, it } from 'vitest';
import { createBody, publicPath, registrationForm } from '../support/factories.js';
import { activate, createPublicDinner, registeredId } from '../support/registration.js';
import { call, GERMAN, RELAXED_LIMITS } from '../support/test-server.js';
import { useTestServer } from '../support/use-test-server.js';

// Reliability 28: calls that make the app send mail are limited per recipient address and, for event creation,
// per client; 429 with Retry-After and a clear message, refused before anything is stored.

const server = useTestServer({
  env: {
    GUESS_LIMIT_PER_MINUTE: RELAXED_LIMITS.GUESS_LIMIT_PER_MINUTE,
    MAILS_PER_RECIPIENT_PER_HOUR: '5',
    EVENT_CREATIONS_PER_CLIENT_PER_HOUR: '12',
    TRUST_PROXY: 'on',
  },
});

/** Every request of a test comes from its own client address (the proxy's X-Forwarded-For hop). */
let clients = 0;
const newClient = () => ({ 'X-Forwarded-For': `198.51.100.${++clients}` });

const createFor = (email: string, client: Record<string, string>, headers: Record<string, string> = {}) =>
  call(server, 'POST', '/wizardservice/v1/create', { ...createBody(), email }, { ...client, ...headers });
const mailsTo = async (email: string) =>
  (await server.deps.db.selectFrom('message_task').select('id').where('recipient_email', '=', email).execute()).length;
const dinnersOf = async (email: string) =>
  (await server.deps.db.selectFrom('running_dinner').select('id').where('email', '=', email).execute()).length;

describe('event creation', () => {
  it('mails one victim at most 5 times however often it is asked at once, and stores only what it mails', async () => {
    const victim = 'opfer@example.org';
    const client = newClient();
    const answers = await Promise.all(Array.from({ length: 40 }, () => createFor(victim, client)));

    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(35);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(answer.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    }
    expect(refused.map((a) => a.json.code)).toContain('too_many_mails_to_recipient');
    expect(refused.find((a) => a.json.code === 'too_many_mails_to_recipient')!.json.message).toMatch(
      /^We have already sent several mails to opfer@example.org within the last hour\. To protect this address from unwanted mail, please try again in \d+ minutes\.$/,
    );
    expect(await mailsTo(victim)).toBe(5);
    expect(await dinnersOf(victim)).toBe(5);
  });

  it('allows 12 events per client and hour, then says when to try again, while other clients go on', async () => {
    const client = newClient();
    for (let i = 0; i < 12; i++) expect((await createFor(`orga${i}@example.org`, client)).status).toBe(200);

    const refused = await createFor('orga12@example.org', client, GERMAN);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('too_many_event_creations');
    expect(refused.json.message).toMatch(
      /^Von deiner Adresse aus wurden in der letzten Stunde viele Running Dinner erstellt\. Bitte versuche es in \d+ Minuten noch einmal\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await dinnersOf('orga12@example.org')).toBe(0);

    expect((await createFor('orga12@example.org', newClient())).status).toBe(200);
  });

  it('counts a resent confirmation mail against the organiser address too', async () => {
    const organiser = 'nochmal@example.org';
    const { json } = await createFor(organiser, newClient());
    const adminId = json.runningDinner.adminId;
    for (let i = 0; i < 4; i++)
      expect(
        (
          await call(
            server,
            'PUT',
            `/runningdinnerservice/v1/runningdinner/${adminId}/resend-runningdinner-created-message`,
          )
        ).status,
      ).not.toBe(429);
    const refused = await call(
      server,
      'PUT',
      `/runningdinnerservice/v1/runningdinner/${adminId}/resend-runningdinner-created-message`,
    );
    expect(refused.status).toBe(429);
    expect(await mailsTo(organiser)).toBe(5);
  });
});

describe('registration', () => {
  it('takes 200 registrations from one shared address within a minute', async () => {
    const { publicDinnerId } = await createPublicDinner(server, { ...createBody(), email: 'wlan@example.org' });
    const venue = newClient();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(
          server,
          'POST',
          publicPath(publicDinnerId, '/register'),
          registrationForm({ email: `gast${i}@wlan.example.org` }),
          venue,
        ),
      ),
    );
    expect(answers.filter((a) => a.status !== 200).map((a) => a.text)).toEqual([]);
  });

  it('refuses a sixth registration mail to one address within the hour before storing anything', async () => {
    const email = 'vielfach@example.org';
    const dinners = [];
    for (let i = 0; i < 6; i++)
      dinners.push(await createPublicDinner(server, { ...createBody(), email: `orga.viel${i}@example.org` }));
    for (const dinner of dinners.slice(0, 5))
      expect(
        (await call(server, 'POST', publicPath(dinner.publicDinnerId, '/register'), registrationForm({ email })))
          .status,
      ).toBe(200);

    const refused = await call(
      server,
      'POST',
      publicPath(dinners[5].publicDinnerId, '/register'),
      registrationForm({ email }),
    );
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('too_many_mails_to_recipient');
    const stored = await server.deps.db
      .selectFrom('participant')
      .select('id')
      .where('running_dinner_id', '=', dinners[5].id)
      .execute();
    expect(stored).toEqual([]);
    expect(await mailsTo(email)).toBe(5);
  });

  it('invites a wished partner at most 5 times an hour, and the confirmations still succeed', async () => {
    const victim = 'eingeladen@example.org';
    const dinner = await createPublicDinner(server, { ...createBody(), email: 'orga.einladung@example.org' });
    for (let i = 0; i < 7; i++) {
      const participantId = await registeredId(server, dinner, {
        email: `einladend${i}@example.org`,
        teamPartnerWishEmail: victim,
      });
      expect((await activate(server, dinner, participantId)).status).toBe(200);
    }
    expect(await mailsTo(victim)).toBe(5);
  });
});
