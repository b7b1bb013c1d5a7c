import { describe, expect, it } from 'vitest';
import type { TeamsResponse, WaitingListChangeResult } from '../../contract/teams.js';
import type { WaitingList } from '../../contract/waiting-list.js';
import { expectIssues, expectRefusal, NOT_FOUND } from '../support/bilingual.js';
import { listActivities } from '../support/participants.js';
import {
  dinnerWithParticipants,
  dinnerWithTeams,
  expectMeetOnceRoutes,
  insertParticipants,
  insertSentMailing,
  memberIdsOf,
  NOT_PUBLISHED,
  readTeams,
  type TeamDinner,
  teamNumbered,
  teamsPath,
  waitingListPath,
} from '../support/teams.js';
import { call } from '../support/test-server.js';
import { useTestServer } from '../support/use-test-server.js';

const server = useTestServer();

const readWaitingList = async (dinner: TeamDinner): Promise<WaitingList> =>
  (await call(server, 'GET', waitingListPath(dinner.adminId))).json;
const assign =
  (dinner: TeamDinner, teamParticipantsAssignments: { teamId: string; participantIds: string[] }[]) =>
  (headers: Record<string, string> = {}) =>
    call(
      server,
      'PUT',
      waitingListPath(dinner.adminId, '/assign-participants-teams'),
      { teamParticipantsAssignments },
      headers,
    );
const generateNew =
  (dinner: TeamDinner, participants: string[]) =>
  (headers: Record<string, string> = {}) =>
    call(server, 'PUT', waitingListPath(dinner.adminId, '/generate-new-teams'), { participants }, headers);

/** 22 confirmed participants: 9 teams and 4 waiting (19–22). */
async function dinnerWithWaitingList(): Promise<{ dinner: TeamDinner; teams: TeamsResponse; waiting: string[] }> {
  const { dinner, teams } = await dinnerWithTeams(server, 22);
  return { dinner, teams, waiting: dinner.participantIds.slice(18) };
}

/** A team that lost one member (the member cancelled). */
async function teamMissingAMember(dinner: TeamDinner, teams: TeamsResponse) {
  const team = teams.teams[2];
  await call(server, 'PUT', teamsPath(dinner.adminId, `/team/${team.id}/${team.teamMembers[0].id}/cancel`));
  return { ...team, teamMembers: team.teamMembers.slice(1) };
}

describe('the waiting list', () => {
  it('names before the teams exist who will wait: the last registered after the last full block', async () => {
    const dinner = await dinnerWithParticipants(server, 22);
    const list = await readWaitingList(dinner);
    expect(list).toMatchObject({
      teamsGenerated: false,
      teamsWithMissingMembers: [],
      missingTeamMembers: 0,
      blockSize: 6,
    });
    expect(list.participants.map((p) => p.id)).toEqual(dinner.participantIds.slice(18));
  });

  it('names the waiting participants and the teams that lost members once teams exist', async () => {
    const { dinner, teams, waiting } = await dinnerWithWaitingList();
    expect(await readWaitingList(dinner)).toMatchObject({
      teamsGenerated: true,
      teamsWithMissingMembers: [],
      missingTeamMembers: 0,
    });
    const team = await teamMissingAMember(dinner, teams);
    const list = await readWaitingList(dinner);
    expect(list.participants.map((p) => p.id)).toEqual(waiting);
    expect(list.teamsWithMissingMembers.map((t) => t.id)).toEqual([team.id]);
    expect(list.missingTeamMembers).toBe(1);
    expect(list.sentMails).toEqual({
      teamMails: false,
      dinnerRouteMails: false,
      dinnerRouteRecipients: 0,
      published: NOT_PUBLISHED,
    });
  });
});

