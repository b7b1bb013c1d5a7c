import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../support/bilingual.js';
import { participantInput, participantsPath } from '../support/factories.js';
import { listActivities } from '../support/participants.js';
import {
  dinnerWithTeams,
  expectMeetOnceRoutes,
  readTeams,
  type TeamDinner,
  teamOf,
  teamsPath,
} from '../support/teams.js';
import { call, type RequestHeaders } from '../support/test-server.js';
import { useTestServer } from '../support/use-test-server.js';

// Once teams exist, every fixed pair cooks in one team. An edit that made two members of different teams a
// fixed pair left a plan that every later team change refused (409 plan_invalid): such edits are refused.

const server = useTestServer();

const TEAM_PARTNERS_FIXED = [
  409,
  'team_partner_wish_not_changeable',
  'The team partner wish can change only before the teams are made: this change would pair or separate participants who are already in a team',
  'Der Teampartner-Wunsch kann sich nur ändern, bevor die Teams eingeteilt sind: Diese Änderung würde Personen zusammenbringen oder trennen, die schon in einem Team sind',
] as const;

/** Participants 3 and 4 named each other by e-mail. */
const mutualWish = (n: number) =>
  n === 3
    ? { email: 'drei@example.org', team_partner_wish_email: 'vier@example.org' }
    : n === 4
      ? { email: 'vier@example.org', team_partner_wish_email: 'drei@example.org' }
      : {};

/** 20 participants (9 teams, 19 and 20 wait) with the mutual wish of 3 and 4. */
const teamDinner = () => dinnerWithTeams(server, 20, { overrides: mutualWish });

const emailOf = async (dinner: TeamDinner, id: string): Promise<string> =>
  (await call(server, 'GET', participantsPath(dinner.adminId, `/participant/${id}`))).json.email;

/** PUT of the participant's own form with `changes`, as the organiser's edit form sends it. */
const edit =
  (dinner: TeamDinner, id: string, changes: Record<string, unknown>) =>
  async (headers: RequestHeaders = {}) => {
    const stored = (await call(server, 'GET', participantsPath(dinner.adminId, `/participant/${id}`))).json;
    const form = Object.fromEntries(Object.keys(participantInput()).map((key) => [key, stored[key]]));
    return call(
      server,
      'PUT',
      participantsPath(dinner.adminId, `/participant/${id}`),
      { ...form, ...changes },
      headers,
    );
  };

const complete =
  (dinner: TeamDinner, participantId: string) =>
  (headers: RequestHeaders = {}) =>
    call(
      server,
      'PUT',
      participantsPath(dinner.adminId, `/participant/${participantId}/team-partner-wish`),
      undefined,
      headers,
    );

/** Members of three different teams that are not the pair's team. */
async function membersOfTeams(dinner: TeamDinner) {
  const teams = await readTeams(server, dinner.adminId);
  const pairTeam = teamOf(teams, dinner.participantIds[2]).id;
  const [a, b, c] = teams.teams.filter((t) => t.id !== pairTeam);
  return { a: a.teamMembers[0].id, b: b.teamMembers[0].id, c: c.teamMembers[0].id };
}

/** Every later team change still works: the plan was not broken. */
async function expectPlanIntact(dinner: TeamDinner) {
  const teams = await readTeams(server, dinner.adminId);
  const [x, y] = teams.teams;
  const swap = await call(server, 'PUT', teamsPath(dinner.adminId, `/teamnumbers/swap/${x.id}/${y.id}`));
  expect(swap.status, swap.text).toBe(200);
  await expectMeetOnceRoutes(server, dinner.id, 3);
}

