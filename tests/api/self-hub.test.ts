import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal, NOT_FOUND } from '../support/bilingual.js';
import {
  adminPath,
  createBody,
  inDays,
  participantsPath,
  registrationForm,
  withDeadline,
} from '../support/factories.js';
import { insertRegistered, insertTeam } from '../support/participants.js';
import { activate, createPublicDinner, type PublicDinner, registeredId } from '../support/registration.js';
import {
  call,
  daysLater,
  GERMAN,
  type RequestHeaders,
  startTestServer,
  type TestServer,
} from '../support/test-server.js';

// The personal link is the participant's home: their registration and partner wish, then their own team. A wish
// for someone not registered invites them as the registration form does, or says why it cannot.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const home = (dinner: PublicDinner, participantId: string) =>
  call(server, 'GET', `/self/v1/${dinner.selfAdminId}/${participantId}/sessiondata`);
const changeWish = (dinner: PublicDinner, participantId: string, email: string, headers: RequestHeaders = {}) =>
  call(
    server,
    'PUT',
    `/self/v1/${dinner.selfAdminId}/${participantId}/teampartnerwish?email=${encodeURIComponent(email)}`,
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
const mailsTo = async (dinner: PublicDinner, email: string) =>
  (
    await server.deps.db
      .selectFrom('message_task')
      .select('subject')
      .where('running_dinner_id', '=', dinner.id)
      .where('recipient_email', '=', email)
      .execute()
  ).map((m) => m.subject);
const INVITATION = 'Invitation to cook as a team at the running dinner "Running Dinner in der Wiehre"';

/** A participant who registered with the public form and confirmed by the mailed link. */
async function confirmedId(dinner: PublicDinner, form: Record<string, unknown> = {}) {
  const id = await registeredId(server, dinner, form);
  expect((await activate(server, dinner, id)).status).toBe(200);
  return id;
}

/** Puts the participants into team `teamNumber` at the first meal, hosted by the first. */
async function teamOf(dinner: PublicDinner, teamNumber: number, memberIds: string[]) {
  const teamId = await insertTeam(server, dinner.id);
  await server.deps.db
    .updateTable('team')
    .set({ team_number: teamNumber, host_participant_id: memberIds[0] })
    .where('id', '=', teamId)
    .execute();
  await server.deps.db.updateTable('participant').set({ team_id: teamId }).where('id', 'in', memberIds).execute();
  return teamId;
}

describe('the personal page', () => {
  it('shows the registration as registered and the wish before the teams are made', async () => {
    const dinner = await createPublicDinner(server);
    const jonas = await registeredId(server, dinner, {
      teamPartnerWishEmail: 'mia@example.org',
      vegetarian: true,
      mealSpecificsNote: 'Keine Nüsse',
    });
    const res = await home(dinner, jonas);
    expect(res.status, res.text).toBe(200);
    const { mobileNumber, street, streetNr, zip, cityName, addressRemarks, numSeats } = registrationForm();
    expect(res.json.participant).toEqual({
      firstnamePart: 'Jonas',
      lastname: 'Weiß',
      email: 'jonas.weiss@example.org',
      teamPartnerWishEmail: 'mia@example.org',
    });
    expect(res.json.registration).toEqual({
      mobileNumber,
      street,
      streetNr,
      zip,
      cityName,
      addressRemarks,
      numSeats,
      vegetarian: true,
      vegan: false,
      lactose: false,
      gluten: false,
      mealSpecificsNote: 'Keine Nüsse',
      activated: false,
    });
    expect(res.json).toMatchObject({ teamsExist: false, team: null, teamPartnerWishChangeable: true });
  });

  it('shows the own team once the teams are made, and no other', async () => {
    const dinner = await createPublicDinner(server);
    const anna = await insertRegistered(server, dinner.adminId, {
      firstnamePart: 'Anna',
      lastname: 'Schäfer',
      email: 'anna@example.org',
    });
    const ben = await insertRegistered(server, dinner.adminId, {
      firstnamePart: 'Ben',
      lastname: 'Öztürk',
      email: 'ben@example.org',
    });
    const carla = await insertRegistered(server, dinner.adminId, { email: 'carla@example.org' });
    const dora = await insertRegistered(server, dinner.adminId, { email: 'dora@example.org' });
    // insertTeam numbers every team 1: the other team moves on to 2 first.
    const otherTeamId = await teamOf(dinner, 2, [carla.id!]);
    const teamId = await teamOf(dinner, 1, [anna.id!, ben.id!]);

    // Made but not told: the organiser may still change them, so the page shows no team and no partner.
    const before = await home(dinner, ben.id!);
    expect(before.json).toMatchObject({ teamsExist: true, shown: { team: false, route: false }, team: null });
    expect(before.text).not.toContain('Anna');
    expect(before.text).not.toContain(teamId);
    expect((await home(dinner, dora.id!)).json).toMatchObject({ team: null, onWaitingList: false });

    const published = await call(server, 'PUT', `/teamservice/v1/runningdinner/${dinner.adminId}/published`, {
      teams: true,
      routes: false,
    });
    expect(published.json).toEqual({ teams: true, routes: false });
    const res = await home(dinner, ben.id!);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      teamsExist: true,
      teamPartnerWishChangeable: false,
      team: {
        teamId,
        teamNumber: 1,
        status: 'OK',
        meal: { label: 'Vorspeise', time: `${createBody().basicDetails.date}T19:00` },
        hostTeamMemberId: anna.id,
        hostChangeable: true,
        teamMembers: [
          { id: anna.id, firstnamePart: 'Anna', lastname: 'Schäfer', isSelf: false },
          { id: ben.id, firstnamePart: 'Ben', lastname: 'Öztürk', isSelf: true },
        ],
      },
    });
    // Nothing of the other team or of participants outside the own team.
    for (const secret of [otherTeamId, carla.id!, dora.id!, 'carla@example.org'])
      expect(res.text).not.toContain(secret);

    // Someone without a team waits: the teams exist, the page has none to show.
    expect((await home(dinner, dora.id!)).json).toMatchObject({ teamsExist: true, team: null, onWaitingList: true });
  });
});

