import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewParticipant } from '../../db/schema.js';
import { loadConfig } from '../../server/config.js';
import {
  DINNER_CANCELLED,
  DINNER_DATE_PASSED,
  expectIssues,
  expectRefusal,
  SELF_LINK_INVALID,
} from '../support/bilingual.js';
import { adminPath, afterParty, createBody, registrationForm } from '../support/factories.js';
import { startServerWithSmtpSink, stopServerWithSmtpSink } from '../support/mail-server.js';
import { insertRegistered, listActivities } from '../support/participants.js';
import { createPublicDinner, type PublicDinner } from '../support/registration.js';
import type { SmtpSink } from '../support/smtp-sink.js';
import { call, daysLater, GERMAN, type RequestHeaders, type TestServer } from '../support/test-server.js';

let sink: SmtpSink;
let server: TestServer;
beforeAll(async () => {
  ({ server, sink } = await startServerWithSmtpSink());
});
afterAll(() => stopServerWithSmtpSink({ server, sink }));

const TEAM_CANCELLED = [
  409,
  'team_cancelled',
  'Your team was cancelled, so its host can no longer be changed. If something is wrong, please contact the organiser.',
  'Euer Team wurde abgesagt, deshalb kann der Gastgeber nicht mehr geändert werden. Wenn etwas nicht stimmt, wende dich bitte an den Veranstalter.',
] as const;

const DATE = createBody().basicDetails.date;
const MEALS = [
  ['Vorspeise', '19:00'],
  ['Hauptgericht', '21:00'],
  ['Nachspeise', '23:00'],
];
/** Meal `position` of the seeded dinner as the wire shows it. */
const mealOf = (dinner: SeededDinner, position: number) => ({
  id: dinner.mealIds[position],
  label: MEALS[position][0],
  time: `${DATE}T${MEALS[position][1]}`,
});
const mealsOf = (dinner: SeededDinner) => [0, 1, 2].map((position) => mealOf(dinner, position));

interface SeededTeam {
  id: string;
  teamNumber: number;
  /** The meal's position (0 appetizer, 1 main course, 2 dessert). */
  meal: number;
  members: NewParticipant[];
}

interface SeededDinner extends PublicDinner {
  teams: SeededTeam[];
  mealIds: string[];
}

/**
 * 9 teams of 18 participants on the affine plane of order 3, the smallest meet-once design: team k is the point
 * (class c = k / 3, x = k % 3) and hosts meal c; at meal m the teams on the line x = m·c + b eat together at the
 * one of class m. Two points share exactly one line, so no two teams meet twice. Team k is the (2k)th and (2k+1)th
 * participant, the first of them hosting. `fields(i)` and `row(i)` shape participant i.
 */
async function seedTeams(
  dinner: PublicDinner,
  fields: (i: number) => Record<string, unknown> = () => ({}),
  row: (i: number) => Partial<NewParticipant> = () => ({}),
): Promise<SeededDinner> {
  const db = server.deps.db;
  const participants: NewParticipant[] = [];
  for (let i = 0; i < 18; i++) {
    participants.push(
      await insertRegistered(
        server,
        dinner.adminId,
        { firstnamePart: `Vorname${i}`, lastname: `Nachname${i}`, email: `p${i}@example.org`, ...fields(i) },
        row(i),
      ),
    );
  }
  const mealIds = (
    await db.selectFrom('meal').select('id').where('running_dinner_id', '=', dinner.id).orderBy('position').execute()
  ).map((m) => m.id);
  const teams: SeededTeam[] = Array.from({ length: 9 }, (_, k) => ({
    id: crypto.randomUUID(),
    teamNumber: k + 1,
    meal: Math.floor(k / 3),
    members: participants.slice(2 * k, 2 * k + 2),
  }));
  const created_at = new Date().toISOString();
  for (const team of teams) {
    await db
      .insertInto('team')
      .values({
        id: team.id,
        running_dinner_id: dinner.id,
        team_number: team.teamNumber,
        meal_id: mealIds[team.meal],
        host_participant_id: team.members[0].id!,
        status: 'OK',
        design_position: (team.teamNumber - 1) % 3,
        created_at,
      })
      .execute();
    await db
      .updateTable('participant')
      .set({ team_id: team.id })
      .where(
        'id',
        'in',
        team.members.map((m) => m.id!),
      )
      .execute();
  }
  const teamAt = (c: number, x: number) => teams[c * 3 + (((x % 3) + 3) % 3)];
  for (let meal = 0; meal < 3; meal++) {
    for (let b = 0; b < 3; b++) {
      const host = teamAt(meal, meal * meal + b);
      for (let c = 0; c < 3; c++) {
        const guest = teamAt(c, meal * c + b);
        if (guest === host) continue;
        await db
          .insertInto('route_visit')
          .values({
            id: crypto.randomUUID(),
            running_dinner_id: dinner.id,
            meal_id: mealIds[meal],
            host_team_id: host.id,
            guest_team_id: guest.id,
          })
          .execute();
      }
    }
  }
  // Shown on the personal pages as if the organiser published them: what hides them before is tested in updates.
  await db
    .updateTable('running_dinner')
    .set({ teams_published: 1, routes_published: 1 })
    .where('id', '=', dinner.id)
    .execute();
  return { ...dinner, teams, mealIds };
}

