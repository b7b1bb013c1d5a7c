import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MeetingPlan, TeamCancellationResult, TeamsResponse } from '../../contract/teams.js';
import { loadConfig } from '../../server/config.js';
import {
  generateTeams as generateWithSeed,
  regenerateTeams,
} from '../../server/features/teams/teams-generation.service.js';
import { start } from '../../server/main.js';
import type { TeamsTask } from '../../workers/teams.worker.js';
import { DINNER_CANCELLED, expectIssues, expectRefusal, NOT_FOUND } from '../support/bilingual.js';
import { adminPath, createBody, participantsPath, runningDinnerIdOf } from '../support/factories.js';
import { listActivities, listParticipants } from '../support/participants.js';
import {
  dinnerWithParticipants,
  dinnerWithTeams,
  expectMeetOnceRoutes,
  generateTeams,
  insertParticipants,
  insertSentMailing,
  memberIdsOf,
  NOT_PUBLISHED,
  type ParticipantOverrides,
  readTeams,
  type TeamDinner,
  teamNumbered,
  teamOf,
  teamsPath,
  waitingListPath,
} from '../support/teams.js';
import { call, DAY_MS, freePort, type TestServer } from '../support/test-server.js';
import { useTestServer } from '../support/use-test-server.js';

const server = useTestServer();

const put = (dinner: TeamDinner, suffix: string, body?: unknown) =>
  call(server, 'PUT', teamsPath(dinner.adminId, suffix), body);
const dinnerRow = (dinner: TeamDinner) =>
  server.deps.db.selectFrom('running_dinner').selectAll().where('id', '=', dinner.id).executeTakeFirstOrThrow();

/** Participants 1 and 2 registered together by 1, 3 and 4 named each other by e-mail. */
function pairs(): ParticipantOverrides {
  const rootId = crypto.randomUUID();
  return (n) => {
    if (n === 1) return { id: rootId, team_partner_wish_originator_id: rootId };
    if (n === 2) return { team_partner_wish_originator_id: rootId, num_seats: 8 };
    if (n === 3) return { email: 'drei@example.org', team_partner_wish_email: 'vier@example.org' };
    if (n === 4) return { email: 'vier@example.org', team_partner_wish_email: 'drei@example.org' };
    return {};
  };
}

/** 18 participants (9 teams, 3 meals) with the `pairs`. */
const dinnerWithPairs = (count = 18): Promise<TeamDinner> =>
  dinnerWithParticipants(server, count, { overrides: pairs() });

/** `dinnerWithPairs` with its teams. */
const teamDinner = (count = 18) => dinnerWithTeams(server, count, { overrides: pairs() });

/** Two teams that are not the pairs' teams (participants 1–4), with their members. */
const ordinaryTeams = (dinner: TeamDinner, teams: TeamsResponse) => {
  const pairTeams = new Set(dinner.participantIds.slice(0, 4).map((id) => teamOf(teams, id).id));
  return teams.teams.filter((t) => !pairTeams.has(t.id));
};

const otherMeal = (teams: TeamsResponse) => teams.teams.find((t) => t.meal.id !== teams.teams[0].meal.id)!;

/** The stored dinner routes' row ids: they change whenever the routes are written again. */
const routeRowIds = async (dinner: TeamDinner) =>
  (
    await server.deps.db
      .selectFrom('route_visit')
      .select('id')
      .where('running_dinner_id', '=', dinner.id)
      .orderBy('id')
      .execute()
  ).map((r) => r.id);

/** Members, host and meal of every team, by team number: what the same seed must give again. */
const planShape = (teams: TeamsResponse) =>
  teams.teams.map((t) => ({
    number: t.teamNumber,
    members: memberIdsOf(t),
    host: t.hostTeamMember?.id,
    meal: t.meal.id,
  }));

/** Activities and routes are as the generation left them: the request changed nothing. */
async function expectNothingRecorded(dinner: TeamDinner, teams: TeamsResponse, routes: string[]) {
  expect((await listActivities(server, dinner.adminId))[0].type).toBe('TEAMS_GENERATED');
  expect(await routeRowIds(dinner)).toEqual(routes);
  expect(await readTeams(server, dinner.adminId)).toEqual(teams);
}