describe('assigning waiting participants to teams', () => {
  it('fills a team that lost a member; the host stays', async () => {
    const { dinner, teams, waiting } = await dinnerWithWaitingList();
    const team = await teamMissingAMember(dinner, teams);
    const res = await assign(dinner, [{ teamId: team.id, participantIds: [waiting[1]] }])();
    expect(res.status, res.text).toBe(200);
    const result: WaitingListChangeResult = res.json;
    const filled = result.affectedTeams.find((t) => t.id === team.id)!;
    expect(memberIdsOf(filled)).toEqual([team.teamMembers[0].id, waiting[1]].sort());
    expect(filled.hostTeamMember?.id).toBe(
      teamNumbered(await readTeams(server, dinner.adminId), team.teamNumber).hostTeamMember?.id,
    );
    expect(result.sentMails).toEqual({
      teamMails: false,
      dinnerRouteMails: false,
      dinnerRouteRecipients: 0,
      published: NOT_PUBLISHED,
    });
    const list = await readWaitingList(dinner);
    expect(list.participants.map((p) => p.id)).toEqual([waiting[0], waiting[2], waiting[3]]);
    expect(list.teamsWithMissingMembers).toEqual([]);
    await expectMeetOnceRoutes(server, dinner.id, 3);
    expect((await listActivities(server, dinner.adminId))[0]).toMatchObject({
      type: 'WAITINGLIST_PARTICIPANTS_ASSIGNED',
      details: { count: 1 },
    });
  });

  it('refuses more members than the team size (406)', async () => {
    const { dinner, teams, waiting } = await dinnerWithWaitingList();
    const team = await teamMissingAMember(dinner, teams);
    await expectIssues(assign(dinner, [{ teamId: team.id, participantIds: waiting.slice(0, 2) }]), [
      {
        field: 'teamParticipantsAssignments',
        en: 'Too many participants: a team has at most 2 members',
        de: 'Zu viele Personen: Ein Team hat höchstens 2 Mitglieder',
      },
    ]);
    await expectIssues(assign(dinner, [{ teamId: teams.teams[0].id, participantIds: waiting.slice(0, 1) }]), [
      {
        field: 'teamParticipantsAssignments',
        en: 'Too many participants: a team has at most 2 members',
        de: 'Zu viele Personen: Ein Team hat höchstens 2 Mitglieder',
      },
    ]);
  });

  it('refuses participants in a team or not waiting (409), unknown teams and participants (404)', async () => {
    const { dinner, teams, waiting } = await dinnerWithWaitingList();
    const team = await teamMissingAMember(dinner, teams);
    const member = teams.teams[5].teamMembers[0].id;
    await expectRefusal(
      assign(dinner, [{ teamId: team.id, participantIds: [member] }]),
      409,
      'participant_assigned_in_team',
      'This participant is already in a team',
      'Diese Person ist schon in einem Team',
    );
    const [unconfirmed] = await insertParticipants(server, dinner.id, 1, () => ({ activated_at: null }));
    await expectRefusal(
      assign(dinner, [{ teamId: team.id, participantIds: [unconfirmed] }]),
      409,
      'replacement_not_waiting',
      'This participant is not on the waiting list',
      'Diese Person steht nicht auf der Warteliste',
    );
    const other = await dinnerWithWaitingList();
    await expectRefusal(
      assign(dinner, [{ teamId: other.teams.teams[0].id, participantIds: [waiting[0]] }]),
      ...NOT_FOUND,
    );
    await expectRefusal(assign(dinner, [{ teamId: team.id, participantIds: [other.waiting[0]] }]), ...NOT_FOUND);
    expect((await readWaitingList(dinner)).participants.map((p) => p.id)).toEqual(waiting);
  });
});

