import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParticipantUpdate } from '../../contract/updates.js';
import { createBody } from '../support/factories.js';
import { confirmOrganiser, startServerWithSmtpSink, stopServerWithSmtpSink } from '../support/mail-server.js';
import { type PageView, pageView, selfAdminIdOf } from '../support/participant-view.js';
import type { ReceivedMail, SmtpSink } from '../support/smtp-sink.js';
import {
  dinnerWithParticipants,
  generateTeams,
  insertParticipants,
  type TeamDinner,
  teamsPath,
  waitingListPath,
} from '../support/teams.js';
import { call, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

// Issue 24: a personal page shows the team and route only once a mail told them, the server keeps what each mail
// told, and after any change exactly the people whose team or route is no longer as told get an update.

let sink: SmtpSink;
let server: TestServer;
beforeAll(async () => {
  ({ server, sink } = await startServerWithSmtpSink({ MAIL_RATE_PER_SECOND: '1000', MAIL_CONCURRENCY: '8' }));
});
afterAll(() => stopServerWithSmtpSink({ server, sink }));

const messagesPath = (adminId: string, suffix: string) => `/messageservice/v1/runningdinner/${adminId}${suffix}`;
const UPDATE_SUBJECT = 'Changes to your running dinner';

/** 18 people (plus `extra` who wait) in English, each at an address of their own, teams made, organiser confirmed. */
async function toldDinner(extra = 0) {
  const dinner = await dinnerWithParticipants(server, 18 + extra, {
    body: createBody({ languageCode: 'en' }),
    overrides: (n) => ({ street: `Gartenweg`, street_nr: `${n}` }),
  });
  const teams = await generateTeams(server, dinner.adminId);
  await confirmOrganiser(server, dinner.id);
  return { dinner, teams, selfAdminId: await selfAdminIdOf(server, dinner.id) };
}

async function send(dinner: TeamDinner, type: 'team' | 'dinnerroute' | 'update', subject: string) {
  const templates = (await call(server, 'GET', messagesPath(dinner.adminId, '/templates'))).json;
  const key = { team: 'TEAM', dinnerroute: 'DINNER_ROUTE', update: 'UPDATE' }[type];
  const selection = type === 'update' ? {} : { teamSelection: 'ALL' };
  const sent = await call(server, 'PUT', messagesPath(dinner.adminId, `/mails/${type}`), {
    ...templates[key],
    ...selection,
    subject,
  });
  expect(sent.status, sent.text).toBe(201);
  await until(async () => {
    const job = (await call(server, 'GET', messagesPath(dinner.adminId, `/messagejobs/${sent.json.id}`))).json;
    return job.sendingStatus === 'SENDING_FINISHED';
  }, `the ${type} mails delivered`);
  return sink.mails.filter((m) => m.subject === subject);
}

const updates = async (dinner: TeamDinner): Promise<ParticipantUpdate[]> =>
  (await call(server, 'GET', messagesPath(dinner.adminId, '/updates'))).json;

const emailsOf = async (dinner: TeamDinner, participantIds: string[]) =>
  (
    await server.deps.db
      .selectFrom('participant')
      .select('email')
      .where('running_dinner_id', '=', dinner.id)
      .where('id', 'in', participantIds)
      .execute()
  )
    .map((p) => p.email)
    .sort();

describe('the personal page before and after the mails', () => {
  it('shows no team and no route until a mail told them, then the team, then the route', async () => {
    const { dinner, teams, selfAdminId } = await toldDinner();
    const team = teams.teams[0];
    const [self, partner] = team.teamMembers;
    const page = (suffix: string) => call(server, 'GET', `/self/v1/${selfAdminId}/${self.id}${suffix}`);
    const secrets = [partner.lastname, partner.email, team.id];

    const home = await page('/sessiondata');
    expect(home.json).toMatchObject({ teamsExist: true, shown: { team: false, route: false }, team: null });
    for (const secret of secrets) expect(home.text).not.toContain(secret);
    for (const [suffix, code] of [
      [`/${team.id}/team`, 'team_not_shown'],
      [`/${team.id}/dinnerroute`, 'route_not_shown'],
    ]) {
      const refused = await page(suffix);
      expect(refused.status).toBe(409);
      expect(refused.json.code).toBe(code);
      for (const secret of secrets) expect(refused.text).not.toContain(secret);
    }

    await send(dinner, 'team', 'Your team');
    expect((await page('/sessiondata')).json).toMatchObject({
      shown: { team: true, route: false },
      team: { teamId: team.id },
    });
    expect((await page(`/${team.id}/team`)).status).toBe(200);
    expect((await page(`/${team.id}/dinnerroute`)).status).toBe(409);

    await send(dinner, 'dinnerroute', 'Your route');
    expect((await page('/sessiondata')).json.shown).toEqual({ team: true, route: true });
    expect((await page(`/${team.id}/dinnerroute`)).status).toBe(200);
    expect(await updates(dinner)).toEqual([]);
  });
});

describe('a host change by a participant after the routes went out', () => {
  it('tells every guest team the new address at once, and nobody else, moving the calendar event', async () => {
    const { dinner, teams, selfAdminId } = await toldDinner();
    const routeMails = await send(dinner, 'dinnerroute', 'Route before');
    const team = teams.teams[0];
    const [host, partner] = [team.hostTeamMember!, team.teamMembers.find((m) => m.id !== team.hostTeamMember!.id)!];
    const guestTeamIds = (
      await server.deps.db
        .selectFrom('route_visit')
        .select('guest_team_id')
        .where('host_team_id', '=', team.id)
        .execute()
    ).map((v) => v.guest_team_id);
    const guests = teams.teams.filter((t) => guestTeamIds.includes(t.id)).flatMap((t) => t.teamMembers);
    expect(guests).toHaveLength(4);

    const changed = await call(server, 'PUT', `/self/v1/${selfAdminId}/${host.id}/${team.id}/teamhost`, {
      teamId: team.id,
      participantId: host.id,
      newHostingTeamMemberId: partner.id,
      comment: '',
    });
    expect(changed.status, changed.text).toBe(200);
    const newAddress = `Gartenweg ${partner.streetNr}`;
    const told = await until(() => {
      const arrived = sink.mails.filter((m) => m.subject === UPDATE_SUBJECT && m.to.includes('@'));
      return arrived.length >= 4 && arrived;
    }, 'the guests’ updates');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const allUpdates = sink.mails.filter((m) => m.subject === UPDATE_SUBJECT);
    expect(allUpdates).toHaveLength(4);
    expect(allUpdates.map((m) => m.to).sort()).toEqual(guests.map((g) => g.email).sort());
    for (const mail of told) {
      expect(mail.text).toContain(`now at ${newAddress}`);
      expect(mail.text).toContain(`instead of Gartenweg ${host.streetNr}`);
      const before = routeMails.find((m) => m.to === mail.to)!;
      expectMovedCalendar(before, mail);
    }
    // The partner is told by the host-change mail, the host knew: nobody is left to update.
    expect(sink.mails.some((m) => m.to === partner.email && m.subject !== 'Route before')).toBe(true);
    expect(await updates(dinner)).toEqual([]);
  });
});

function calendarEvents(mail: ReceivedMail) {
  const calendar = new ICAL.Component(ICAL.parse(mail.attachments[0].content));
  return calendar.getAllSubcomponents('vevent').map((event) => ({
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    location: String(event.getFirstPropertyValue('location') ?? ''),
  }));
}

/** The same events (UIDs) with a higher SEQUENCE, so a calendar moves them instead of adding more. */
function expectMovedCalendar(before: ReceivedMail, after: ReceivedMail) {
  const [old, now] = [calendarEvents(before), calendarEvents(after)];
  expect(now.map((e) => e.uid).sort()).toEqual(old.map((e) => e.uid).sort());
  for (const event of now) expect(event.sequence).toBeGreaterThan(old.find((e) => e.uid === event.uid)!.sequence);
}

describe('the organiser’s changes after the routes went out', () => {
  it('lists exactly whose team or route changed, and one update reaches exactly them', async () => {
    const { dinner, teams, selfAdminId } = await toldDinner(1);
    await send(dinner, 'dinnerroute', 'Route first');
    const everyone = teams.teams.flatMap((t) => t.teamMembers.map((m) => m.id));
    const views = async (ids: string[]) =>
      new Map(await Promise.all(ids.map(async (id) => [id, await pageView(server, selfAdminId, id)] as const)));
    const before = await views(everyone);

    const [a, b] = [teams.teams[0], teams.teams[4]];
    expect((await call(server, 'PUT', teamsPath(dinner.adminId, `/meals/swap/${a.id}/${b.id}`))).status).toBe(200);
    const leaving = teams.teams[7].teamMembers[1];
    const left = await call(
      server,
      'PUT',
      teamsPath(dinner.adminId, `/team/${teams.teams[7].id}/${leaving.id}/cancel`),
    );
    expect(left.status, left.text).toBe(200);
    const waiting = (await call(server, 'GET', waitingListPath(dinner.adminId))).json.participants[0];
    const placed = await call(server, 'PUT', waitingListPath(dinner.adminId, '/assign-participants-teams'), {
      teamParticipantsAssignments: [{ teamId: teams.teams[7].id, participantIds: [waiting.id] }],
    });
    expect(placed.status, placed.text).toBe(200);

    // Everyone's pages are readable now without telling anyone: publishing shows, it does not tell.
    await call(server, 'PUT', teamsPath(dinner.adminId, '/published'), { teams: true, routes: true });
    const stayed = everyone.filter((id) => id !== leaving.id);
    const after = await views([...stayed, waiting.id]);
    const changed = [...after.keys()].filter((id) => !sameView(before.get(id), after.get(id)));
    expect(changed).toContain(waiting.id);
    const listed = await updates(dinner);
    expect(listed.map((u) => u.participantId).sort()).toEqual(changed.sort());
    const placedOne = listed.find((u) => u.participantId === waiting.id)!;
    expect(placedOne.changes.map((c) => c.kind)).toEqual(expect.arrayContaining(['PARTNER', 'MEAL', 'PLACE', 'HOSTS']));
    for (const update of listed) expect(update.changes.length).toBeGreaterThan(0);

    const mails = await send(dinner, 'update', 'What changed');
    expect(mails.map((m) => m.to).sort()).toEqual(await emailsOf(dinner, changed));
    expect(await updates(dinner)).toEqual([]);
    const teamsNow = (await call(server, 'GET', teamsPath(dinner.adminId))).json;
    expect(teamsNow.sentMails).toMatchObject({ teamMails: false, dinnerRouteMails: true });
  });

  it('refuses an update when nobody needs one, naming why', async () => {
    const { dinner } = await toldDinner();
    await send(dinner, 'dinnerroute', 'Route only');
    const templates = (await call(server, 'GET', messagesPath(dinner.adminId, '/templates'))).json;
    const refused = await call(server, 'PUT', messagesPath(dinner.adminId, '/mails/update'), templates.UPDATE);
    expect(refused.status).toBe(406);
    expect(refused.json.issues).toEqual([
      { field: 'participantIds', message: 'Nobody needs an update: every team and route is as the mails told it.' },
    ]);
  });
});

const sameView = (a: PageView | null | undefined, b: PageView | null | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

describe('someone who confirms after the teams were made', () => {
  it('is told on the page and by mail that they wait for a place, and what that means', async () => {
    const { dinner } = await toldDinner();
    const [late] = await insertParticipants(server, dinner.id, 1, () => ({ activated_at: null }));
    const publicDinnerId = (
      await server.deps.db
        .selectFrom('running_dinner')
        .select('public_dinner_id')
        .where('id', '=', dinner.id)
        .executeTakeFirstOrThrow()
    ).public_dinner_id;
    const confirmed = await call(server, 'PUT', `/frontend/v1/runningdinner/${publicDinnerId}/${late}/activate`);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json.onWaitingList).toBe(true);
    const mail = await until(
      () => sink.mails.find((m) => m.subject.startsWith('You are on the waiting list')),
      'the waiting-list mail',
    );
    expect(mail.text).toContain('The teams are already made, so you are on the waiting list');
    expect(mail.text).toContain('when someone cancels, the organiser can give you their place');
  });
});