const selfPath = (dinner: Pick<PublicDinner, 'selfAdminId'>, participantId: string, teamId: string, suffix: string) =>
  `/self/v1/${dinner.selfAdminId}/${participantId}/${teamId}/${suffix}`;
const getTeam = (dinner: PublicDinner, participantId: string, teamId: string, headers: RequestHeaders = {}) =>
  call(server, 'GET', selfPath(dinner, participantId, teamId, 'team'), undefined, headers);
const getRoute = (dinner: PublicDinner, participantId: string, teamId: string, headers: RequestHeaders = {}) =>
  call(server, 'GET', selfPath(dinner, participantId, teamId, 'dinnerroute'), undefined, headers);
const changeHost = (
  dinner: PublicDinner,
  participantId: string,
  teamId: string,
  body: unknown,
  headers: RequestHeaders = {},
) => call(server, 'PUT', selfPath(dinner, participantId, teamId, 'teamhost'), body, headers);
/** The body of a host change, its ids matching the path. */
const hostBody = (participantId: string, teamId: string, newHostingTeamMemberId: string, comment?: string) => ({
  teamId,
  participantId,
  newHostingTeamMemberId,
  ...(comment === undefined ? {} : { comment }),
});
const hostOf = async (teamId: string) =>
  (
    await server.deps.db
      .selectFrom('team')
      .select('host_participant_id')
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow()
  ).host_participant_id;
/** The mails to participants of the dinner (the seeded participants get no others). */
const hostChangeMailsOf = (runningDinnerId: string) =>
  server.deps.db
    .selectFrom('message_task')
    .select(['recipient_email', 'participant_id'])
    .where('running_dinner_id', '=', runningDinnerId)
    .where('participant_id', 'is not', null)
    .execute();