describe('a cancelled team and the waiting list', () => {
  it('lists a cancelled team among the teams missing members, with all its places free', async () => {
    const { dinner, teams } = await dinnerWithWaitingList();
    const cancelled = teams.teams[6];
    await call(server, 'PUT', teamsPath(dinner.adminId, `/team/${cancelled.id}/cancel`), { teamId: cancelled.id });
    const team = await teamMissingAMember(dinner, teams);
    const list = await readWaitingList(dinner);
    // In team-number order: the team that lost a member is teams[2].
    expect(list.teamsWithMissingMembers.map((t) => [t.id, t.status])).toEqual([
      [team.id, 'OK'],
      [cancelled.id, 'CANCELLED'],
    ]);
    expect(list.missingTeamMembers).toBe(3);
  });

  it('fills a cancelled team by exactly two waiting participants: REPLACED, the one with seats hosts', async () => {
    const { dinner, teams } = await dinnerWithTeams(server, 18);
    const cancelled = teams.teams[6];
    await call(server, 'PUT', teamsPath(dinner.adminId, `/team/${cancelled.id}/cancel`), { teamId: cancelled.id });
    // Participants 17 and 18 after the cancelled two left: 18 has seats for a whole table.
    const waiting = await insertParticipants(server, dinner.id, 3, (n) => ({ num_seats: n === 18 ? 8 : 2 }));
    const tooFew = {
      field: 'teamParticipantsAssignments',
      en: 'Too few participants: a team is replaced by exactly 2 waiting participants',
      de: 'Zu wenige Personen: Ein Team wird durch genau 2 Personen von der Warteliste ersetzt',
    };
    await expectIssues(assign(dinner, [{ teamId: cancelled.id, participantIds: [waiting[0]] }]), [tooFew]);
    await expectIssues(assign(dinner, [{ teamId: cancelled.id, participantIds: waiting }]), [
      {
        field: 'teamParticipantsAssignments',
        en: 'Too many participants: a team has at most 2 members',
        de: 'Zu viele Personen: Ein Team hat höchstens 2 Mitglieder',
      },
    ]);
    const res = await assign(dinner, [{ teamId: cancelled.id, participantIds: waiting.slice(0, 2) }])();
    expect(res.status, res.text).toBe(200);
    const filled = (res.json as WaitingListChangeResult).affectedTeams.find((t) => t.id === cancelled.id)!;
    expect(filled).toMatchObject({ status: 'REPLACED', meal: cancelled.meal, hostTeamMember: { id: waiting[1] } });
    expect(memberIdsOf(filled)).toEqual(waiting.slice(0, 2).sort());
    expect(teamNumbered(await readTeams(server, dinner.adminId), cancelled.teamNumber)).toEqual(filled);
    const list = await readWaitingList(dinner);
    expect(list.teamsWithMissingMembers).toEqual([]);
    expect(list.participants.map((p) => p.id)).toEqual([waiting[2]]);
    await expectMeetOnceRoutes(server, dinner.id, 3);
    expect((await listActivities(server, dinner.adminId))[0]).toMatchObject({
      type: 'WAITINGLIST_PARTICIPANTS_ASSIGNED',
      details: { count: 2 },
    });
  });
});

describe('an assignment that names nobody', () => {
  it('is refused (406): no activity, the routes stay', async () => {
    const { dinner, teams, waiting } = await dinnerWithWaitingList();
    const team = await teamMissingAMember(dinner, teams);
    const routes = await server.deps.db
      .selectFrom('route_visit')
      .select('id')
      .where('running_dinner_id', '=', dinner.id)
      .orderBy('id')
      .execute();
    const issue = {
      field: 'teamParticipantsAssignments',
      en: 'Choose at least one participant',
      de: 'Wähle mindestens eine Person',
    };
    await expectIssues(assign(dinner, []), [issue]);
    await expectIssues(assign(dinner, [{ teamId: team.id, participantIds: [] }]), [issue]);
    expect((await listActivities(server, dinner.adminId))[0].type).toBe('TEAM_MEMBER_CANCELLED');
    expect(
      await server.deps.db
        .selectFrom('route_visit')
        .select('id')
        .where('running_dinner_id', '=', dinner.id)
        .orderBy('id')
        .execute(),
    ).toEqual(routes);
    expect((await readWaitingList(dinner)).participants.map((p) => p.id)).toEqual(waiting);
  });
});

