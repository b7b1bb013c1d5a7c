import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmOrganiser, startServerWithSmtpSink, stopServerWithSmtpSink } from '../support/mail-server.js';
import type { SmtpSink } from '../support/smtp-sink.js';
import { dinnerWithTeams } from '../support/teams.js';
import { call, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

// Issue 23 (RELIABILITY 7): a participant's mails are in the language they registered in; one job may mix languages.

const messagesPath = (adminId: string, suffix: string) => `/messageservice/v1/runningdinner/${adminId}${suffix}`;
const GERMAN_FOOTER = 'Verschickt vom Organisationsteam';
const ENGLISH_FOOTER = 'Sent by the organiser';

describe('mails in the recipient’s language', () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    ({ server, sink } = await startServerWithSmtpSink({ MAIL_RATE_PER_SECOND: '1000', MAIL_CONCURRENCY: '8' }));
  });
  afterAll(() => stopServerWithSmtpSink({ server, sink }));

  it('writes the app’s words in English for those who registered in English, in German for the others, in one job of 200, and previews each so', async () => {
    const { dinner } = await dinnerWithTeams(server, 200, {
      overrides: (n) => (n % 4 === 1 ? { language_code: 'en' } : {}),
    });
    await confirmOrganiser(server, dinner.id);
    const [english, german] = dinner.participantIds;
    const put = (type: string, body: unknown) => call(server, 'PUT', messagesPath(dinner.adminId, type), body);
    const participantMessage = { subject: 'Sprachtest', message: 'Hallo {firstname}', participantSelection: 'ALL' };

    const previewOf = async (id: string) =>
      (
        await put('/mails/participant/preview', {
          ...participantMessage,
          participantSelection: 'CUSTOM_SELECTION',
          customSelectedParticipantIds: [id],
        })
      ).json.previewMessageList[0];
    expect(await previewOf(english)).toMatchObject({
      language: 'en',
      message: expect.stringContaining(ENGLISH_FOOTER),
    });
    expect(await previewOf(german)).toMatchObject({ language: 'de', message: expect.stringContaining(GERMAN_FOOTER) });

    const templates = (await call(server, 'GET', messagesPath(dinner.adminId, '/templates'))).json;
    expect((await put('/mails/participant', participantMessage)).status).toBe(201);
    const routes = await put('/mails/dinnerroute?sendToDinnerOwner=false', {
      ...templates.DINNER_ROUTE,
      subject: 'Routentest',
      teamSelection: 'ALL',
    });
    expect(routes.status).toBe(201);
    const expected = 200 + routes.json.numberOfMessageTasks;
    const arrived = await until(() => {
      const mails = sink.mails.filter((m) => m.subject === 'Sprachtest' || m.subject === 'Routentest');
      return mails.length === expected && mails;
    }, `the ${expected} mails`);
    const englishAddresses = new Set(
      (
        await server.deps.db
          .selectFrom('participant')
          .select('email')
          .where('running_dinner_id', '=', dinner.id)
          .where('language_code', '=', 'en')
          .execute()
      ).map((p) => p.email),
    );
    expect(englishAddresses.size).toBe(50);
    for (const mail of arrived) {
      const inEnglish = englishAddresses.has(mail.envelopeTo[0]);
      expect(mail.text, mail.to).toContain(inEnglish ? ENGLISH_FOOTER : GERMAN_FOOTER);
      expect(mail.text, mail.to).not.toContain(inEnglish ? GERMAN_FOOTER : ENGLISH_FOOTER);
      // The organiser's templates stay as written; the diets they name are the app's words.
      if (mail.subject === 'Routentest')
        expect(mail.text, mail.to).toMatch(
          inEnglish
            ? /Ihr kocht bei euch[\s\S]*no special diets/
            : /Ihr kocht bei euch[\s\S]*keine besonderen Essenswünsche/,
        );
    }
  });
});