describe("the participant's team", () => {
  it('shows the members with their contact, the host and the meal with its time', async () => {
    const dinner = await seedTeams(await createPublicDinner(server));
    const [anna, ben] = dinner.teams[4].members;
    const res = await getTeam(dinner, ben.id!, dinner.teams[4].id);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Contact and address as the registration form of the factories fills them.
    const { mobileNumber, street, streetNr, zip, cityName, addressRemarks, numSeats } = registrationForm();
    const member = (p: NewParticipant, isSelf: boolean) => ({
      id: p.id,
      firstnamePart: p.firstname_part,
      lastname: p.lastname,
      email: p.email,
      mobileNumber,
      street,
      streetNr,
      zip,
      cityName,
      addressRemarks,
      numSeats,
      isSelf,
    });
    expect(res.json).toEqual({
      title: 'Running Dinner in der Wiehre',
      date: DATE,
      city: 'Freiburg',
      cancellation: null,
      meals: mealsOf(dinner),
      teamId: dinner.teams[4].id,
      teamNumber: 5,
      status: 'OK',
      meal: mealOf(dinner, 1),
      teamMembers: [member(anna, false), member(ben, true)],
      hostTeamMemberId: anna.id,
      seatsNeeded: 6,
      readOnlyReason: null,
      registeredTogether: false,
      hostChangeable: true,
    });
  });

  it('cannot be changed when the partner left the team, the team was cancelled or the event is over', async () => {
    const dinner = await seedTeams(await createPublicDinner(server));
    const [anna, ben] = dinner.teams[0].members;
    await server.deps.db.updateTable('participant').set({ team_id: null }).where('id', '=', ben.id!).execute();
    expect((await getTeam(dinner, anna.id!, dinner.teams[0].id)).json).toMatchObject({
      teamMembers: [{ id: anna.id }],
      hostChangeable: false,
    });
    const [clara] = dinner.teams[1].members;
    await server.deps.db
      .updateTable('team')
      .set({ status: 'CANCELLED' })
      .where('id', '=', dinner.teams[1].id)
      .execute();
    expect((await getTeam(dinner, clara.id!, dinner.teams[1].id)).json).toMatchObject({
      status: 'CANCELLED',
      hostChangeable: false,
    });
    const [dora] = dinner.teams[2].members;
    await daysLater(server, 40, async () => {
      expect((await getTeam(dinner, dora.id!, dinner.teams[2].id)).json).toMatchObject({
        readOnlyReason: 'DATE_PASSED',
        hostChangeable: false,
      });
    });
  });

  it("is another participant's or another event's team: the link is invalid, in German and English", async () => {
    const dinner = await seedTeams(await createPublicDinner(server));
    const other = await seedTeams(await createPublicDinner(server));
    const [anna] = dinner.teams[0].members;
    const wrong: [PublicDinner, string, string][] = [
      [dinner, anna.id!, dinner.teams[1].id],
      [dinner, anna.id!, other.teams[0].id],
      [dinner, other.teams[0].members[0].id!, other.teams[0].id],
      [other, anna.id!, dinner.teams[0].id],
      [dinner, anna.id!, crypto.randomUUID()],
      [dinner, anna.id!, 'abc'],
    ];
    for (const [link, participantId, teamId] of wrong) {
      await expectRefusal((headers) => getTeam(link, participantId, teamId, headers), ...SELF_LINK_INVALID);
      await expectRefusal((headers) => getRoute(link, participantId, teamId, headers), ...SELF_LINK_INVALID);
      await expectRefusal(
        (headers) => changeHost(link, participantId, teamId, hostBody(participantId, teamId, anna.id!), headers),
        ...SELF_LINK_INVALID,
      );
    }
    expect(await hostOf(dinner.teams[0].id)).toBe(anna.id);
  });
});

