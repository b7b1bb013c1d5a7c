import { describe, expect, it } from 'vitest';
import type { TeamsResponse, WaitingListChangeResult } from '../../server/features/teams/teams.schema.js';
import type { WaitingList } from '../../server/features/waitinglist/waitinglist.schema.js';
import { call } from '../support/test-server.js';
import { useTestServer } from '../support/use-test-server.js';
import { expectIssues, expectRefusal, NOT_FOUND } from '../support/bilingual.js';
import { listActivities } from '../support/participants.js';
import {
  dinnerWithParticipants,
  dinnerWithTeams,
  expectMeetOnceRoutes,
  insertParticipants,
  insertSentMailing,
  memberIdsOf,
  readTeams,
  teamNumbered,
  teamsPath,
  waitingListPath,
  type TeamDinner,
} from '../support/teams.js';

const server = useTestServer();

const readWaitingList = async (dinner: TeamDinner): Promise<WaitingList> => (await call(server, 'GET', waitingListPath(dinner.adminId))).json;
const assign = (dinner: TeamDinner, teamParticipantsAssignments: { teamId: string; participantIds: string[] }[]) => (headers: Record<string, string> = {}) =>
  call(server, 'PUT', waitingListPath(dinner.adminId, '/assign-participants-teams'), { teamParticipantsAssignments }, headers);