describe('partner wishes once the teams are made', () => {
  it('refuses an edit that makes members of two teams a fixed pair (409); the plan stays intact', async () => {
    const { dinner } = await teamDinner();
    const { a, b } = await membersOfTeams(dinner);
    // A one-sided wish pairs nobody: allowed.
    const oneSided = await edit(dinner, b, { teamPartnerWishEmail: await emailOf(dinner, a) })();
    expect(oneSided.status, oneSided.text).toBe(200);
    await expectRefusal(edit(dinner, a, { teamPartnerWishEmail: await emailOf(dinner, b) }), ...TEAM_PARTNERS_FIXED);
    expect(
      (await call(server, 'GET', participantsPath(dinner.adminId, `/participant/${a}`))).json.teamPartnerWishEmail,
    ).toBeNull();
    await expectPlanIntact(dinner);
  });

  it('refuses to separate a fixed pair in a team, by the wish or by the e-mail address (409)', async () => {
    const { dinner } = await teamDinner();
    const [, , three, four] = dinner.participantIds;
    await expectRefusal(edit(dinner, three, { teamPartnerWishEmail: null }), ...TEAM_PARTNERS_FIXED);
    await expectRefusal(edit(dinner, four, { email: 'neu.vier@example.org' }), ...TEAM_PARTNERS_FIXED);
    // Anything else of them may change.
    const phone = await edit(dinner, three, { mobileNumber: '+49 170 7654321', lastname: 'Neu' })();
    expect(phone.status, phone.text).toBe(200);
    await expectPlanIntact(dinner);
  });

  it('refuses an e-mail change that gives a team member a partner (409)', async () => {
    const { dinner } = await teamDinner();
    const { a, b } = await membersOfTeams(dinner);
    expect((await edit(dinner, b, { teamPartnerWishEmail: 'bald.da@example.org' })()).status).toBe(200);
    expect((await edit(dinner, a, { teamPartnerWishEmail: await emailOf(dinner, b) })()).status).toBe(200);
    await expectRefusal(edit(dinner, a, { email: 'bald.da@example.org' }), ...TEAM_PARTNERS_FIXED);
    expect((await edit(dinner, a, { email: 'anders@example.org' })()).status).toBe(200);
    await expectPlanIntact(dinner);
  });

  it('lets waiting participants become a fixed pair, but not with a team member (409)', async () => {
    const { dinner } = await teamDinner();
    const [w1, w2] = dinner.participantIds.slice(18);
    const { a } = await membersOfTeams(dinner);
    expect((await edit(dinner, w1, { teamPartnerWishEmail: await emailOf(dinner, w2) })()).status).toBe(200);
    expect((await edit(dinner, w2, { teamPartnerWishEmail: await emailOf(dinner, w1) })()).status).toBe(200);
    expect((await edit(dinner, a, { teamPartnerWishEmail: await emailOf(dinner, w1) })()).status).toBe(200);
    await expectRefusal(edit(dinner, w1, { teamPartnerWishEmail: await emailOf(dinner, a) }), ...TEAM_PARTNERS_FIXED);
    await expectPlanIntact(dinner);
  });

  it('refuses to add a participant who would become the fixed partner of a team member (409)', async () => {
    const { dinner } = await teamDinner();
    const { a } = await membersOfTeams(dinner);
    expect((await edit(dinner, a, { teamPartnerWishEmail: 'neu@example.org' })()).status).toBe(200);
    const addNaming = (wish: string) => (headers: RequestHeaders) =>
      call(
        server,
        'POST',
        participantsPath(dinner.adminId, '/participant'),
        participantInput({ email: 'neu@example.org', teamPartnerWishEmail: wish }),
        headers,
      );
    await expectRefusal(addNaming(await emailOf(dinner, a)), ...TEAM_PARTNERS_FIXED);
    expect((await addNaming('jemand@example.org')({})).status).toBe(200);
  });

  it('refuses to complete a wish that would pair a team member (409), not one of two who wait', async () => {
    const { dinner } = await teamDinner();
    const [w1, w2] = dinner.participantIds.slice(18);
    const { a, b, c } = await membersOfTeams(dinner);
    // A team member naming one who waits, and one naming a member of another team.
    expect((await edit(dinner, a, { teamPartnerWishEmail: await emailOf(dinner, w1) })()).status).toBe(200);
    expect((await edit(dinner, b, { teamPartnerWishEmail: await emailOf(dinner, c) })()).status).toBe(200);
    await expectRefusal(complete(dinner, a), ...TEAM_PARTNERS_FIXED);
    await expectRefusal(complete(dinner, b), ...TEAM_PARTNERS_FIXED);
    // A team member's wish for someone not registered: the invited partner would pair with them.
    expect((await edit(dinner, a, { teamPartnerWishEmail: 'nicht.da@example.org' })()).status).toBe(200);
    await expectRefusal(complete(dinner, a), ...TEAM_PARTNERS_FIXED);
    expect((await listActivities(server, dinner.adminId))[0].type).toBe('TEAMS_GENERATED');

    expect((await edit(dinner, w2, { teamPartnerWishEmail: await emailOf(dinner, w1) })()).status).toBe(200);
    const waiting = await complete(dinner, w2)();
    expect(waiting.status, waiting.text).toBe(200);
    expect(waiting.json.state).toBe('EXISTS_SAME_TEAM_PARTNER_WISH');
    await expectPlanIntact(dinner);
  });
});