describe('changing the host by the personal link', () => {
  it('moves the hosting to the partner, who is told by mail in their language', async () => {
    const dinner = await seedTeams(
      await createPublicDinner(server),
      (i) => (i === 1 ? { street: 'Günterstalstraße', streetNr: '17', zip: '79102' } : {}),
      (i) => ({ language_code: i === 1 ? 'en' : 'de' }),
    );
    const team = dinner.teams[0];
    const [anna, ben] = team.members;
    // Asked in German, told in the partner's language.
    const res = await changeHost(
      dinner,
      anna.id!,
      team.id,
      hostBody(anna.id!, team.id, ben.id!, '  My oven is broken – can you cook at yours? '),
      GERMAN,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ teamId: team.id, hostTeamMemberId: ben.id, hostChangeable: true });
    expect(await hostOf(team.id)).toBe(ben.id);

    const mail = await sink.waitFor((m) => m.to === 'p1@example.org');
    expect(mail.subject).toBe('Vorname0 Nachname0 changed the host of your team for "Running Dinner in der Wiehre"');
    const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${DATE}T00:00:00Z`),
    );
    expect(mail.text).toBe(
      [
        `Hello Vorname1,\n\nVorname0 Nachname0 handed the hosting of your team for the running dinner "Running Dinner in der Wiehre" on ${date} over to you. Your team now cooks Vorspeise at 19:00 at your place:\nGünterstalstraße 17, 79102 Freiburg`,
        'Vorname0 Nachname0 wrote:\nMy oven is broken – can you cook at yours?',
        `Your team at a glance: ${server.baseUrl}/self/${dinner.selfAdminId}/teamhost/${ben.id}/${team.id}`,
      ].join('\n\n'),
    );
    // Only the partner is told: the one who changed it knows.
    expect(await hostChangeMailsOf(dinner.id)).toEqual([{ recipient_email: 'p1@example.org', participant_id: ben.id }]);
    expect((await listActivities(server, dinner.adminId))[0]).toMatchObject({
      type: 'TEAM_HOSTS_CHANGED',
      origin: 'PARTICIPANT',
      details: { name: 'Vorname0 Nachname0', teamNumber: 1, count: 1 },
    });
  });

  it('lets the other member take the hosting over, told in German, without a comment paragraph when there is none', async () => {
    const dinner = await seedTeams(await createPublicDinner(server));
    const team = dinner.teams[3];
    const [anna, ben] = team.members;
    const res = await changeHost(dinner, ben.id!, team.id, hostBody(ben.id!, team.id, ben.id!));
    expect(res.status, res.text).toBe(200);
    expect(res.json.hostTeamMemberId).toBe(ben.id);
    const mail = await sink.waitFor((m) => m.to === anna.email);
    expect(mail.subject).toBe(
      'Vorname7 Nachname7 hat den Gastgeber eures Teams für „Running Dinner in der Wiehre“ geändert',
    );
    const date = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${DATE}T00:00:00Z`),
    );
    expect(mail.text).toBe(
      [
        `Hallo Vorname6,\n\nVorname7 Nachname7 ist jetzt Gastgeber eures Teams beim Running Dinner „Running Dinner in der Wiehre“ am ${date}. Ihr kocht Hauptgericht um 21:00 Uhr bei Vorname7 Nachname7:\nHabsburgerstraße 9, 79104 Freiburg`,
        `Euer Team auf einen Blick: ${server.baseUrl}/self/${dinner.selfAdminId}/teamhost/${anna.id}/${team.id}`,
      ].join('\n\n'),
    );
  });

  it('changes nothing and sends nothing when the chosen member already hosts', async () => {
    const dinner = await seedTeams(await createPublicDinner(server));
    const team = dinner.teams[5];
    const [anna, ben] = team.members;
    const res = await changeHost(dinner, ben.id!, team.id, hostBody(ben.id!, team.id, anna.id!, 'Bleibt bei Anna'));
    expect(res.status, res.text).toBe(200);
    expect(res.json.hostTeamMemberId).toBe(anna.id);
    expect(await hostChangeMailsOf(dinner.id)).toEqual([]);
  });

  it('sends the mail of a demo dinner to its organiser once confirmed, and none before: its participants are made up', async () => {
    const dinner = await seedTeams(await createPublicDinner(server), (i) => ({
      email: `p${i}@demo.runningdinner.invalid`,
    }));
    await server.deps.db
      .updateTable('running_dinner')
      .set({ running_dinner_type: 'DEMO', acknowledged_at: null })
      .where('id', '=', dinner.id)
      .execute();
    const [anna, ben] = dinner.teams[0].members;
    expect(
      (await changeHost(dinner, anna.id!, dinner.teams[0].id, hostBody(anna.id!, dinner.teams[0].id, ben.id!))).status,
    ).toBe(200);
    expect(await hostChangeMailsOf(dinner.id)).toEqual([]);
    await server.deps.db
      .updateTable('running_dinner')
      .set({ acknowledged_at: new Date().toISOString() })
      .where('id', '=', dinner.id)
      .execute();
    expect(
      (await changeHost(dinner, ben.id!, dinner.teams[0].id, hostBody(ben.id!, dinner.teams[0].id, anna.id!))).status,
    ).toBe(200);
    expect(await hostChangeMailsOf(dinner.id)).toEqual([
      { recipient_email: 'orga@example.org', participant_id: anna.id },
    ]);
  });

  it('is refused for a member of another team, and for body ids that differ from the link', async () => {
    const dinner = await seedTeams(await createPublicDinner(server));
    const team = dinner.teams[0];
    const [anna, ben] = team.members;
    const stranger = dinner.teams[1].members[0];
    await expectRefusal(
      (headers) => changeHost(dinner, anna.id!, team.id, hostBody(anna.id!, team.id, stranger.id!), headers),
      ...SELF_LINK_INVALID,
    );
    await expectRefusal(
      (headers) => changeHost(dinner, anna.id!, team.id, hostBody(anna.id!, team.id, crypto.randomUUID()), headers),
      ...SELF_LINK_INVALID,
    );
    await expectRefusal(
      (headers) => changeHost(dinner, anna.id!, team.id, hostBody(anna.id!, dinner.teams[1].id, ben.id!), headers),
      ...SELF_LINK_INVALID,
    );
    await expectRefusal(
      (headers) => changeHost(dinner, anna.id!, team.id, hostBody(ben.id!, team.id, ben.id!), headers),
      ...SELF_LINK_INVALID,
    );
    expect(await hostOf(team.id)).toBe(anna.id);
    expect(await hostChangeMailsOf(dinner.id)).toEqual([]);
  });

  it('is refused for a pair registered together, who cook in the kitchen of the one who registered', async () => {
    const registrant = crypto.randomUUID();
    const dinner = await seedTeams(
      await createPublicDinner(server),
      () => ({}),
      (i) => (i < 2 ? { ...(i === 0 ? { id: registrant } : {}), team_partner_wish_originator_id: registrant } : {}),
    );
    const team = dinner.teams[0];
    const [anna, ben] = team.members;
    expect((await getTeam(dinner, anna.id!, team.id)).json).toMatchObject({
      registeredTogether: true,
      hostChangeable: false,
    });
    await expectRefusal(
      (headers) => changeHost(dinner, anna.id!, team.id, hostBody(anna.id!, team.id, ben.id!), headers),
      409,
      'fixed_pair_host_change',
      'This team registered together and cooks in the kitchen of the one who registered it: its host cannot change',
      'Dieses Team hat sich zusammen angemeldet und kocht in der Küche der Person, die es angemeldet hat: Der Gastgeber kann sich nicht ändern',
    );
    expect(await hostOf(team.id)).toBe(anna.id);
    expect(await hostChangeMailsOf(dinner.id)).toEqual([]);
  });

  it('is refused when the team was cancelled', async () => {
    const dinner = await seedTeams(await createPublicDinner(server));
    const team = dinner.teams[2];
    const [anna, ben] = team.members;
    await server.deps.db.updateTable('team').set({ status: 'CANCELLED' }).where('id', '=', team.id).execute();
    await expectRefusal(
      (headers) => changeHost(dinner, anna.id!, team.id, hostBody(anna.id!, team.id, ben.id!), headers),
      ...TEAM_CANCELLED,
    );
    expect(await hostOf(team.id)).toBe(anna.id);
  });

  it('is refused when the event has taken place or was cancelled', async () => {
    const dinner = await seedTeams(await createPublicDinner(server));
    const team = dinner.teams[0];
    const [anna, ben] = team.members;
    await daysLater(server, 40, () =>
      expectRefusal(
        (headers) => changeHost(dinner, anna.id!, team.id, hostBody(anna.id!, team.id, ben.id!), headers),
        ...DINNER_DATE_PASSED,
      ),
    );
    expect((await call(server, 'DELETE', adminPath(dinner.adminId))).status).toBe(200);
    await expectRefusal(
      (headers) => changeHost(dinner, anna.id!, team.id, hostBody(anna.id!, team.id, ben.id!), headers),
      ...DINNER_CANCELLED,
    );
    expect(await hostOf(team.id)).toBe(anna.id);
    expect(await hostChangeMailsOf(dinner.id)).toEqual([]);
  });

  it('refuses a body that is not a host change, in German and English', async () => {
    const dinner = await seedTeams(await createPublicDinner(server));
    const team = dinner.teams[0];
    const [anna, ben] = team.members;
    await expectIssues(
      (headers) =>
        changeHost(dinner, anna.id!, team.id, hostBody(anna.id!, team.id, ben.id!, 'x'.repeat(1025)), headers),
      [{ field: 'comment', en: 'Maximum number of characters exceeded', de: 'Max. Zeichenanzahl überschritten' }],
    );
    await expectIssues(
      (headers) =>
        changeHost(
          dinner,
          anna.id!,
          team.id,
          { teamId: team.id, participantId: anna.id, newHostingTeamMemberId: 'ben' },
          headers,
        ),
      [{ field: 'newHostingTeamMemberId', en: 'Invalid value', de: 'Ungültiger Wert' }],
    );
    await expectIssues(
      (headers) =>
        changeHost(dinner, anna.id!, team.id, { ...hostBody(anna.id!, team.id, ben.id!), host: 'ben' }, headers),
      [{ field: 'host', en: 'Unknown field', de: 'Unbekanntes Feld' }],
    );
    expect(await hostOf(team.id)).toBe(anna.id);
  });
});

