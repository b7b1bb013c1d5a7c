import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DINNER_CANCELLED, expectIssues, expectRefusal, NOT_FOUND } from '../support/bilingual.js';
import { adminPath, createBody, participantsPath, publicPath, registrationForm } from '../support/factories.js';
import { addParticipant } from '../support/participants.js';
import { createPublicDinner, type PublicDinner, registeredId } from '../support/registration.js';
import { call, type RequestHeaders, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** Registers `<name>@example.org` through the public API and answers the participant's id. */
const registered = (dinner: PublicDinner, name: string, form: Record<string, unknown> = {}) =>
  registeredId(server, dinner, { email: `${name}@example.org`, firstnamePart: name, lastname: 'Muster', ...form });

const wishPath = (dinner: PublicDinner, participantId: string, states: string[] = []) =>
  participantsPath(
    dinner.adminId,
    `/participant/${participantId}/team-partner-wish${states.length ? `?${states.map((s) => `relevantState=${s}`).join('&')}` : ''}`,
  );
const getWish = (dinner: PublicDinner, participantId: string, states: string[] = [], headers: RequestHeaders = {}) =>
  call(server, 'GET', wishPath(dinner, participantId, states), undefined, headers);
const complete = (dinner: PublicDinner, participantId: string, headers: RequestHeaders = {}) =>
  call(server, 'PUT', wishPath(dinner, participantId), undefined, headers);
const wishesOf = (dinner: PublicDinner, body: unknown, headers: RequestHeaders = {}) =>
  call(server, 'PUT', participantsPath(dinner.adminId, '/participants/team-partner-wish'), body, headers);
/** Partner invitations of the event to an address: the only mails with a prefilled registration link. */
const invitationsTo = (dinner: PublicDinner, email: string) =>
  server.deps.db
    .selectFrom('message_task')
    .selectAll()
    .where('running_dinner_id', '=', dinner.id)
    .where('recipient_email', '=', email)
    .where('body_text', 'like', '%teamPartnerWishEmail=%')
    .execute();

const NOT_COMPLETABLE = [
  409,
  'team_partner_wish_not_completable',
  'There is nothing to complete: the two already wish each other, the partner wishes someone else, or there is no wish',
  'Hier gibt es nichts zu vervollständigen: Die beiden wünschen sich schon gegenseitig, der Partner wünscht sich jemand anderen, oder es gibt keinen Wunsch',
] as const;
const INVITATION_IMPOSSIBLE = [
  409,
  'partner_invitation_impossible',
  'The wished partner cannot be invited: this running dinner takes no registrations at the moment. Add the partner yourself.',
  'Der Wunschpartner kann nicht eingeladen werden: Dieses Running Dinner nimmt im Moment keine Anmeldungen an. Trage den Partner selbst ein.',
] as const;

/** One event with a participant in every wish state. */
async function dinnerWithWishes() {
  const dinner = await createPublicDinner(server);
  const ids = {
    anna: await registered(dinner, 'anna', { teamPartnerWishEmail: 'ben@example.org' }),
    ben: await registered(dinner, 'ben'),
    carl: await registered(dinner, 'carl', { teamPartnerWishEmail: 'dora@example.org' }),
    dora: await registered(dinner, 'dora', { teamPartnerWishEmail: 'carl@example.org' }),
    emil: await registered(dinner, 'emil', { teamPartnerWishEmail: 'carl@example.org' }),
    fiona: await registered(dinner, 'fiona', { teamPartnerWishEmail: 'xaver@example.org' }),
    gabi: await registered(dinner, 'gabi'),
    hans: await registered(dinner, 'hans', {
      teamPartnerWishRegistrationData: { firstnamePart: 'Ida', lastname: 'Muster' },
    }),
  };
  return { dinner, ids };
}

describe("the organiser's view of a partner wish", () => {
  it('names the state of every participant with both participants', async () => {
    const { dinner, ids } = await dinnerWithWishes();
    const expected: [string, string | null, string | null][] = [
      [ids.anna, 'EXISTS_EMPTY_TEAM_PARTNER_WISH', ids.ben],
      [ids.ben, 'NO_PARTNER_WISH_BUT_OTHER_TEAM_PARTNER_WISHES', ids.anna],
      [ids.carl, 'EXISTS_SAME_TEAM_PARTNER_WISH', ids.dora],
      [ids.dora, 'EXISTS_SAME_TEAM_PARTNER_WISH', ids.carl],
      [ids.emil, 'EXISTS_OTHER_TEAM_PARTNER_WISH', ids.carl],
      [ids.fiona, 'NOT_EXISTING', null],
    ];
    for (const [id, state, partnerId] of expected) {
      const res = await getWish(dinner, id);
      expect(res.status).toBe(200);
      expect({
        state: res.json.state,
        participant: res.json.participant.id,
        partner: res.json.partner?.id ?? null,
      }).toEqual({ state, participant: id, partner: partnerId });
    }
    const anna = (await getWish(dinner, ids.anna)).json;
    expect(anna.participant).toMatchObject({
      firstnamePart: 'anna',
      email: 'anna@example.org',
      teamPartnerWishEmail: 'ben@example.org',
      activated: false,
      participantNumber: 1,
    });
    expect(anna.partner).toMatchObject({
      firstnamePart: 'ben',
      email: 'ben@example.org',
      teamPartnerWishEmail: null,
      participantNumber: 2,
    });
    for (const id of [ids.gabi, ids.hans]) {
      const res = await getWish(dinner, id);
      expect(res.status).toBe(200);
      expect(res.json).toBeNull();
    }
  });

  it('answers null when the state is not among the relevant ones', async () => {
    const { dinner, ids } = await dinnerWithWishes();
    expect((await getWish(dinner, ids.anna, ['NOT_EXISTING'])).json).toBeNull();
    expect((await getWish(dinner, ids.anna, ['NOT_EXISTING', 'EXISTS_EMPTY_TEAM_PARTNER_WISH'])).json.state).toBe(
      'EXISTS_EMPTY_TEAM_PARTNER_WISH',
    );
    expect((await getWish(dinner, ids.fiona, ['NOT_EXISTING'])).json.state).toBe('NOT_EXISTING');
  });

  it('refuses an unknown state, and is not found for an unknown participant or event', async () => {
    const { dinner, ids } = await dinnerWithWishes();
    await expectIssues(
      (headers) => getWish(dinner, ids.anna, ['NOT_EXISTING', 'SOMETHING'], headers),
      [{ field: 'relevantState', en: 'Invalid value', de: 'Ungültiger Wert' }],
    );
    const other = await createPublicDinner(server);
    const stranger = await registered(other, 'anna');
    for (const id of [crypto.randomUUID(), 'abc', stranger])
      await expectRefusal((headers) => getWish(dinner, id, [], headers), ...NOT_FOUND);
    await expectRefusal(
      (headers) => getWish({ ...dinner, adminId: crypto.randomUUID() }, ids.anna, [], headers),
      ...NOT_FOUND,
    );
    await expectRefusal(
      (headers) => getWish({ ...dinner, adminId: dinner.publicDinnerId }, ids.anna, [], headers),
      ...NOT_FOUND,
    );
  });
});

describe('completing a partner wish', () => {
  it('gives a registered partner without a wish the participant as theirs: a fixed pair', async () => {
    const { dinner, ids } = await dinnerWithWishes();
    const res = await complete(dinner, ids.anna);
    expect(res.status).toBe(200);
    expect(res.json.state).toBe('EXISTS_SAME_TEAM_PARTNER_WISH');
    expect(res.json.participant.id).toBe(ids.anna);
    expect(res.json.partner).toMatchObject({ id: ids.ben, teamPartnerWishEmail: 'anna@example.org' });
    expect((await getWish(dinner, ids.ben)).json.state).toBe('EXISTS_SAME_TEAM_PARTNER_WISH');
    expect(await invitationsTo(dinner, 'ben@example.org')).toEqual([]);
  });

  it('invites a partner who is not registered yet', async () => {
    const { dinner, ids } = await dinnerWithWishes();
    const res = await complete(dinner, ids.fiona);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ state: 'NOT_EXISTING', participant: { id: ids.fiona }, partner: null });
    const [invitation] = await invitationsTo(dinner, 'xaver@example.org');
    expect(invitation.subject).toBe(
      'Invitation to cook as a team at the running dinner "Running Dinner in der Wiehre"',
    );
    expect(invitation.body_text).toContain(
      `/running-dinner-events/${dinner.publicDinnerId}?email=xaver%40example.org&teamPartnerWishEmail=fiona%40example.org`,
    );
    expect((await complete(dinner, ids.fiona)).status).toBe(200);
    expect(await invitationsTo(dinner, 'xaver@example.org')).toHaveLength(2);
  });

  it('refuses a wish that is mutual, names someone else or someone registered with a partner, or does not exist', async () => {
    const { dinner, ids } = await dinnerWithWishes();
    const jana = await registered(dinner, 'jana', { teamPartnerWishEmail: 'hans@example.org' });
    // Added by the organiser without an e-mail: ben would get an empty wish.
    const withoutEmail = (
      await addParticipant(server, dinner.adminId, {
        email: '',
        lastname: 'Ohnemail',
        teamPartnerWishEmail: 'ben@example.org',
      })
    ).id;
    for (const id of [ids.carl, ids.emil, ids.ben, ids.gabi, ids.hans, jana, withoutEmail]) {
      await expectRefusal((headers) => complete(dinner, id, headers), ...NOT_COMPLETABLE);
    }
    const rows = await server.deps.db
      .selectFrom('participant')
      .select(['id', 'team_partner_wish_email'])
      .where('running_dinner_id', '=', dinner.id)
      .execute();
    expect(rows.find((r) => r.id === ids.ben)!.team_partner_wish_email).toBeNull();
    expect(rows.find((r) => r.id === ids.gabi)!.team_partner_wish_email).toBeNull();
    expect(rows.find((r) => r.id === ids.hans)!.team_partner_wish_email).toBeNull();
  });

  it('cannot invite when the event takes no registrations', async () => {
    const { dinner, ids } = await dinnerWithWishes();
    await call(server, 'PUT', adminPath(dinner.adminId, '/publicsettings/registration/false'));
    await expectRefusal((headers) => complete(dinner, ids.fiona, headers), ...INVITATION_IMPOSSIBLE);
    await call(server, 'PUT', adminPath(dinner.adminId, '/publicsettings/registration/true'));
    const closed = await call(server, 'PUT', adminPath(dinner.adminId, '/basicsettings'), {
      basicDetails: { ...createBody().basicDetails, registrationType: 'CLOSED' },
    });
    expect(closed.status).toBe(200);
    await expectRefusal((headers) => complete(dinner, ids.fiona, headers), ...INVITATION_IMPOSSIBLE);
    expect(await invitationsTo(dinner, 'xaver@example.org')).toEqual([]);
  });

  it('is not found for an unknown participant or event', async () => {
    const { dinner } = await dinnerWithWishes();
    for (const id of [crypto.randomUUID(), 'abc'])
      await expectRefusal((headers) => complete(dinner, id, headers), ...NOT_FOUND);
    await expectRefusal(
      (headers) => complete({ ...dinner, adminId: crypto.randomUUID() }, crypto.randomUUID(), headers),
      ...NOT_FOUND,
    );
  });

  it('is refused once the event is cancelled', async () => {
    const { dinner, ids } = await dinnerWithWishes();
    await call(server, 'DELETE', adminPath(dinner.adminId));
    await expectRefusal((headers) => complete(dinner, ids.anna, headers), ...DINNER_CANCELLED);
    expect((await getWish(dinner, ids.anna)).json.state).toBe('EXISTS_EMPTY_TEAM_PARTNER_WISH');
  });
});