describe('a wish for someone not registered', () => {
  it('is stored and invites them by mail, once', async () => {
    const dinner = await createPublicDinner(server);
    const jonas = await confirmedId(dinner);
    const res = await changeWish(dinner, jonas, 'Nina.Neu@example.org');
    expect(res.status, res.text).toBe(200);
    expect(res.json.participant.teamPartnerWishEmail).toBe('nina.neu@example.org');
    expect(res.json.teamPartner).toBeNull();
    expect(await wishOf(jonas)).toBe('nina.neu@example.org');
    expect(await mailsTo(dinner, 'nina.neu@example.org')).toEqual([INVITATION]);
    // Saving the same wish again sends nothing more.
    expect((await changeWish(dinner, jonas, 'nina.neu@example.org')).status).toBe(200);
    expect(await mailsTo(dinner, 'nina.neu@example.org')).toHaveLength(1);
  });

  it('of an unconfirmed registration invites them on its confirmation, as the form does', async () => {
    const dinner = await createPublicDinner(server);
    const jonas = await registeredId(server, dinner);
    expect((await changeWish(dinner, jonas, 'nina@example.org')).status).toBe(200);
    expect(await wishOf(jonas)).toBe('nina@example.org');
    expect(await mailsTo(dinner, 'nina@example.org')).toEqual([]);
    await activate(server, dinner, jonas);
    expect(await mailsTo(dinner, 'nina@example.org')).toEqual([INVITATION]);
  });

  it('is refused with 429 before anything is stored once the address had its mails this hour', async () => {
    const limited = await startTestServer({ env: { MAILS_PER_RECIPIENT_PER_HOUR: '1' } });
    try {
      const dinner = await createPublicDinner(limited);
      const jonas = await registeredId(limited, dinner);
      expect((await activate(limited, dinner, jonas)).status).toBe(200);
      const send = (email: string) =>
        call(limited, 'PUT', `/self/v1/${dinner.selfAdminId}/${jonas}/teampartnerwish?email=${email}`);
      expect((await send('nina@example.org')).status).toBe(200);
      expect((await send('other@example.org')).status).toBe(200);
      const res = await send('nina@example.org');
      expect(res.status).toBe(429);
      expect(res.json.code).toBe('too_many_mails_to_recipient');
      const row = await limited.deps.db
        .selectFrom('participant')
        .select('team_partner_wish_email')
        .where('id', '=', jonas)
        .executeTakeFirstOrThrow();
      expect(row.team_partner_wish_email).toBe('other@example.org');
    } finally {
      await limited.stop();
    }
  });
});