describe("the participant's dinner route", () => {
  // Team 1 hosts the appetizer for teams 4 and 7, eats the main course at team 5 and the dessert at team 8.
  // Its guests' diets count; its own members' (participant 1) and other teams' (participant 4) do not.
  const GUEST_DIETS = {
    6: { vegetarian: true },
    7: { vegan: true, mealSpecificsNote: 'Keine Nüsse' },
    12: { lactose: true, vegetarian: true },
    13: { gluten: true },
  } as Record<number, Record<string, unknown>>;

  it('lists the stops in meal order with times, hosts, phone numbers, addresses and positions, and the after-party', async () => {
    const dinner = await seedTeams(
      await createPublicDinner(server, { ...createBody(), afterPartyLocation: afterParty(`${DATE}T23:45`) }),
      (i) => ({
        mobileNumber: i === 8 ? '' : `0176 10000${i}`,
        street: `Straße ${i}`,
        ...GUEST_DIETS[i],
        ...(i === 1 || i === 4 ? { vegan: true } : {}),
      }),
      (i) => ({ lat: i === 14 ? null : 48 + i / 100, lng: i === 14 ? null : 7.8 + i / 100 }),
    );
    const [, ben] = dinner.teams[0].members;
    const res = await getRoute(dinner, ben.id!, dinner.teams[0].id);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const noDiets = { vegetarian: 0, vegan: 0, lactose: 0, gluten: 0, guests: [], notes: [] };
    const hostTeam = (teamNumber: number, host: number, mobile: number, lat: number | null) => ({
      teamNumber,
      hostNames: `Vorname${host} Nachname${host}, Vorname${host + 1} Nachname${host + 1}`,
      mobileNumber: `0176 10000${mobile}`,
      street: `Straße ${host}`,
      streetNr: '9',
      zip: '79104',
      cityName: 'Freiburg',
      addressRemarks: '3. Stock',
      lat,
      lng: lat === null ? null : 7.8 + host / 100,
      status: 'OK',
    });
    expect(res.json).toEqual({
      title: 'Running Dinner in der Wiehre',
      date: DATE,
      city: 'Freiburg',
      cancellation: null,
      teamNumber: 1,
      meals: mealsOf(dinner),
      teamStatus: 'OK',
      teamMemberNames: ['Vorname0 Nachname0', 'Vorname1 Nachname1'],
      stops: [
        {
          meal: mealOf(dinner, 0),
          hostTeam: hostTeam(1, 0, 0, 48),
          isOwnTeam: true,
          // Per guest team, counted per person; the note once, with whoever wrote it.
          mealSpecifics: {
            vegetarian: 2,
            vegan: 1,
            lactose: 1,
            gluten: 1,
            guests: [
              { names: 'Vorname6 Nachname6, Vorname7 Nachname7', vegetarian: 1, vegan: 1, lactose: 0, gluten: 0 },
              { names: 'Vorname12 Nachname12, Vorname13 Nachname13', vegetarian: 1, vegan: 0, lactose: 1, gluten: 1 },
            ],
            notes: [{ names: 'Vorname7 Nachname7', note: 'Keine Nüsse' }],
          },
        },
        // Team 5's host has no mobile number: guests get the partner's.
        { meal: mealOf(dinner, 1), hostTeam: hostTeam(5, 8, 9, 48.08), isOwnTeam: false, mealSpecifics: noDiets },
        // Team 8's host has no known position.
        { meal: mealOf(dinner, 2), hostTeam: hostTeam(8, 14, 14, null), isOwnTeam: false, mealSpecifics: noDiets },
      ],
      afterPartyLocation: afterParty(`${DATE}T23:45`),
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
  });

  it('follows a host change and shows a cancelled host team as cancelled', async () => {
    const dinner = await seedTeams(await createPublicDinner(server), (i) => ({ street: `Straße ${i}` }));
    const guest = dinner.teams[0].members[0];
    const [hostA, hostB] = dinner.teams[4].members;
    expect(
      (await changeHost(dinner, hostA.id!, dinner.teams[4].id, hostBody(hostA.id!, dinner.teams[4].id, hostB.id!)))
        .status,
    ).toBe(200);
    await server.deps.db
      .updateTable('team')
      .set({ status: 'CANCELLED' })
      .where('id', '=', dinner.teams[7].id)
      .execute();
    const { stops, afterPartyLocation } = (await getRoute(dinner, guest.id!, dinner.teams[0].id)).json;
    expect(
      stops.map((s: { hostTeam: { teamNumber: number; street: string; status: string } }) => [
        s.hostTeam.teamNumber,
        s.hostTeam.street,
        s.hostTeam.status,
      ]),
    ).toEqual([
      [1, 'Straße 0', 'OK'],
      [5, 'Straße 9', 'OK'],
      [8, 'Straße 14', 'CANCELLED'],
    ]);
    expect(afterPartyLocation).toBeNull();
  });

  it('has no stops but its own before the routes are made', async () => {
    const dinner = await seedTeams(await createPublicDinner(server));
    await server.deps.db.deleteFrom('route_visit').where('running_dinner_id', '=', dinner.id).execute();
    const { stops } = (await getRoute(dinner, dinner.teams[0].members[0].id!, dinner.teams[0].id)).json;
    expect(stops.map((s: { isOwnTeam: boolean }) => s.isOwnTeam)).toEqual([true]);
  });
});

describe('the routes of generated teams', () => {
  it('take every member of the demo dinner to one home per meal, their own at the meal their team cooks', async () => {
    const dinner = await createPublicDinner(server, {
      ...createBody({ runningDinnerType: 'DEMO', registrationType: 'CLOSED' }),
      publicSettings: null,
      contract: null,
    });
    const generated = await call(server, 'POST', `/teamservice/v1/runningdinner/${dinner.adminId}`, {});
    expect(generated.status, generated.text).toBe(200);
    const published = await call(server, 'PUT', `/teamservice/v1/runningdinner/${dinner.adminId}/published`, {
      teams: true,
      routes: true,
    });
    expect(published.json).toEqual({ teams: true, routes: true });
    const members = await server.deps.db
      .selectFrom('participant')
      .select(['id', 'team_id'])
      .where('running_dinner_id', '=', dinner.id)
      .where('team_id', 'is not', null)
      .execute();
    expect(members).toHaveLength(18);
    for (const { id, team_id } of members) {
      const team = (await getTeam(dinner, id, team_id!)).json;
      const { stops } = (await getRoute(dinner, id, team_id!)).json;
      expect(stops.map((s: { meal: { label: string } }) => s.meal.label)).toEqual(MEALS.map(([label]) => label));
      const own = stops.filter((s: { isOwnTeam: boolean }) => s.isOwnTeam);
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({ meal: team.meal, hostTeam: { teamNumber: team.teamNumber } });
      expect(new Set(stops.map((s: { hostTeam: { teamNumber: number } }) => s.hostTeam.teamNumber)).size).toBe(3);
    }
  });
});

describe('TILE_URL', () => {
  it('defaults to OpenStreetMap, takes another tile server and refuses a URL without {z}, {x} and {y}', () => {
    expect(loadConfig({}).tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(loadConfig({ TILE_URL: 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png?key=abc' }).tileUrl).toBe(
      'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png?key=abc',
    );
    expect(() => loadConfig({ TILE_URL: 'https://tiles.example.org/map.png' })).toThrow(
      /^TILE_URL: must be an http\(s\) tile URL/,
    );
    expect(() => loadConfig({ TILE_URL: 'file:///{z}/{x}/{y}.png' })).toThrow(/^TILE_URL: /);
  });
});