describe("the wishes of chosen participants (the spec's selected entities)", () => {
  it('answers the wish of each chosen participant who has one, in the order asked', async () => {
    const { dinner, ids } = await dinnerWithWishes();
    const res = await wishesOf(dinner, {
      entityIds: [ids.carl, ids.gabi, ids.anna, ids.fiona],
      adminId: dinner.adminId,
    });
    expect(res.status).toBe(200);
    expect(
      res.json.map((item: { state: string; subscribedParticipant: { id: string }; partner: { id: string } | null }) => [
        item.subscribedParticipant.id,
        item.state,
        item.partner?.id ?? null,
      ]),
    ).toEqual([
      [ids.carl, 'EXISTS_SAME_TEAM_PARTNER_WISH', ids.dora],
      [ids.anna, 'EXISTS_EMPTY_TEAM_PARTNER_WISH', ids.ben],
      [ids.fiona, 'NOT_EXISTING', null],
    ]);
    expect(res.json[1].subscribedParticipant).toMatchObject({ email: 'anna@example.org' });
    expect((await wishesOf(dinner, { entityIds: [], adminId: dinner.adminId })).json).toEqual([]);
    // Asking changes nothing: anna's wish is still one-sided.
    expect((await getWish(dinner, ids.anna)).json.state).toBe('EXISTS_EMPTY_TEAM_PARTNER_WISH');
  });

  it("refuses a malformed body or another event's admin id, and is not found for an unknown participant", async () => {
    const { dinner, ids } = await dinnerWithWishes();
    await expectIssues(
      (headers) => wishesOf(dinner, {}, headers),
      [
        { field: 'entityIds', en: 'Required field', de: 'Pflichtfeld' },
        { field: 'adminId', en: 'Required field', de: 'Pflichtfeld' },
      ],
    );
    await expectIssues(
      (headers) => wishesOf(dinner, { entityIds: ['abc'], adminId: dinner.adminId, x: 1 }, headers),
      [
        { field: 'entityIds.0', en: 'Invalid value', de: 'Ungültiger Wert' },
        { field: 'x', en: 'Unknown field', de: 'Unbekanntes Feld' },
      ],
    );
    await expectIssues(
      (headers) => wishesOf(dinner, { entityIds: [ids.anna], adminId: crypto.randomUUID() }, headers),
      [{ field: 'adminId', en: 'Invalid value', de: 'Ungültiger Wert' }],
    );
    await expectRefusal(
      (headers) => wishesOf(dinner, { entityIds: [ids.anna, crypto.randomUUID()], adminId: dinner.adminId }, headers),
      ...NOT_FOUND,
    );
  });
});

describe('the registration summary of a wish by e-mail', () => {
  const standing = async (dinner: PublicDinner, email: string, teamPartnerWishEmail: string) => {
    const form = registrationForm({ email, teamPartnerWishEmail });
    const res = await call(server, 'POST', publicPath(dinner.publicDinnerId, '/register/validate'), form);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.teamPartnerWishStanding;
  };

  it('tells an invited partner they join the team of who named them, and invites only who is not registered', async () => {
    const { dinner } = await dinnerWithWishes();
    // fiona named xaver, who follows the invitation: fiona is registered and names him.
    expect(await standing(dinner, 'xaver@example.org', 'fiona@example.org')).toBe('NAMES_YOU');
    // ben is registered without a wish, carl wishes dora: neither is invited, neither a team by this wish alone.
    expect(await standing(dinner, 'yvonne@example.org', 'ben@example.org')).toBe('REGISTERED');
    expect(await standing(dinner, 'yvonne@example.org', 'carl@example.org')).toBe('REGISTERED');
    expect(await standing(dinner, 'yvonne@example.org', 'zora@example.org')).toBe('INVITED');
    expect(await standing(dinner, 'yvonne@example.org', '')).toBeNull();
  });
});