describe('generating new teams from the waiting list', () => {
  it('adds full blocks as new teams: existing teams keep members and meals, every team still meets each other once', async () => {
    const { dinner, teams: before } = await dinnerWithTeams(server, 18);
    const waiting = await insertParticipants(server, dinner.id, 6);
    expect((await readWaitingList(dinner)).participants.map((p) => p.id)).toEqual(waiting);

    const res = await generateNew(dinner, waiting)();
    expect(res.status, res.text).toBe(200);
    const after = await readTeams(server, dinner.adminId);
    expect(after.teams).toHaveLength(12);
    for (const team of before.teams) expect(teamNumbered(after, team.teamNumber)).toEqual(team);
    const added = after.teams.filter((t) => t.teamNumber > 9);
    expect(added.map((t) => t.teamNumber)).toEqual([10, 11, 12]);
    expect(new Set(added.flatMap(memberIdsOf))).toEqual(new Set(waiting));
    expect(new Set(added.map((t) => t.meal.id)).size).toBe(3);
    const result: WaitingListChangeResult = res.json;
    expect(result.affectedTeams.map((t) => t.teamNumber)).toEqual(expect.arrayContaining([10, 11, 12]));
    await expectMeetOnceRoutes(server, dinner.id, 3);
    expect((await readWaitingList(dinner)).participants).toEqual([]);
    expect((await listActivities(server, dinner.adminId))[0]).toMatchObject({
      type: 'WAITINGLIST_TEAMS_GENERATED',
      details: { count: 6 },
    });
  });

  it('warns that dinner routes already sent are stale', async () => {
    const { dinner } = await dinnerWithTeams(server, 18);
    const waiting = await insertParticipants(server, dinner.id, 6);
    await insertSentMailing(server, dinner.id, 'DINNER_ROUTE');
    expect((await generateNew(dinner, waiting)()).json.sentMails).toEqual({
      teamMails: false,
      dinnerRouteMails: true,
      dinnerRouteRecipients: 0,
      published: NOT_PUBLISHED,
    });
  });

  it('refuses anything but full blocks (406) and leaves the plan as it was', async () => {
    const { dinner, teams, waiting } = await dinnerWithWaitingList();
    await expectIssues(generateNew(dinner, waiting), [
      {
        field: 'participants',
        en: 'New teams are made from waiting participants in full blocks of 6 (3 meals × 2)',
        de: 'Neue Teams entstehen aus der Warteliste nur in vollständigen Blöcken von 6 Personen (3 Gänge × 2)',
      },
    ]);
    expect(await readTeams(server, dinner.adminId)).toEqual(teams);
  });

  it('refuses to leave a fixed partner waiting alone (406: choose both or neither); with both chosen the pair is one team', async () => {
    const { dinner, teams } = await dinnerWithTeams(server, 18);
    const waiting = await insertParticipants(server, dinner.id, 7, (n) =>
      n === 19
        ? { email: 'anna@example.org', team_partner_wish_email: 'ben@example.org' }
        : n === 25
          ? { email: 'ben@example.org', team_partner_wish_email: 'anna@example.org' }
          : {},
    );
    await expectIssues(generateNew(dinner, waiting.slice(0, 6)), [
      {
        field: 'participants',
        en: 'Team partners who asked to cook together must join together: choose both or neither',
        de: 'Teampartner, die zusammen kochen wollen, kommen nur gemeinsam in ein neues Team: Wähle beide oder keinen von beiden',
      },
    ]);
    expect(await readTeams(server, dinner.adminId)).toEqual(teams);
    const [anna, ben] = [waiting[0], waiting[6]];
    const res = await generateNew(dinner, [anna, ...waiting.slice(2, 6), ben])();
    expect(res.status, res.text).toBe(200);
    const after = await readTeams(server, dinner.adminId);
    expect(
      after.teams
        .find((t) => t.teamMembers.some((m) => m.id === anna))!
        .teamMembers.map((m) => m.id)
        .sort(),
    ).toEqual([anna, ben].sort());
    await expectMeetOnceRoutes(server, dinner.id, 3);
  });

  it('records the seed of the new teams; given again with ?seed= it forms the same teams', async () => {
    // Two dinners alike: the same seed for the teams, then six late registrations each.
    const made = [await dinnerWithParticipants(server, 18), await dinnerWithParticipants(server, 18)];
    for (const dinner of made)
      expect((await call(server, 'POST', teamsPath(dinner.adminId, '?seed=77'))).status).toBe(200);
    const late = [await insertParticipants(server, made[0].id, 6), await insertParticipants(server, made[1].id, 6)];
    expect((await generateNew(made[0], late[0])()).status).toBe(200);
    const [activity] = await listActivities(server, made[0].adminId);
    expect(activity).toMatchObject({
      type: 'WAITINGLIST_TEAMS_GENERATED',
      details: { count: 6, seed: expect.any(Number) },
    });
    const replay = await call(
      server,
      'PUT',
      waitingListPath(made[1].adminId, `/generate-new-teams?seed=${activity.details.seed}`),
      { participants: late[1] },
    );
    expect(replay.status, replay.text).toBe(200);
    expect((await listActivities(server, made[1].adminId))[0].details).toEqual({
      count: 6,
      seed: activity.details.seed,
    });
    // The same teams, participant for participant (by registration number).
    const shape = async (dinner: TeamDinner) => {
      const teams = await readTeams(server, dinner.adminId);
      return teams.teams.map((t) => ({
        number: t.teamNumber,
        members: t.teamMembers.map((m) => m.participantNumber).sort(),
        host: t.hostTeamMember?.participantNumber,
        meal: t.meal.label,
      }));
    };
    expect(await shape(made[1])).toEqual(await shape(made[0]));
  });

  it('refuses a seed that is not a whole number from 0 to 2^31 − 1 (406)', async () => {
    const { dinner } = await dinnerWithTeams(server, 18);
    const waiting = await insertParticipants(server, dinner.id, 6);
    for (const seed of ['-1', 'x', '2147483648']) {
      await expectIssues(
        (headers) =>
          call(
            server,
            'PUT',
            waitingListPath(dinner.adminId, `/generate-new-teams?seed=${seed}`),
            { participants: waiting },
            headers,
          ),
        [
          {
            field: 'seed',
            en: 'The seed must be a whole number from 0 to 2147483647',
            de: 'Der Seed muss eine ganze Zahl von 0 bis 2147483647 sein',
          },
        ],
      );
    }
    expect((await readWaitingList(dinner)).participants.map((p) => p.id)).toEqual(waiting);
  });

  it('refuses without teams (409), participants already in a team (409) and malformed ids (406)', async () => {
    const empty = await dinnerWithParticipants(server, 24);
    await expectRefusal(
      generateNew(empty, empty.participantIds.slice(0, 6)),
      409,
      'no_teams',
      'There are no teams yet',
      'Es gibt noch keine Teams',
    );
    const { dinner, teams, waiting } = await dinnerWithWaitingList();
    await expectRefusal(
      generateNew(dinner, [...waiting, ...teams.teams[0].teamMembers.map((m) => m.id)]),
      409,
      'participant_assigned_in_team',
      'This participant is already in a team',
      'Diese Person ist schon in einem Team',
    );
    await expectIssues(generateNew(dinner, ['x']), [
      { field: 'participants.0', en: 'Invalid value', de: 'Ungültiger Wert' },
    ]);
  });

  it('answers the same 404 for an unknown admin id on every route', async () => {
    const id = crypto.randomUUID();
    for (const [method, suffix, body] of [
      ['GET', ''],
      ['PUT', '/assign-participants-teams', { teamParticipantsAssignments: [] }],
      ['PUT', '/generate-new-teams', { participants: [] }],
    ] as const) {
      await expectRefusal((headers) => call(server, method, waitingListPath(id, suffix), body, headers), ...NOT_FOUND);
    }
  });
});