const generateNew = (dinner: TeamDinner, participants: string[]) => (headers: Record<string, string> = {}) =>
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
    expect(list).toMatchObject({ teamsGenerated: false, teamsWithMissingMembers: [], missingTeamMembers: 0, blockSize: 6 });
    expect(list.participants.map((p) => p.id)).toEqual(dinner.participantIds.slice(18));
  });

  it('names the waiting participants and the teams that lost members once teams exist', async () => {
    const { dinner, teams, waiting } = await dinnerWithWaitingList();
    expect(await readWaitingList(dinner)).toMatchObject({ teamsGenerated: true, teamsWithMissingMembers: [], missingTeamMembers: 0 });
    const team = await teamMissingAMember(dinner, teams);
    const list = await readWaitingList(dinner);
    expect(list.participants.map((p) => p.id)).toEqual(waiting);
    expect(list.teamsWithMissingMembers.map((t) => t.id)).toEqual([team.id]);
    expect(list.missingTeamMembers).toBe(1);
    expect(list.sentMails).toEqual({ teamMails: false, dinnerRouteMails: false });
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
    expect(filled.hostTeamMember?.id).toBe(teamNumbered(await readTeams(server, dinner.adminId), team.teamNumber).hostTeamMember?.id);
    expect(result.sentMails).toEqual({ teamMails: false, dinnerRouteMails: false });
    const list = await readWaitingList(dinner);
    expect(list.participants.map((p) => p.id)).toEqual([waiting[0], waiting[2], waiting[3]]);
    expect(list.teamsWithMissingMembers).toEqual([]);
    await expectMeetOnceRoutes(server, dinner.id, 3);
    expect((await listActivities(server, dinner.adminId))[0]).toMatchObject({ type: 'WAITINGLIST_PARTICIPANTS_ASSIGNED', details: { count: 1 } });
  });

  it('refuses more members than the team size (406)', async () => {
    const { dinner, teams, waiting } = await dinnerWithWaitingList();
    const team = await teamMissingAMember(dinner, teams);
    await expectIssues(assign(dinner, [{ teamId: team.id, participantIds: waiting.slice(0, 2) }]), [
      { field: 'teamParticipantsAssignments', en: 'Too many participants: a team has at most 2 members', de: 'Zu viele Personen: Ein Team hat höchstens 2 Mitglieder' },
    ]);
    await expectIssues(assign(dinner, [{ teamId: teams.teams[0].id, participantIds: waiting.slice(0, 1) }]), [
      { field: 'teamParticipantsAssignments', en: 'Too many participants: a team has at most 2 members', de: 'Zu viele Personen: Ein Team hat höchstens 2 Mitglieder' },
    ]);
  });

  it('refuses participants in a team or not waiting (409), a cancelled team (409), unknown teams and participants (404)', async () => {
    const { dinner, teams, waiting } = await dinnerWithWaitingList();
    const team = await teamMissingAMember(dinner, teams);
    const member = teams.teams[5].teamMembers[0].id;
    await expectRefusal(assign(dinner, [{ teamId: team.id, participantIds: [member] }]), 409, 'participant_assigned_in_team', 'This participant is already in a team', 'Diese Person ist schon in einem Team');
    const [unconfirmed] = await insertParticipants(server, dinner.id, 1, () => ({ activated_at: null }));
    await expectRefusal(
      assign(dinner, [{ teamId: team.id, participantIds: [unconfirmed] }]),
      409,
      'replacement_not_waiting',
      'This participant is not on the waiting list',
      'Diese Person steht nicht auf der Warteliste',
    );
    const cancelled = teams.teams[6];
    await call(server, 'PUT', teamsPath(dinner.adminId, `/team/${cancelled.id}/cancel`), { teamId: cancelled.id });
    await expectRefusal(assign(dinner, [{ teamId: cancelled.id, participantIds: [waiting[0]] }]), 409, 'team_cancelled', 'This team is cancelled', 'Dieses Team ist abgesagt');
    const other = await dinnerWithWaitingList();
    await expectRefusal(assign(dinner, [{ teamId: other.teams.teams[0].id, participantIds: [waiting[0]] }]), ...NOT_FOUND);
    await expectRefusal(assign(dinner, [{ teamId: team.id, participantIds: [other.waiting[0]] }]), ...NOT_FOUND);
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
    expect((await listActivities(server, dinner.adminId))[0]).toMatchObject({ type: 'WAITINGLIST_TEAMS_GENERATED', details: { count: 6 } });
  });

  it('warns that dinner routes already sent are stale', async () => {
    const { dinner } = await dinnerWithTeams(server, 18);
    const waiting = await insertParticipants(server, dinner.id, 6);
    await insertSentMailing(server, dinner.id, 'DINNER_ROUTE');
    expect((await generateNew(dinner, waiting)()).json.sentMails).toEqual({ teamMails: false, dinnerRouteMails: true });
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

  it('refuses to leave a fixed partner waiting alone (409)', async () => {
    const { dinner } = await dinnerWithTeams(server, 18);
    const waiting = await insertParticipants(server, dinner.id, 7, (n) =>
      n === 19 ? { email: 'anna@example.org', team_partner_wish_email: 'ben@example.org' } : n === 25 ? { email: 'ben@example.org', team_partner_wish_email: 'anna@example.org' } : {},
    );
    await expectRefusal(
      generateNew(dinner, waiting.slice(0, 6)),
      409,
      'swap_breaks_partner_wish',
      'This would separate team partners who asked to cook together',
      'Damit würden Teampartner getrennt, die zusammen kochen wollen',
    );
  });

  it('refuses without teams (409), participants already in a team (409) and malformed ids (406)', async () => {
    const empty = await dinnerWithParticipants(server, 24);
    await expectRefusal(generateNew(empty, empty.participantIds.slice(0, 6)), 409, 'no_teams', 'There are no teams yet', 'Es gibt noch keine Teams');
    const { dinner, teams, waiting } = await dinnerWithWaitingList();
    await expectRefusal(
      generateNew(dinner, [...waiting, ...teams.teams[0].teamMembers.map((m) => m.id)]),
      409,
      'participant_assigned_in_team',
      'This participant is already in a team',
      'Diese Person ist schon in einem Team',
    );
    await expectIssues(generateNew(dinner, ['x']), [{ field: 'participants.0', en: 'Invalid value', de: 'Ungültiger Wert' }]);
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