describe('a refused wish says why', () => {
  it('the teams are already made', async () => {
    const dinner = await createPublicDinner(server);
    const jonas = await confirmedId(dinner, { teamPartnerWishEmail: 'alt@example.org' });
    await registeredId(server, dinner, { email: 'mia@example.org' });
    await insertTeam(server, dinner.id);
    for (const email of ['mia@example.org', 'nina@example.org', '']) {
      await expectRefusal(
        (headers) => changeWish(dinner, jonas, email, headers),
        409,
        'team_partner_wish_teams_made',
        'The teams have already been made, so your team partner wish can no longer be changed. If something is wrong, please contact the organiser.',
        'Die Teams sind schon eingeteilt, deshalb kannst du deinen Teampartner-Wunsch nicht mehr ändern. Wenn etwas nicht stimmt, wende dich bitte an den Veranstalter.',
      );
    }
    expect(await wishOf(jonas)).toBe('alt@example.org');
  });

  it('the registration deadline has passed: a registered partner can still be named', async () => {
    const dinner = await createPublicDinner(server, withDeadline(createBody({ date: inDays(10) }), inDays(1)));
    const jonas = await confirmedId(dinner);
    await registeredId(server, dinner, { email: 'mia@example.org' });
    await daysLater(server, 2, async () => {
      await expectRefusal(
        (headers) => changeWish(dinner, jonas, 'nina@example.org', headers),
        409,
        'team_partner_registration_deadline_passed',
        'nina@example.org is not registered for this running dinner, and the registration deadline has passed, so we cannot invite them. Name someone who is registered, or ask the organiser.',
        'nina@example.org ist für dieses Running Dinner nicht angemeldet, und der Anmeldeschluss ist vorbei, deshalb können wir niemanden mehr einladen. Nenn jemanden, der schon angemeldet ist, oder frag den Veranstalter.',
      );
      expect(await wishOf(jonas)).toBeNull();
      expect((await changeWish(dinner, jonas, 'mia@example.org')).status).toBe(200);
    });
    expect(await mailsTo(dinner, 'nina@example.org')).toEqual([]);
  });

  it('the event takes no registrations at the moment', async () => {
    const dinner = await createPublicDinner(server);
    const jonas = await confirmedId(dinner);
    await call(server, 'PUT', adminPath(dinner.adminId, '/publicsettings/registration/false'));
    await expectRefusal(
      (headers) => changeWish(dinner, jonas, 'nina@example.org', headers),
      409,
      'team_partner_registration_deactivated',
      'nina@example.org is not registered for this running dinner, and it takes no registrations at the moment, so we cannot invite them. Name someone who is registered, or ask the organiser.',
      'nina@example.org ist für dieses Running Dinner nicht angemeldet, und gerade nimmt es keine Anmeldungen an, deshalb können wir niemanden einladen. Nenn jemanden, der schon angemeldet ist, oder frag den Veranstalter.',
    );
    expect(await wishOf(jonas)).toBeNull();
    expect(await mailsTo(dinner, 'nina@example.org')).toEqual([]);
  });

  it('only the organiser adds participants to a closed event', async () => {
    const dinner = await createPublicDinner(server, createBody({ registrationType: 'CLOSED' }));
    const jonas = await insertRegistered(server, dinner.adminId);
    await expectRefusal(
      (headers) => changeWish(dinner, jonas.id!, 'nina@example.org', headers),
      409,
      'team_partner_registration_closed',
      'nina@example.org is not registered for this running dinner, and only the organiser adds participants to it. Please ask the organiser to add your team partner.',
      'nina@example.org ist für dieses Running Dinner nicht angemeldet, und hier trägt nur der Veranstalter Teilnehmende ein. Bitte frag den Veranstalter, ob er deinen Teampartner einträgt.',
    );
    expect(await wishOf(jonas.id!)).toBeNull();
    expect(await mailsTo(dinner, 'nina@example.org')).toEqual([]);
  });
});

describe("the organiser's copy of the personal link", () => {
  const personalLink = (adminId: string, participantId: string, headers: RequestHeaders = {}) =>
    call(server, 'GET', participantsPath(adminId, `/participant/${participantId}/personallink`), undefined, headers);

  it("is the link of the mails, and not found for another event's participant or an unknown one", async () => {
    const dinner = await createPublicDinner(server);
    const other = await createPublicDinner(server);
    const jonas = await registeredId(server, dinner);
    const stranger = await registeredId(server, other);
    const res = await personalLink(dinner.adminId, jonas);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ url: `${server.baseUrl}/self/${dinner.selfAdminId}/teampartnerwish/${jonas}` });
    expect(res.headers.get('cache-control')).toBe('no-store');
    for (const participantId of [stranger, crypto.randomUUID(), 'abc']) {
      await expectRefusal((headers) => personalLink(dinner.adminId, participantId, headers), ...NOT_FOUND);
    }
    expect((await personalLink(crypto.randomUUID(), stranger, GERMAN)).status).toBe(404);
  });
});
