import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DINNER_CANCELLED,
  DINNER_DATE_PASSED,
  expectIssues,
  expectRefusal,
  SELF_LINK_INVALID,
} from '../support/bilingual.js';
import { adminPath, createBody, withOptions } from '../support/factories.js';
import { insertTeam } from '../support/participants.js';
import { createPublicDinner, registeredId } from '../support/registration.js';
import { call, daysLater, type RequestHeaders, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const sessionData = (selfAdminId: string, participantId: string, headers: RequestHeaders = {}) =>
  call(server, 'GET', `/self/v1/${selfAdminId}/${participantId}/sessiondata`, undefined, headers);
const changeWish = (
  selfAdminId: string,
  participantId: string,
  email: string | undefined,
  headers: RequestHeaders = {},
) =>
  call(
    server,
    'PUT',
    `/self/v1/${selfAdminId}/${participantId}/teampartnerwish${email === undefined ? '' : `?email=${encodeURIComponent(email)}`}`,
    undefined,
    headers,
  );
const wishOf = async (participantId: string) =>
  (
    await server.deps.db
      .selectFrom('participant')
      .select('team_partner_wish_email')
      .where('id', '=', participantId)
      .executeTakeFirstOrThrow()
  ).team_partner_wish_email;

const TEAMS_MADE = [
  409,
  'team_partner_wish_teams_made',
  'The teams have already been made, so your team partner wish can no longer be changed. If something is wrong, please contact the organiser.',
  'Die Teams sind schon eingeteilt, deshalb kannst du deinen Teampartner-Wunsch nicht mehr ändern. Wenn etwas nicht stimmt, wende dich bitte an den Veranstalter.',
] as const;

describe('the personal link', () => {
  it('shows the event, the participant and the wish', async () => {
    const dinner = await createPublicDinner(server);
    const jonas = await registeredId(server, dinner, { teamPartnerWishEmail: 'mia@example.org', languageCode: 'en' });
    const res = await sessionData(dinner.selfAdminId, jonas);
    expect(res.status).toBe(200);
    const date = createBody().basicDetails.date;
    expect(res.json).toEqual({
      languageCode: 'en',
      title: 'Running Dinner in der Wiehre',
      date,
      city: 'Freiburg',
      cancellation: null,
      meals: [
        { label: 'Vorspeise', time: `${date}T19:00` },
        { label: 'Hauptgericht', time: `${date}T21:00` },
        { label: 'Nachspeise', time: `${date}T23:00` },
      ],
      participant: {
        firstnamePart: 'Jonas',
        lastname: 'Weiß',
        email: 'jonas.weiss@example.org',
        teamPartnerWishEmail: 'mia@example.org',
      },
      registration: expect.objectContaining({ numSeats: 6, activated: false }),
      teamPartnerWishDisabled: false,
      teamPartnerWishChangeable: true,
      teamPartner: null,
      teamsExist: false,
      shown: { team: false, route: false },
      team: null,
      onWaitingList: false,
      mailsExpected: { teams: null, routes: null },
      withdrawnAt: null,
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('says whether the wished partner is registered and names them only once the wish is mutual', async () => {
    const dinner = await createPublicDinner(server);
    const jonas = await registeredId(server, dinner, { teamPartnerWishEmail: 'mia@example.org' });
    const mia = await registeredId(server, dinner, {
      email: 'mia@example.org',
      firstnamePart: 'Mia',
      lastname: 'Roth',
    });
    // A one-sided wish must not tell who registered under the address.
    expect((await sessionData(dinner.selfAdminId, jonas)).json.teamPartner).toEqual({ mutual: false });
    expect((await sessionData(dinner.selfAdminId, mia)).json.teamPartner).toBeNull();

    const res = await changeWish(dinner.selfAdminId, mia, 'Jonas.Weiss@example.org ');
    expect(res.status).toBe(200);
    expect(res.json.participant.teamPartnerWishEmail).toBe('jonas.weiss@example.org');
    expect(res.json.teamPartner).toEqual({ firstnamePart: 'Jonas', lastname: 'Weiß', mutual: true });
    expect((await sessionData(dinner.selfAdminId, jonas)).json.teamPartner).toEqual({
      firstnamePart: 'Mia',
      lastname: 'Roth',
      mutual: true,
    });
  });

  it('clears the wish with an empty address', async () => {
    const dinner = await createPublicDinner(server);
    const jonas = await registeredId(server, dinner, { teamPartnerWishEmail: 'mia@example.org' });
    const res = await changeWish(dinner.selfAdminId, jonas, '');
    expect(res.status).toBe(200);
    expect(res.json.participant.teamPartnerWishEmail).toBeNull();
    expect(await wishOf(jonas)).toBeNull();
  });

  it('shows the partner registered together as a fixed team that cannot be changed', async () => {
    const dinner = await createPublicDinner(server);
    const jonas = await registeredId(server, dinner, {
      teamPartnerWishRegistrationData: { firstnamePart: 'Mia', lastname: 'Roth' },
    });
    await registeredId(server, dinner, { email: 'andere@example.org' });
    const res = await sessionData(dinner.selfAdminId, jonas);
    expect(res.json).toMatchObject({
      teamPartnerWishChangeable: false,
      teamPartner: { firstnamePart: 'Mia', lastname: 'Roth', mutual: true },
    });
    await expectRefusal(
      (headers) => changeWish(dinner.selfAdminId, jonas, 'andere@example.org', headers),
      409,
      'team_partner_registered_together',
      'You registered together with your team partner, so your team is already fixed',
      'Du hast deinen Teampartner gleich mit angemeldet, euer Team steht also schon fest',
    );
    expect(await wishOf(jonas)).toBeNull();
  });

  it('is invalid with a wrong, malformed or foreign id, in German and English', async () => {
    const dinner = await createPublicDinner(server);
    const other = await createPublicDinner(server);
    const jonas = await registeredId(server, dinner);
    const stranger = await registeredId(server, other);
    const wrongPairs: [string, string][] = [
      [dinner.selfAdminId, stranger],
      [other.selfAdminId, jonas],
      [crypto.randomUUID(), jonas],
      [dinner.selfAdminId, crypto.randomUUID()],
      [dinner.adminId, jonas],
      [dinner.publicDinnerId, jonas],
      ['abc', jonas],
      [dinner.selfAdminId, 'abc'],
    ];
    for (const [selfAdminId, participantId] of wrongPairs) {
      await expectRefusal((headers) => sessionData(selfAdminId, participantId, headers), ...SELF_LINK_INVALID);
      await expectRefusal(
        (headers) => changeWish(selfAdminId, participantId, 'x@example.org', headers),
        ...SELF_LINK_INVALID,
      );
      await expectRefusal((headers) => changeWish(selfAdminId, participantId, 'kaputt', headers), ...SELF_LINK_INVALID);
    }
  });

  it('is outdated once the participant or the event is deleted', async () => {
    const dinner = await createPublicDinner(server);
    const jonas = await registeredId(server, dinner);
    await server.deps.db.deleteFrom('participant').where('id', '=', jonas).execute();
    await expectRefusal((headers) => sessionData(dinner.selfAdminId, jonas, headers), ...SELF_LINK_INVALID);
    const gone = await createPublicDinner(server);
    const mia = await registeredId(server, gone);
    await server.deps.db.deleteFrom('running_dinner').where('id', '=', gone.id).execute();
    await expectRefusal((headers) => sessionData(gone.selfAdminId, mia, headers), ...SELF_LINK_INVALID);
  });
});

describe('changing the wish by the personal link', () => {
  it('takes a partner registered for another event only as not registered yet', async () => {
    const dinner = await createPublicDinner(server);
    const other = await createPublicDinner(server);
    const jonas = await registeredId(server, dinner, { teamPartnerWishEmail: 'alt@example.org' });
    await registeredId(server, other, { email: 'mia@example.org' });
    const res = await changeWish(dinner.selfAdminId, jonas, 'mia@example.org');
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ participant: { teamPartnerWishEmail: 'mia@example.org' }, teamPartner: null });
    expect(await wishOf(jonas)).toBe('mia@example.org');
  });

  it('is refused once teams exist, and the session says so', async () => {
    const dinner = await createPublicDinner(server);
    const jonas = await registeredId(server, dinner);
    await registeredId(server, dinner, { email: 'mia@example.org' });
    await insertTeam(server, dinner.id);
    expect((await sessionData(dinner.selfAdminId, jonas)).json.teamPartnerWishChangeable).toBe(false);
    await expectRefusal((headers) => changeWish(dinner.selfAdminId, jonas, 'mia@example.org', headers), ...TEAMS_MADE);
    await expectRefusal((headers) => changeWish(dinner.selfAdminId, jonas, '', headers), ...TEAMS_MADE);
    expect(await wishOf(jonas)).toBeNull();
  });

  it('refuses the own address and an invalid or missing one', async () => {
    const dinner = await createPublicDinner(server);
    const jonas = await registeredId(server, dinner);
    await expectIssues(
      (headers) => changeWish(dinner.selfAdminId, jonas, 'JONAS.weiss@example.org', headers),
      [
        {
          field: 'email',
          en: 'You cannot enter yourself as your wished team partner',
          de: 'Du kannst dich nicht selbst als Wunschpartner eintragen',
        },
      ],
    );
    await expectIssues(
      (headers) => changeWish(dinner.selfAdminId, jonas, 'kein-mail', headers),
      [{ field: 'email', en: 'Invalid e-mail address', de: 'Ungültige E-Mail-Adresse' }],
    );
    await expectIssues(
      (headers) => changeWish(dinner.selfAdminId, jonas, undefined, headers),
      [{ field: 'email', en: 'Required field', de: 'Pflichtfeld' }],
    );
    await expectIssues(
      (headers) => changeWish(dinner.selfAdminId, jonas, `${'a'.repeat(250)}@example.org`, headers),
      [{ field: 'email', en: 'Maximum number of characters exceeded', de: 'Max. Zeichenanzahl überschritten' }],
    );
    expect(await wishOf(jonas)).toBeNull();
  });

  it('is refused when the event takes no partner wishes', async () => {
    const dinner = await createPublicDinner(server, withOptions({ teamPartnerWishDisabled: true }));
    const jonas = await registeredId(server, dinner);
    await registeredId(server, dinner, { email: 'mia@example.org' });
    expect((await sessionData(dinner.selfAdminId, jonas)).json).toMatchObject({
      teamPartnerWishDisabled: true,
      teamPartnerWishChangeable: false,
    });
    await expectRefusal(
      (headers) => changeWish(dinner.selfAdminId, jonas, 'mia@example.org', headers),
      409,
      'team_partner_wish_disabled',
      'This running dinner takes no team partner wishes',
      'Dieses Running Dinner nimmt keine Teampartner-Wünsche an',
    );
  });

  it('is refused when the event was cancelled or has taken place', async () => {
    const dinner = await createPublicDinner(server);
    const jonas = await registeredId(server, dinner);
    await registeredId(server, dinner, { email: 'mia@example.org' });
    await daysLater(server, 40, async () => {
      expect((await sessionData(dinner.selfAdminId, jonas)).json.teamPartnerWishChangeable).toBe(false);
      await expectRefusal(
        (headers) => changeWish(dinner.selfAdminId, jonas, 'mia@example.org', headers),
        ...DINNER_DATE_PASSED,
      );
    });
    await call(server, 'DELETE', adminPath(dinner.adminId));
    await expectRefusal(
      (headers) => changeWish(dinner.selfAdminId, jonas, 'mia@example.org', headers),
      ...DINNER_CANCELLED,
    );
    expect(await wishOf(jonas)).toBeNull();
  });
});