describe('generating teams', () => {
  it('makes 9 teams of 2 from 18 confirmed participants, 3 hosting each meal, each host a member, every team meeting 6 others once', async () => {
    const dinner = await dinnerWithPairs();
    const res = await call(server, 'POST', teamsPath(dinner.adminId));
    expect(res.status, res.text).toBe(200);
    const teams: TeamsResponse = res.json;
    expect(teams.teams.map((t) => t.teamNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(teams.teams.every((t) => t.teamMembers.length === 2 && t.status === 'OK')).toBe(true);
    expect(teams.teams.every((t) => t.teamMembers.some((m) => m.id === t.hostTeamMember?.id))).toBe(true);
    expect(new Set(teams.teams.flatMap(memberIdsOf)).size).toBe(18);
    const hostsPerMeal = teams.teams.reduce(
      (count, t) => count.set(t.meal.id, (count.get(t.meal.id) ?? 0) + 1),
      new Map<string, number>(),
    );
    expect([...hostsPerMeal.values()]).toEqual([3, 3, 3]);
    expect(teams.seed).toEqual(expect.any(Number));
    expect(teams.sentMails).toEqual({
      teamMails: false,
      dinnerRouteMails: false,
      dinnerRouteRecipients: 0,
      published: NOT_PUBLISHED,
    });
    await expectMeetOnceRoutes(server, dinner.id, 3);
  });

  it('keeps partners registered together or naming each other in one team, the one who registered both as host', async () => {
    const { dinner, teams } = await teamDinner();
    const [p1, p2, p3, p4] = dinner.participantIds;
    expect(memberIdsOf(teamOf(teams, p1))).toEqual([p1, p2].sort());
    expect(teamOf(teams, p1).hostTeamMember?.id).toBe(p1);
    expect(memberIdsOf(teamOf(teams, p3))).toEqual([p3, p4].sort());
  });

  it('pairs a member with seats for a whole table with one without, who hosts', async () => {
    const { teams } = await teamDinner();
    for (const team of teams.teams) expect(team.hostTeamMember?.numSeats).toBe(8);
  });

  it('counts the teams that meet the gender aspect (here every team is mixed)', async () => {
    const { teams } = await teamDinner();
    expect(teams.teamsMatchingGenderAspects).toBe(9);
  });

  it('lets the last registered wait after the last full block: 22 confirmed make 9 teams and 4 wait', async () => {
    const { dinner, teams } = await dinnerWithTeams(server, 22);
    expect(teams.teams).toHaveLength(9);
    const list = await listParticipants(server, dinner.adminId);
    expect(list.participantsWaitingList.map((p: { id: string }) => p.id)).toEqual(dinner.participantIds.slice(18));
    expect(list.participants.every((p: { teamId: string | null }) => p.teamId !== null)).toBe(true);
  });

  it('makes 4 teams from 8 participants with 2 meals, each meeting 2 others once', async () => {
    const { dinner, teams } = await dinnerWithTeams(server, 8, { meals: 2 });
    expect(teams.teams).toHaveLength(4);
    await expectMeetOnceRoutes(server, dinner.id, 2);
  });

  it('uses all of 300 participants in one design: 150 teams, no two meeting twice', async () => {
    const { dinner, teams } = await dinnerWithTeams(server, 300);
    expect(teams.teams).toHaveLength(150);
    await expectMeetOnceRoutes(server, dinner.id, 3);
  });

  it('records the generation as an activity, with the seed that replays it', async () => {
    const { dinner, teams } = await teamDinner();
    expect((await listActivities(server, dinner.adminId))[0]).toEqual(
      expect.objectContaining({
        type: 'TEAMS_GENERATED',
        origin: 'ORGANIZER',
        details: { count: 9, seed: teams.seed },
      }),
    );
    const again = await put(dinner, '');
    expect((await listActivities(server, dinner.adminId))[0]).toEqual(
      expect.objectContaining({ type: 'TEAMS_REGENERATED', details: { count: 9, seed: again.json.seed } }),
    );
  });

  it('refuses fewer than meals² teams with 406: the dinner is not possible with so few participants', async () => {
    const three = await dinnerWithParticipants(server, 17);
    await expectIssues(
      (headers) => call(server, 'POST', teamsPath(three.adminId), undefined, headers),
      [
        {
          field: undefined as unknown as string,
          en: 'The dinner is not possible with so few participants: 3 meals need at least 18 confirmed participants, there are 17',
          de: 'Mit so wenigen Teilnehmenden ist das Dinner nicht möglich: 3 Gänge brauchen mindestens 18 bestätigte Teilnehmende, bestätigt sind 17',
        },
      ],
    );
    const two = await dinnerWithParticipants(server, 7, { meals: 2 });
    const res = await call(server, 'POST', teamsPath(two.adminId));
    expect(res.json).toEqual({
      issues: [
        {
          message:
            'The dinner is not possible with so few participants: 2 meals need at least 8 confirmed participants, there are 7',
        },
      ],
    });
    expect((await readTeams(server, two.adminId)).teams).toEqual([]);
  });

  it('does not count unconfirmed registrations', async () => {
    const dinner = await dinnerWithParticipants(server, 17);
    await insertParticipants(server, dinner.id, 1, () => ({ activated_at: null }));
    expect((await call(server, 'POST', teamsPath(dinner.adminId))).status).toBe(406);
  });

  it('refuses to generate again while teams exist (409)', async () => {
    const { dinner, teams } = await teamDinner();
    await expectRefusal(
      (headers) => call(server, 'POST', teamsPath(dinner.adminId), undefined, headers),
      409,
      'teams_exist',
      'The teams have already been made. Generate them anew to start over.',
      'Die Teams sind schon eingeteilt. Teile sie neu ein, um von vorn zu beginnen.',
    );
    expect(await readTeams(server, dinner.adminId)).toEqual(teams);
  });

  it('regenerates: the old teams go, new ones come, and the answer warns when team or route mails went out', async () => {
    const { dinner, teams } = await teamDinner();
    const again = await put(dinner, '');
    expect(again.status, again.text).toBe(200);
    expect(again.json.teams).toHaveLength(9);
    expect(
      again.json.teams.map((t: { id: string }) => t.id).some((id: string) => teams.teams.some((old) => old.id === id)),
    ).toBe(false);
    expect(again.json.sentMails).toEqual({
      teamMails: false,
      dinnerRouteMails: false,
      dinnerRouteRecipients: 0,
      published: NOT_PUBLISHED,
    });
    expect(
      await server.deps.db.selectFrom('team').select('id').where('running_dinner_id', '=', dinner.id).execute(),
    ).toHaveLength(9);
    await expectMeetOnceRoutes(server, dinner.id, 3);

    for (const type of ['TEAM', 'DINNER_ROUTE'] as const) {
      await insertSentMailing(server, dinner.id, type);
      const warned = await put(dinner, '');
      expect(warned.json.sentMails).toEqual({
        teamMails: true,
        dinnerRouteMails: type === 'DINNER_ROUTE',
        dinnerRouteRecipients: 0,
        published: NOT_PUBLISHED,
      });
    }
    expect((await listActivities(server, dinner.adminId))[0]).toMatchObject({
      type: 'TEAMS_REGENERATED',
      details: { count: 9 },
    });
  });

  it('gives the same plan for the same seed, and the answer names the seed', async () => {
    const dinner = await dinnerWithPairs(30);
    const first = await generateWithSeed(server.deps, await dinnerRow(dinner), 4242);
    expect(first.seed).toBe(4242);
    const again = await regenerateTeams(server.deps, await dinnerRow(dinner), 4242);
    const shape = (teams: TeamsResponse) =>
      teams.teams.map((t) => ({
        number: t.teamNumber,
        members: memberIdsOf(t),
        host: t.hostTeamMember?.id,
        meal: t.meal.id,
      }));
    expect(shape(again)).toEqual(shape(first));
    const other = await regenerateTeams(server.deps, await dinnerRow(dinner), 4243);
    expect(shape(other)).not.toEqual(shape(first));
    expect((await readTeams(server, dinner.adminId)).seed).toBe(4243);
  });

  it('replays a plan through the API: ?seed= on POST and PUT gives the same plan for the same seed', async () => {
    const dinner = await dinnerWithPairs(30);
    const first = await call(server, 'POST', teamsPath(dinner.adminId, '?seed=4242'));
    expect(first.status, first.text).toBe(200);
    expect(first.json.seed).toBe(4242);
    const other = await put(dinner, '?seed=4243');
    expect(planShape(other.json)).not.toEqual(planShape(first.json));
    const again = await put(dinner, '?seed=4242');
    expect(again.status, again.text).toBe(200);
    expect(planShape(again.json)).toEqual(planShape(first.json));
    expect((await readTeams(server, dinner.adminId)).seed).toBe(4242);
    expect((await listActivities(server, dinner.adminId))[0].details).toEqual({ count: 15, seed: 4242 });
    // The largest seed there is.
    expect((await put(dinner, '?seed=2147483647')).json.seed).toBe(2147483647);
  });

  it('refuses a seed that is not a whole number from 0 to 2^31 − 1 (406) and changes nothing', async () => {
    const dinner = await dinnerWithPairs();
    const issue = {
      field: 'seed',
      en: 'The seed must be a whole number from 0 to 2147483647',
      de: 'Der Seed muss eine ganze Zahl von 0 bis 2147483647 sein',
    };
    for (const seed of ['-1', '1.5', 'abc', '2147483648', '', '99999999999', '0x10']) {
      await expectIssues(
        (headers) => call(server, 'POST', teamsPath(dinner.adminId, `?seed=${seed}`), undefined, headers),
        [issue],
      );
    }
    expect((await readTeams(server, dinner.adminId)).teams).toEqual([]);
    const generated = await call(server, 'POST', teamsPath(dinner.adminId, '?seed=0'));
    expect(generated.json.seed).toBe(0);
    await expectIssues(
      (headers) => call(server, 'PUT', teamsPath(dinner.adminId, '?seed=-5'), undefined, headers),
      [issue],
    );
    expect(await readTeams(server, dinner.adminId)).toEqual(generated.json);
  });

  it('refuses to store teams made while the participants changed (409)', async () => {
    const dinner = await dinnerWithParticipants(server, 18);
    const workers = server.deps.workers;
    const run = workers.run;
    workers.run = async (task, owner) => {
      const plan = await run(task, owner);
      await insertParticipants(server, dinner.id, 1);
      return plan;
    };
    try {
      await expectRefusal(
        (headers) => call(server, 'POST', teamsPath(dinner.adminId), undefined, headers),
        409,
        'participants_changed',
        'The participants changed while the teams were being made. Please try again.',
        'Die Teilnehmenden haben sich geändert, während die Teams eingeteilt wurden. Bitte versuch es noch einmal.',
      );
    } finally {
      workers.run = run;
    }
    expect((await readTeams(server, dinner.adminId)).teams).toEqual([]);
    expect((await call(server, 'POST', teamsPath(dinner.adminId))).status).toBe(200);
  });

  it('drops the teams: participants are free again (they can be deleted and swapped)', async () => {
    const { dinner } = await teamDinner();
    const inTeam = await call(
      server,
      'DELETE',
      participantsPath(dinner.adminId, `/participant/${dinner.participantIds[5]}`),
    );
    expect(inTeam.status).toBe(409);
    expect(inTeam.json.code).toBe('participant_in_team');

    const dropped = await call(server, 'DELETE', teamsPath(dinner.adminId));
    expect(dropped.status).toBe(200);
    expect(dropped.json).toMatchObject({ teams: [], seed: null });
    expect(
      await server.deps.db.selectFrom('route_visit').select('id').where('running_dinner_id', '=', dinner.id).execute(),
    ).toEqual([]);
    expect((await listActivities(server, dinner.adminId))[0].type).toBe('TEAMS_DROPPED');
    expect(
      (
        await call(
          server,
          'PUT',
          participantsPath(
            dinner.adminId,
            `/participants/swap/${dinner.participantIds[5]}/${dinner.participantIds[6]}`,
          ),
        )
      ).status,
    ).toBe(200);
    expect(
      (await call(server, 'DELETE', participantsPath(dinner.adminId, `/participant/${dinner.participantIds[5]}`)))
        .status,
    ).toBe(204);
  });

  it('filters cancelled teams on request and refuses another filter value', async () => {
    const { dinner, teams } = await teamDinner();
    const victim = ordinaryTeams(dinner, teams)[0];
    await put(dinner, `/team/${victim.id}/cancel`, { teamId: victim.id });
    expect(
      (await call(server, 'GET', teamsPath(dinner.adminId, '?filterCancelledTeams=true'))).json.teams.map(
        (t: { id: string }) => t.id,
      ),
    ).not.toContain(victim.id);
    expect(
      (await call(server, 'GET', teamsPath(dinner.adminId, '?filterCancelledTeams=false'))).json.teams,
    ).toHaveLength(9);
    await expectIssues(
      (headers) => call(server, 'GET', teamsPath(dinner.adminId, '?filterCancelledTeams=yes'), undefined, headers),
      [{ field: 'filterCancelledTeams', en: 'Invalid value', de: 'Ungültiger Wert' }],
    );
  });

  it('survives a restart of the server: the same teams and routes are read back', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-teams-restart-'));
    const port = await freePort();
    const config = loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    const boot = async () => {
      const running = await start(config, { clientDir: dataDir });
      return { running, server: { ...server, baseUrl: `http://127.0.0.1:${port}`, deps: running.deps } as TestServer };
    };
    try {
      const first = await boot();
      const created = await call(first.server, 'POST', '/wizardservice/v1/create', createBody());
      const adminId = created.json.runningDinner.adminId;
      const id = await runningDinnerIdOf(first.server, adminId);
      await insertParticipants(first.server, id, 24);
      const generated = await generateTeams(first.server, adminId);
      const meetingPlan = (
        await call(first.server, 'GET', teamsPath(adminId, `/team/${generated.teams[4].id}/meetingplan`))
      ).json;
      await first.running.stop();

      const second = await boot();
      expect(await readTeams(second.server, adminId)).toEqual(generated);
      expect(
        (await call(second.server, 'GET', teamsPath(adminId, `/team/${generated.teams[4].id}/meetingplan`))).json,
      ).toEqual(meetingPlan);
      await second.running.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the worker pool', () => {
  it('makes the teams off the main thread: a GET is answered while a generation of 3,000 runs', async () => {
    const dinner = await dinnerWithParticipants(server, 3000);
    const workers = server.deps.workers;
    const tasks: TeamsTask[] = [];
    let settled = false;
    let taskStarted!: () => void;
    const started = new Promise<void>((resolve) => (taskStarted = resolve));
    const run = workers.run;
    workers.run = (task, owner) => {
      tasks.push(task);
      taskStarted();
      const result = run(task, owner);
      result.finally(() => (settled = true));
      return result;
    };
    try {
      const generation = call(server, 'POST', teamsPath(dinner.adminId));
      await started;
      const answer = await call(server, 'GET', '/masterdataservice/v1/registrationtypes');
      expect(answer.status).toBe(200);
      expect(settled, 'the GET waited for the generation').toBe(false);
      expect((await generation).status).toBe(200);
    } finally {
      workers.run = run;
    }
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ kind: 'generate', options: { meals: 3, teamSize: 2 } });
    expect(tasks[0].confirmed).toHaveLength(3000);
    expect((await readTeams(server, dinner.adminId)).teams).toHaveLength(1500);
    await expectMeetOnceRoutes(server, dinner.id, 3);
  });
});

describe('swapping members', () => {
  it('swaps two members of different teams; the incoming member takes over the hosting of a leaving host', async () => {
    const { dinner, teams } = await teamDinner();
    const [a, b] = ordinaryTeams(dinner, teams);
    const hostA = a.hostTeamMember!.id;
    const guestB = b.teamMembers.find((m) => m.id !== b.hostTeamMember!.id)!.id;
    const res = await put(dinner, `/teammembers/swap/${hostA}/${guestB}`);
    expect(res.status, res.text).toBe(200);
    const after: TeamsResponse = res.json;
    expect(teamOf(after, guestB).id).toBe(a.id);
    expect(teamOf(after, hostA).id).toBe(b.id);
    expect(teamNumbered(after, a.teamNumber).hostTeamMember?.id).toBe(guestB);
    expect(teamNumbered(after, b.teamNumber).hostTeamMember?.id).toBe(b.hostTeamMember!.id);
    const stored = await server.deps.db
      .selectFrom('participant')
      .select(['id', 'team_id'])
      .where('id', 'in', [hostA, guestB])
      .execute();
    expect(Object.fromEntries(stored.map((p) => [p.id, p.team_id]))).toEqual({ [hostA]: b.id, [guestB]: a.id });
    expect(await readTeams(server, dinner.adminId)).toEqual(after);
    expect((await listActivities(server, dinner.adminId))[0]).toMatchObject({
      type: 'TEAM_MEMBERS_SWAPPED',
      details: { name: expect.any(String), otherName: expect.any(String) },
    });
  });

  it('refuses to separate partners registered together or naming each other (409)', async () => {
    const { dinner, teams } = await teamDinner();
    const other = ordinaryTeams(dinner, teams)[0].teamMembers[0].id;
    for (const pairMember of dinner.participantIds.slice(0, 4)) {
      await expectRefusal(
        (headers) =>
          call(
            server,
            'PUT',
            teamsPath(dinner.adminId, `/teammembers/swap/${pairMember}/${other}`),
            undefined,
            headers,
          ),
        409,
        'swap_breaks_partner_wish',
        'This would separate team partners who asked to cook together',
        'Damit würden Teampartner getrennt, die zusammen kochen wollen',
      );
    }
    expect(await readTeams(server, dinner.adminId)).toEqual(teams);
  });

  it('refuses to swap a participant with themselves (406); two members of one team swap nothing: no activity, routes kept', async () => {
    const { dinner, teams } = await teamDinner();
    const routes = await routeRowIds(dinner);
    const [member, partner] = ordinaryTeams(dinner, teams)[0].teamMembers.map((m) => m.id);
    await expectIssues(
      (headers) =>
        call(server, 'PUT', teamsPath(dinner.adminId, `/teammembers/swap/${member}/${member}`), undefined, headers),
      [
        {
          field: undefined as unknown as string,
          en: 'A participant cannot swap places with themselves',
          de: 'Eine Person kann nicht mit sich selbst den Platz tauschen',
        },
      ],
    );
    const sameTeam = await put(dinner, `/teammembers/swap/${member}/${partner}`);
    expect(sameTeam.status, sameTeam.text).toBe(200);
    expect(sameTeam.json).toEqual(teams);
    await expectNothingRecorded(dinner, teams, routes);
  });

  it('refuses a participant without a team (409) and unknown participants or those of another dinner (404)', async () => {
    const { dinner, teams } = await teamDinner(20);
    const inTeam = teams.teams[0].teamMembers[0].id;
    await expectRefusal(
      (headers) =>
        call(
          server,
          'PUT',
          teamsPath(dinner.adminId, `/teammembers/swap/${inTeam}/${dinner.participantIds[19]}`),
          undefined,
          headers,
        ),
      409,
      'participant_not_in_team',
      'This participant is not in a team',
      'Diese Person ist in keinem Team',
    );
    const stranger = (await teamDinner()).dinner.participantIds[7];
    for (const id of [stranger, crypto.randomUUID(), 'no-uuid']) {
      await expectRefusal(
        (headers) =>
          call(server, 'PUT', teamsPath(dinner.adminId, `/teammembers/swap/${inTeam}/${id}`), undefined, headers),
        ...NOT_FOUND,
      );
    }
  });
});

describe('swapping meals and team numbers', () => {
  it('swaps the meals of two teams; members stay and every route still meets each team once', async () => {
    const { dinner, teams } = await teamDinner();
    const a = teams.teams[0];
    const b = otherMeal(teams);
    const res = await put(dinner, `/meals/swap/${a.id}/${b.id}`);
    expect(res.status, res.text).toBe(200);
    const after: TeamsResponse = res.json;
    expect(teamNumbered(after, a.teamNumber)).toMatchObject({
      id: a.id,
      meal: b.meal,
      teamMembers: a.teamMembers.map((m) => ({ id: m.id })),
    });
    expect(teamNumbered(after, b.teamNumber)).toMatchObject({ id: b.id, meal: a.meal });
    await expectMeetOnceRoutes(server, dinner.id, 3);
    expect((await listActivities(server, dinner.adminId))[0]).toMatchObject({
      type: 'TEAM_MEALS_SWAPPED',
      details: { teamNumber: a.teamNumber, otherTeamNumber: b.teamNumber },
    });
  });

  it('swaps the numbers of two teams; members, hosts and meals stay with their team', async () => {
    const { dinner, teams } = await teamDinner();
    const [a, b] = [teams.teams[1], teams.teams[6]];
    const res = await put(dinner, `/teamnumbers/swap/${a.id}/${b.id}`);
    expect(res.status, res.text).toBe(200);
    const after: TeamsResponse = res.json;
    expect(after.teams.map((t) => t.teamNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(teamNumbered(after, b.teamNumber)).toEqual({ ...a, teamNumber: b.teamNumber });
    expect(teamNumbered(after, a.teamNumber)).toEqual({ ...b, teamNumber: a.teamNumber });
    await expectMeetOnceRoutes(server, dinner.id, 3);
    expect((await listActivities(server, dinner.adminId))[0].type).toBe('TEAM_NUMBERS_SWAPPED');
  });

  it('refuses to swap a team with itself (406): no activity, routes kept', async () => {
    const { dinner, teams } = await teamDinner();
    const routes = await routeRowIds(dinner);
    const team = teams.teams[4].id;
    for (const what of ['meals', 'teamnumbers']) {
      await expectIssues(
        (headers) =>
          call(server, 'PUT', teamsPath(dinner.adminId, `/${what}/swap/${team}/${team}`), undefined, headers),
        [
          {
            field: undefined as unknown as string,
            en: 'A team cannot swap with itself',
            de: 'Ein Team kann nicht mit sich selbst tauschen',
          },
        ],
      );
    }
    await expectNothingRecorded(dinner, teams, routes);
  });

  it('answers 404 for a team of another dinner or an unknown team', async () => {
    const { dinner, teams } = await teamDinner();
    const foreign = (await teamDinner()).teams.teams[0].id;
    for (const id of [foreign, crypto.randomUUID()]) {
      await expectRefusal(
        (headers) =>
          call(server, 'PUT', teamsPath(dinner.adminId, `/meals/swap/${teams.teams[0].id}/${id}`), undefined, headers),
        ...NOT_FOUND,
      );
      await expectRefusal(
        (headers) =>
          call(
            server,
            'PUT',
            teamsPath(dinner.adminId, `/teamnumbers/swap/${id}/${teams.teams[0].id}`),
            undefined,
            headers,
          ),
        ...NOT_FOUND,
      );
    }
  });
});

describe('changing hosts', () => {
  it('makes the other member host', async () => {
    const { dinner, teams } = await teamDinner();
    const [a, b] = ordinaryTeams(dinner, teams);
    const newHost = (t: typeof a) => t.teamMembers.find((m) => m.id !== t.hostTeamMember!.id)!.id;
    const res = await put(dinner, '/teamhosts', {
      teams: [
        { id: a.id, hostTeamMemberId: newHost(a) },
        { id: b.id, hostTeamMemberId: newHost(b) },
      ],
      dinnerAdminId: dinner.adminId,
    });
    expect(res.status, res.text).toBe(200);
    expect(teamNumbered(res.json, a.teamNumber).hostTeamMember?.id).toBe(newHost(a));
    expect(teamNumbered(res.json, b.teamNumber).hostTeamMember?.id).toBe(newHost(b));
    const row = await server.deps.db
      .selectFrom('team')
      .select('host_participant_id')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.host_participant_id).toBe(newHost(a));
    expect((await listActivities(server, dinner.adminId))[0]).toMatchObject({
      type: 'TEAM_HOSTS_CHANGED',
      details: { count: 2 },
    });
  });

  it('refuses to move the hosting away from the one who registered the pair (409)', async () => {
    const { dinner, teams } = await teamDinner();
    const pairTeam = teamOf(teams, dinner.participantIds[0]);
    await expectRefusal(
      (headers) =>
        call(
          server,
          'PUT',
          teamsPath(dinner.adminId, '/teamhosts'),
          { teams: [{ id: pairTeam.id, hostTeamMemberId: dinner.participantIds[1] }] },
          headers,
        ),
      409,
      'fixed_pair_host_change',
      'This team registered together and cooks in the kitchen of the one who registered it: its host cannot change',
      'Dieses Team hat sich zusammen angemeldet und kocht in der Küche der Person, die es angemeldet hat: Der Gastgeber kann sich nicht ändern',
    );
  });

  it('refuses a host who is not a member (409), an unknown team (404) and a malformed body (406)', async () => {
    const { dinner, teams } = await teamDinner();
    const [a, b] = teams.teams;
    await expectRefusal(
      (headers) =>
        call(
          server,
          'PUT',
          teamsPath(dinner.adminId, '/teamhosts'),
          { teams: [{ id: a.id, hostTeamMemberId: b.teamMembers[0].id }] },
          headers,
        ),
      409,
      'participant_not_in_team',
      'This participant is not a member of the team',
      'Diese Person ist kein Mitglied des Teams',
    );
    await expectRefusal(
      (headers) =>
        call(
          server,
          'PUT',
          teamsPath(dinner.adminId, '/teamhosts'),
          { teams: [{ id: crypto.randomUUID(), hostTeamMemberId: a.teamMembers[0].id }] },
          headers,
        ),
      ...NOT_FOUND,
    );
    await expectIssues(
      (headers) =>
        call(
          server,
          'PUT',
          teamsPath(dinner.adminId, '/teamhosts'),
          { teams: [{ id: 'x', hostTeamMemberId: a.teamMembers[0].id }] },
          headers,
        ),
      [{ field: 'teams.0.id', en: 'Invalid value', de: 'Ungültiger Wert' }],
    );
  });

  it('refuses an empty list of teams (406); hosts that stay hosts change nothing: no activity, routes kept', async () => {
    const { dinner, teams } = await teamDinner();
    const routes = await routeRowIds(dinner);
    const hosts = (body: unknown) => (headers: Record<string, string>) =>
      call(server, 'PUT', teamsPath(dinner.adminId, '/teamhosts'), body, headers);
    await expectIssues(hosts({ teams: [], dinnerAdminId: dinner.adminId }), [
      { field: 'teams', en: 'Choose at least one team', de: 'Wähle mindestens ein Team' },
    ]);
    const same = await put(dinner, '/teamhosts', {
      teams: teams.teams.slice(0, 3).map((t) => ({ id: t.id, hostTeamMemberId: t.hostTeamMember!.id })),
    });
    expect(same.status, same.text).toBe(200);
    expect(same.json).toEqual(teams);
    await expectNothingRecorded(dinner, teams, routes);
  });

  it('refuses a dinnerAdminId other than the one of the address (406)', async () => {
    const { dinner, teams } = await teamDinner();
    const [a] = ordinaryTeams(dinner, teams);
    const other = a.teamMembers.find((m) => m.id !== a.hostTeamMember!.id)!.id;
    const otherDinner = (await teamDinner()).dinner;
    for (const dinnerAdminId of [otherDinner.adminId, 'irgendwas']) {
      await expectIssues(
        (headers) =>
          call(
            server,
            'PUT',
            teamsPath(dinner.adminId, '/teamhosts'),
            { teams: [{ id: a.id, hostTeamMemberId: other }], dinnerAdminId },
            headers,
          ),
        [
          {
            field: 'dinnerAdminId',
            en: 'The running dinner in the request does not match the running dinner of the address',
            de: 'Das Running Dinner in der Anfrage passt nicht zum Running Dinner der Adresse',
          },
        ],
      );
    }
    expect(await readTeams(server, dinner.adminId)).toEqual(teams);
  });

  it('refuses to give a cancelled team a host (409)', async () => {
    const { dinner, teams } = await teamDinner();
    const [victim, other] = ordinaryTeams(dinner, teams);
    await put(dinner, `/team/${victim.id}/cancel`, { teamId: victim.id });
    await expectRefusal(
      (headers) =>
        call(
          server,
          'PUT',
          teamsPath(dinner.adminId, '/teamhosts'),
          { teams: [{ id: victim.id, hostTeamMemberId: other.teamMembers[0].id }] },
          headers,
        ),
      409,
      'team_cancelled',
      'This team is cancelled',
      'Dieses Team ist abgesagt',
    );
  });
});

describe('meeting plans', () => {
  it('names the 2 guest teams and the 2 hosts with the other guest at each; nobody twice', async () => {
    const { dinner, teams } = await teamDinner();
    const team = teams.teams[3];
    const res = await call(server, 'GET', teamsPath(dinner.adminId, `/team/${team.id}/meetingplan`));
    expect(res.status, res.text).toBe(200);
    const plan: MeetingPlan = res.json;
    expect(plan.team).toEqual(team);
    expect(plan.guestTeams).toHaveLength(2);
    expect(plan.guestTeams.every((g) => g.meal.id !== team.meal.id)).toBe(true);
    expect(plan.hostTeams).toHaveLength(2);
    expect(plan.hostTeams.map((h) => h.meetedTeams.length)).toEqual([1, 1]);
    expect(new Set(plan.hostTeams.map((h) => h.meal.id)).size).toBe(2);
    const met = [...plan.guestTeams, ...plan.hostTeams, ...plan.hostTeams.flatMap((h) => h.meetedTeams)].map(
      (t) => t.id,
    );
    expect(new Set(met).size).toBe(6);
    expect(met).not.toContain(team.id);
  });

  it('answers 404 for a team of another dinner', async () => {
    const { dinner } = await teamDinner();
    const foreign = (await teamDinner()).teams.teams[0].id;
    await expectRefusal(
      (headers) => call(server, 'GET', teamsPath(dinner.adminId, `/team/${foreign}/meetingplan`), undefined, headers),
      ...NOT_FOUND,
    );
  });
});

describe('cancelling a member', () => {
  it('keeps the team with the other member, who hosts when the host left; the member leaves the dinner', async () => {
    const { dinner, teams } = await teamDinner();
    const team = ordinaryTeams(dinner, teams)[0];
    const host = team.hostTeamMember!;
    const other = team.teamMembers.find((m) => m.id !== host.id)!;
    const res = await put(dinner, `/team/${team.id}/${host.id}/cancel`);
    expect(res.status, res.text).toBe(200);
    const result: TeamCancellationResult = res.json;
    expect(result.team).toMatchObject({
      id: team.id,
      status: 'OK',
      teamMembers: [{ id: other.id }],
      hostTeamMember: { id: other.id },
    });
    expect(result.replaced).toBe(false);
    expect(result.affectedTeams).toHaveLength(6);
    expect((await call(server, 'GET', participantsPath(dinner.adminId, `/participants/${host.id}`))).status).toBe(404);
    expect((await listActivities(server, dinner.adminId))[0]).toMatchObject({
      type: 'TEAM_MEMBER_CANCELLED',
      details: { name: `${host.firstnamePart} ${host.lastname}`, teamNumber: team.teamNumber },
    });
    const numbers = (await listParticipants(server, dinner.adminId)).participants.map(
      (p: { participantNumber: number }) => p.participantNumber,
    );
    expect(numbers).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
  });

  it('cancels the whole team when its last member cancels; then no member is left to cancel (409)', async () => {
    const { dinner, teams } = await teamDinner();
    const team = ordinaryTeams(dinner, teams)[0];
    await put(dinner, `/team/${team.id}/${team.teamMembers[0].id}/cancel`);
    const last = await put(dinner, `/team/${team.id}/${team.teamMembers[1].id}/cancel`);
    expect(last.json.team).toMatchObject({ status: 'CANCELLED', teamMembers: [], hostTeamMember: null });
    await expectRefusal(
      (headers) =>
        call(
          server,
          'PUT',
          teamsPath(dinner.adminId, `/team/${team.id}/${team.teamMembers[1].id}/cancel`),
          undefined,
          headers,
        ),
      ...NOT_FOUND,
    );
    const survivor = teams.teams.find((t) => t.id !== team.id)!.teamMembers[0].id;
    const cancelledTeamSurvivorPath = `/team/${team.id}/${survivor}/cancel`;
    await expectRefusal(
      (headers) => call(server, 'PUT', teamsPath(dinner.adminId, cancelledTeamSurvivorPath), undefined, headers),
      409,
      'team_no_team_members_left',
      'This team has no members left',
      'Dieses Team hat keine Mitglieder mehr',
    );
  });

  it('refuses to cancel one of a pair registered together alone (409), but not one of a mutual wish', async () => {
    const { dinner, teams } = await teamDinner();
    const [p1, p2, p3] = dinner.participantIds;
    for (const member of [p1, p2]) {
      await expectRefusal(
        (headers) =>
          call(
            server,
            'PUT',
            teamsPath(dinner.adminId, `/team/${teamOf(teams, p1).id}/${member}/cancel`),
            undefined,
            headers,
          ),
        409,
        'invalid_team_member_cancellation_root_teampartner',
        'These two registered together as a team: neither can leave the team alone, cancel the whole team instead',
        'Die beiden haben sich zusammen als Team angemeldet: Keiner von beiden kann das Team allein verlassen, sag stattdessen das ganze Team ab',
      );
    }
    expect((await put(dinner, `/team/${teamOf(teams, p3).id}/${p3}/cancel`)).status).toBe(200);
  });

  it('refuses a participant of another team of the dinner (409)', async () => {
    const { dinner, teams } = await teamDinner();
    const [a, b] = teams.teams;
    await expectRefusal(
      (headers) =>
        call(
          server,
          'PUT',
          teamsPath(dinner.adminId, `/team/${a.id}/${b.teamMembers[0].id}/cancel`),
          undefined,
          headers,
        ),
      409,
      'participant_not_in_team',
      'This participant is not a member of the team',
      'Diese Person ist kein Mitglied des Teams',
    );
  });
});

describe('moving a member onto the waiting list', () => {
  it('keeps the participant, on the waiting list, and leaves the team a free place to fill', async () => {
    const { dinner, teams } = await teamDinner();
    const team = ordinaryTeams(dinner, teams)[0];
    const host = team.hostTeamMember!;
    const other = team.teamMembers.find((m) => m.id !== host.id)!;
    const res = await put(dinner, `/team/${team.id}/${host.id}/waitinglist`);
    expect(res.status, res.text).toBe(200);
    expect((res.json as TeamCancellationResult).team).toMatchObject({
      id: team.id,
      status: 'OK',
      teamMembers: [{ id: other.id }],
      hostTeamMember: { id: other.id },
    });
    const moved = await call(server, 'GET', participantsPath(dinner.adminId, `/participants/${host.id}`));
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ id: host.id, teamId: null, email: host.email });
    const list = await listParticipants(server, dinner.adminId);
    expect(list.participantsWaitingList.map((p: { id: string }) => p.id)).toContain(host.id);
    const waiting = await call(server, 'GET', waitingListPath(dinner.adminId));
    expect(waiting.json.teamsWithMissingMembers.map((t: { id: string }) => t.id)).toEqual([team.id]);
    expect((await listActivities(server, dinner.adminId))[0]).toMatchObject({
      type: 'TEAM_MEMBER_TO_WAITINGLIST',
      details: { name: `${host.firstnamePart} ${host.lastname}`, teamNumber: team.teamNumber },
    });
  });

  it('refuses one of a pair registered together (409), a member of another team (409) and an unknown team (404)', async () => {
    const { dinner, teams } = await teamDinner();
    const [p1] = dinner.participantIds;
    const move = (teamId: string, participantId: string) => (headers: Record<string, string>) =>
      call(
        server,
        'PUT',
        teamsPath(dinner.adminId, `/team/${teamId}/${participantId}/waitinglist`),
        undefined,
        headers,
      );
    await expectRefusal(
      move(teamOf(teams, p1).id, p1),
      409,
      'invalid_team_member_cancellation_root_teampartner',
      'These two registered together as a team: neither can leave the team alone, cancel the whole team instead',
      'Die beiden haben sich zusammen als Team angemeldet: Keiner von beiden kann das Team allein verlassen, sag stattdessen das ganze Team ab',
    );
    const [a, b] = teams.teams;
    await expectRefusal(
      move(a.id, b.teamMembers[0].id),
      409,
      'participant_not_in_team',
      'This participant is not a member of the team',
      'Diese Person ist kein Mitglied des Teams',
    );
    await expectRefusal(move(crypto.randomUUID(), b.teamMembers[0].id), ...NOT_FOUND);
    expect((await listParticipants(server, dinner.adminId)).participantsWaitingList).toEqual([]);
  });

  it('moves a member once when two organisers ask at the same moment: the other is told the person left the team', async () => {
    const { dinner, teams } = await teamDinner();
    const team = ordinaryTeams(dinner, teams)[0];
    const member = team.teamMembers[0];
    const answers = await Promise.all([1, 2].map(() => put(dinner, `/team/${team.id}/${member.id}/waitinglist`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.json.code).toBe('participant_not_in_team');
    const waiting = (await listParticipants(server, dinner.adminId)).participantsWaitingList;
    expect(waiting.map((p: { id: string }) => p.id)).toEqual([member.id]);
    const moves = (await listActivities(server, dinner.adminId)).filter(
      (a: { type: string }) => a.type === 'TEAM_MEMBER_TO_WAITINGLIST',
    );
    expect(moves).toHaveLength(1);
  });

  it('answers 404 for a team and member of another dinner, whose team stays as it was', async () => {
    const { dinner } = await teamDinner();
    const other = await teamDinner();
    const foreign = ordinaryTeams(other.dinner, other.teams)[0];
    const member = foreign.teamMembers[0];
    await expectRefusal(
      (headers) =>
        call(
          server,
          'PUT',
          teamsPath(dinner.adminId, `/team/${foreign.id}/${member.id}/waitinglist`),
          undefined,
          headers,
        ),
      ...NOT_FOUND,
    );
    const still = await call(server, 'GET', participantsPath(other.dinner.adminId, `/participants/${member.id}`));
    expect(still.json).toMatchObject({ id: member.id, teamId: foreign.id });
    expect((await listParticipants(server, other.dinner.adminId)).participantsWaitingList).toEqual([]);
  });
});

describe('cancelling a team', () => {
  it('answers a dry run with the affected teams and changes nothing', async () => {
    const { dinner, teams } = await teamDinner();
    const team = ordinaryTeams(dinner, teams)[0];
    const res = await put(dinner, `/team/${team.id}/cancel`, { teamId: team.id, dryRun: true });
    expect(res.status, res.text).toBe(200);
    const result: TeamCancellationResult = res.json;
    expect(result).toMatchObject({
      dryRun: true,
      replaced: false,
      team: { id: team.id, status: 'CANCELLED', teamMembers: [] },
      sentMails: { teamMails: false, dinnerRouteMails: false, dinnerRouteRecipients: 0, published: NOT_PUBLISHED },
    });
    const plan: MeetingPlan = (await call(server, 'GET', teamsPath(dinner.adminId, `/team/${team.id}/meetingplan`)))
      .json;
    const mates = [...plan.guestTeams, ...plan.hostTeams, ...plan.hostTeams.flatMap((h) => h.meetedTeams)]
      .map((t) => t.id)
      .sort();
    expect(result.affectedTeams.map((t) => t.id).sort()).toEqual(mates);
    expect(await readTeams(server, dinner.adminId)).toEqual(teams);
    expect((await listParticipants(server, dinner.adminId)).participants).toHaveLength(18);
  });

  it('cancels a team: its members leave, its place stays, and its guests find the host cancelled', async () => {
    const { dinner, teams } = await teamDinner();
    const team = ordinaryTeams(dinner, teams)[0];
    const res = await put(dinner, `/team/${team.id}/cancel`, {
      teamId: team.id,
      replacementParticipantIds: [],
      replaceTeam: false,
      dryRun: false,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ dryRun: false, replaced: false, team: { status: 'CANCELLED' } });
    expect(res.json.affectedTeams).toHaveLength(6);
    const after = await readTeams(server, dinner.adminId);
    expect(teamNumbered(after, team.teamNumber)).toMatchObject({
      id: team.id,
      status: 'CANCELLED',
      teamMembers: [],
      meal: team.meal,
    });
    expect((await listParticipants(server, dinner.adminId)).participants).toHaveLength(16);
    const guest = (await call(server, 'GET', teamsPath(dinner.adminId, `/team/${team.id}/meetingplan`))).json
      .guestTeams[0];
    const guestPlan: MeetingPlan = (
      await call(server, 'GET', teamsPath(dinner.adminId, `/team/${guest.id}/meetingplan`))
    ).json;
    expect(guestPlan.hostTeams.find((h) => h.id === team.id)?.status).toBe('CANCELLED');
    await expectMeetOnceRoutes(server, dinner.id, 3);
    expect((await listActivities(server, dinner.adminId))[0]).toMatchObject({
      type: 'TEAM_CANCELLED',
      details: { teamNumber: team.teamNumber },
    });
    await expectRefusal(
      (headers) =>
        call(server, 'PUT', teamsPath(dinner.adminId, `/team/${team.id}/cancel`), { teamId: team.id }, headers),
      409,
      'team_cancelled',
      'This team is cancelled',
      'Dieses Team ist abgesagt',
    );
  });

  it('replaces a team by exactly two waiting participants, who then cook at its place', async () => {
    const { dinner, teams } = await teamDinner(20);
    const team = ordinaryTeams(dinner, teams)[0];
    const waiting = dinner.participantIds.slice(18);
    const dry = await put(dinner, `/team/${team.id}/cancel`, {
      teamId: team.id,
      replacementParticipantIds: waiting,
      replaceTeam: true,
      dryRun: true,
    });
    expect(dry.json).toMatchObject({ dryRun: true, replaced: true, team: { status: 'REPLACED' } });
    expect(memberIdsOf(dry.json.team)).toEqual([...waiting].sort());
    expect(await readTeams(server, dinner.adminId)).toEqual(teams);

    const res = await put(dinner, `/team/${team.id}/cancel`, {
      teamId: team.id,
      replacementParticipantIds: waiting,
      replaceTeam: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ dryRun: false, replaced: true });
    const after = teamNumbered(await readTeams(server, dinner.adminId), team.teamNumber);
    expect(after).toMatchObject({ id: team.id, status: 'REPLACED', meal: team.meal });
    expect(memberIdsOf(after)).toEqual([...waiting].sort());
    expect(waiting).toContain(after.hostTeamMember?.id);
    expect((await listParticipants(server, dinner.adminId)).participantsWaitingList).toEqual([]);
    expect((await listActivities(server, dinner.adminId))[0].type).toBe('TEAM_REPLACED');
  });

  it('refuses too few or too many replacements (406) and participants who do not wait (409)', async () => {
    const { dinner, teams } = await teamDinner(22);
    const team = ordinaryTeams(dinner, teams)[0];
    const waiting = dinner.participantIds.slice(18);
    const cancel = (replacementParticipantIds: string[]) => (headers: Record<string, string>) =>
      call(
        server,
        'PUT',
        teamsPath(dinner.adminId, `/team/${team.id}/cancel`),
        { teamId: team.id, replacementParticipantIds, replaceTeam: true },
        headers,
      );
    for (const ids of [[], waiting.slice(0, 1)]) {
      await expectIssues(cancel(ids), [
        {
          field: 'replacementParticipantIds',
          en: 'Too few participants: a team is replaced by exactly 2 waiting participants',
          de: 'Zu wenige Personen: Ein Team wird durch genau 2 Personen von der Warteliste ersetzt',
        },
      ]);
    }
    await expectIssues(cancel(waiting.slice(0, 3)), [
      {
        field: 'replacementParticipantIds',
        en: 'Too many participants: a team has at most 2 members',
        de: 'Zu viele Personen: Ein Team hat höchstens 2 Mitglieder',
      },
    ]);
    await expectRefusal(
      cancel([waiting[0], teams.teams[5].teamMembers[0].id]),
      409,
      'participant_assigned_in_team',
      'This participant is already in a team',
      'Diese Person ist schon in einem Team',
    );
    const [unconfirmed] = await insertParticipants(server, dinner.id, 1, () => ({ activated_at: null }));
    await expectRefusal(
      cancel([waiting[0], unconfirmed]),
      409,
      'replacement_not_waiting',
      'This participant is not on the waiting list',
      'Diese Person steht nicht auf der Warteliste',
    );
    expect(await readTeams(server, dinner.adminId)).toEqual(teams);
  });

  it('replaces a cancelled team later by exactly two waiting participants: REPLACED, the one with seats hosts', async () => {
    const { dinner, teams } = await teamDinner();
    const team = ordinaryTeams(dinner, teams)[0];
    expect((await put(dinner, `/team/${team.id}/cancel`, { teamId: team.id })).json.team.status).toBe('CANCELLED');
    // Two register late: the first without seats for a table, the second with.
    const waiting = await insertParticipants(server, dinner.id, 2, (n) => ({ num_seats: n % 2 === 0 ? 8 : 2 }));
    const replace = (replacementParticipantIds: string[], dryRun = false) =>
      put(dinner, `/team/${team.id}/cancel`, { teamId: team.id, replacementParticipantIds, replaceTeam: true, dryRun });
    await expectIssues(
      (headers) =>
        call(
          server,
          'PUT',
          teamsPath(dinner.adminId, `/team/${team.id}/cancel`),
          { teamId: team.id, replacementParticipantIds: waiting.slice(0, 1), replaceTeam: true },
          headers,
        ),
      [
        {
          field: 'replacementParticipantIds',
          en: 'Too few participants: a team is replaced by exactly 2 waiting participants',
          de: 'Zu wenige Personen: Ein Team wird durch genau 2 Personen von der Warteliste ersetzt',
        },
      ],
    );
    const dry = await replace(waiting, true);
    expect(dry.status, dry.text).toBe(200);
    expect(dry.json).toMatchObject({ dryRun: true, replaced: true, team: { id: team.id, status: 'REPLACED' } });
    const res = await replace(waiting);
    expect(res.status, res.text).toBe(200);
    const after = teamNumbered(await readTeams(server, dinner.adminId), team.teamNumber);
    expect(after).toMatchObject({ id: team.id, status: 'REPLACED', meal: team.meal });
    expect(memberIdsOf(after)).toEqual([...waiting].sort());
    const seats = new Map(after.teamMembers.map((m) => [m.id, m.numSeats]));
    expect(seats.get(after.hostTeamMember!.id)).toBe(8);
    await expectMeetOnceRoutes(server, dinner.id, 3);
    expect((await listActivities(server, dinner.adminId))[0]).toMatchObject({
      type: 'TEAM_REPLACED',
      details: { teamNumber: team.teamNumber },
    });
  });

  it('refuses replacement participants when the team is not to be replaced (406) and changes nothing', async () => {
    const { dinner, teams } = await teamDinner(20);
    const team = ordinaryTeams(dinner, teams)[0];
    const waiting = dinner.participantIds.slice(18);
    for (const dryRun of [true, false]) {
      await expectIssues(
        (headers) =>
          call(
            server,
            'PUT',
            teamsPath(dinner.adminId, `/team/${team.id}/cancel`),
            { teamId: team.id, replacementParticipantIds: waiting, replaceTeam: false, dryRun },
            headers,
          ),
        [
          {
            field: 'replacementParticipantIds',
            en: 'The team is cancelled without replacement, so no replacement participants can be given',
            de: 'Das Team wird ohne Ersatz abgesagt, deshalb kannst du keine Ersatzpersonen angeben',
          },
        ],
      );
    }
    expect(await readTeams(server, dinner.adminId)).toEqual(teams);
  });

  it('answers a dry run as the real run: a plan the real run would refuse is refused (409 plan_invalid)', async () => {
    const { dinner, teams } = await teamDinner();
    const [a, b, victim] = ordinaryTeams(dinner, teams);
    // Stored before partner wishes were checked against the teams: members of two teams name each other.
    const [x, y] = [a.teamMembers[0], b.teamMembers[0]];
    await server.deps.db
      .updateTable('participant')
      .set({ team_partner_wish_email: y.email })
      .where('id', '=', x.id)
      .execute();
    await server.deps.db
      .updateTable('participant')
      .set({ team_partner_wish_email: x.email })
      .where('id', '=', y.id)
      .execute();
    for (const dryRun of [true, false]) {
      await expectRefusal(
        (headers) =>
          call(
            server,
            'PUT',
            teamsPath(dinner.adminId, `/team/${victim.id}/cancel`),
            { teamId: victim.id, dryRun },
            headers,
          ),
        409,
        'plan_invalid',
        'This change would break the team plan, so nothing was changed',
        'Diese Änderung würde die Teameinteilung zerstören, deshalb wurde nichts geändert',
      );
    }
    expect(planShape(await readTeams(server, dinner.adminId))).toEqual(planShape(teams));
    expect((await listParticipants(server, dinner.adminId)).participants).toHaveLength(18);
  });

  it('refuses a body naming another team (406)', async () => {
    const { dinner, teams } = await teamDinner();
    const [a, b] = teams.teams;
    await expectIssues(
      (headers) => call(server, 'PUT', teamsPath(dinner.adminId, `/team/${a.id}/cancel`), { teamId: b.id }, headers),
      [
        {
          field: 'teamId',
          en: 'The team in the request does not match the team of the address',
          de: 'Das Team in der Anfrage passt nicht zum Team der Adresse',
        },
      ],
    );
  });
});

describe('teams and the rest of the dinner', () => {
  it('refuses to change the number of meals while teams exist; labels and times may change', async () => {
    const { dinner } = await teamDinner();
    const meals = createBody().options.meals;
    await expectRefusal(
      (headers) => call(server, 'PUT', adminPath(dinner.adminId, '/meals'), { meals: meals.slice(0, 2) }, headers),
      409,
      'meal_count_fixed',
      'The number of meals cannot change once the teams are made. Drop the teams first.',
      'Die Zahl der Gänge kann sich nicht mehr ändern, sobald die Teams eingeteilt sind. Löse die Teams zuerst auf.',
    );
    const renamed = await call(server, 'PUT', adminPath(dinner.adminId, '/meals'), {
      meals: meals.map((m) => ({ ...m, label: `Neu: ${m.label}` })),
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await readTeams(server, dinner.adminId)).teams[0].meal.label).toMatch(/^Neu: /);
    await call(server, 'DELETE', teamsPath(dinner.adminId));
    expect((await call(server, 'PUT', adminPath(dinner.adminId, '/meals'), { meals: meals.slice(0, 2) })).status).toBe(
      200,
    );
  });

  it('refuses every change to the teams of a cancelled dinner', async () => {
    const { dinner, teams } = await teamDinner();
    await call(server, 'DELETE', adminPath(dinner.adminId));
    await expectRefusal(
      (headers) => call(server, 'PUT', teamsPath(dinner.adminId), undefined, headers),
      ...DINNER_CANCELLED,
    );
    await expectRefusal(
      (headers) => call(server, 'DELETE', teamsPath(dinner.adminId), undefined, headers),
      ...DINNER_CANCELLED,
    );
    await expectRefusal(
      (headers) =>
        call(
          server,
          'PUT',
          teamsPath(dinner.adminId, `/meals/swap/${teams.teams[0].id}/${teams.teams[1].id}`),
          undefined,
          headers,
        ),
      ...DINNER_CANCELLED,
    );
    expect((await readTeams(server, dinner.adminId)).teams).toHaveLength(9);
  });

  it('refuses changes after the dinner took place', async () => {
    const { dinner } = await teamDinner();
    server.clock.advance(60 * DAY_MS);
    try {
      const res = await call(server, 'DELETE', teamsPath(dinner.adminId));
      expect(res.json.code).toBe('dinner_date_passed');
    } finally {
      server.clock.advance(-60 * DAY_MS);
    }
  });

  it('refuses to store a broken plan with 409 and changes nothing', async () => {
    const { dinner, teams } = await teamDinner();
    const [a, b] = teams.teams.filter((t) => t.meal.id === teams.teams[0].meal.id);
    // A bug or a hand-edited database: two teams in the same place of the design.
    const { design_position } = await server.deps.db
      .selectFrom('team')
      .select('design_position')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    await server.deps.db.updateTable('team').set({ design_position }).where('id', '=', b.id).execute();
    await expectRefusal(
      (headers) =>
        call(server, 'PUT', teamsPath(dinner.adminId, `/teamnumbers/swap/${a.id}/${b.id}`), undefined, headers),
      409,
      'plan_invalid',
      'This change would break the team plan, so nothing was changed',
      'Diese Änderung würde die Teameinteilung zerstören, deshalb wurde nichts geändert',
    );
    expect((await readTeams(server, dinner.adminId)).teams.map((t) => t.teamNumber)).toEqual(
      teams.teams.map((t) => t.teamNumber),
    );
    expect((await listActivities(server, dinner.adminId))[0].type).toBe('TEAMS_GENERATED');
  });

  it('answers the same 404 for an unknown admin id on every route', async () => {
    const id = crypto.randomUUID();
    const team = crypto.randomUUID();
    const routes: [string, string, unknown?][] = [
      ['GET', ''],
      ['POST', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['PUT', `/teammembers/swap/${team}/${team}`],
      ['PUT', `/meals/swap/${team}/${team}`],
      ['PUT', `/teamnumbers/swap/${team}/${team}`],
      ['PUT', '/teamhosts', { teams: [] }],
      ['GET', `/team/${team}/meetingplan`],
      ['PUT', `/team/${team}/${team}/cancel`],
      ['PUT', `/team/${team}/cancel`, { teamId: team }],
    ];
    for (const [method, suffix, body] of routes) {
      const res = await call(server, method, teamsPath(id, suffix), body);
      expect(res.status, `${method} ${suffix}`).toBe(404);
      expect(res.json.code).toBe('not_found');
    }
  });
});
