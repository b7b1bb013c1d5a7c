import { describe, expect, it } from 'vitest';
import type {
  DinnerRouteResponse,
  DinnerRoutesResponse,
  NearbyHostsResponse,
  RouteDistancesResponse,
  RouteLeg,
} from '../../contract/dinner-routes.js';
import { expectIssues, expectRefusal, NOT_FOUND } from '../support/bilingual.js';
import { adminPath, afterParty, createBody } from '../support/factories.js';
import { dinnerWithTeams, type TeamDinner, teamNumbered, teamsPath } from '../support/teams.js';
import { call, daysLater } from '../support/test-server.js';
import { useTestServer } from '../support/use-test-server.js';

// The route cockpit's reads: every route with its hosts' positions, one route, the distances and the nearby hosts.

const server = useTestServer();

const routesPath = (adminId: string, suffix: string) => `/dinnerrouteservice/v1/runningdinner/${adminId}${suffix}`;
const get = (dinner: Pick<TeamDinner, 'adminId'>, suffix: string, headers = {}) =>
  call(server, 'GET', routesPath(dinner.adminId, suffix), undefined, headers);

/** One hundredth of a degree of longitude on the equator: 2π × 6 371 008.8 m / 36 000 = 1 111.9508 m. */
const CENTI_DEGREE_METERS = 1111.9508;

/**
 * 9 teams (18 participants, every one at an address of their own) whose hosts stand on the equator, team n at
 * 0.01·n degrees east, except: team 4 at team 3's place (another address), team 2's host at team 1's address
 * (written differently, its position 0.01° away), team 9's host not located (-1) while its partner is.
 */
async function equatorDinner() {
  const { dinner, teams } = await dinnerWithTeams(server, 18, {
    overrides: (n) => ({ street: `Weg ${n}`, street_nr: String(n), zip: '79100', lat: null, lng: null }),
  });
  const db = server.deps.db;
  const place = (participantId: string, values: Record<string, unknown>) =>
    db.updateTable('participant').set(values).where('id', '=', participantId).execute();
  for (const team of teams.teams) {
    const n = team.teamNumber;
    const hostId = team.hostTeamMember!.id;
    if (n === 9) {
      await place(hostId, { lat: -1, lng: -1 });
      const partner = team.teamMembers.find((m) => m.id !== hostId)!;
      await place(partner.id, { lat: 0, lng: 0.09 });
      continue;
    }
    await place(hostId, { lat: 0, lng: (n === 4 ? 3 : n) * 0.01 });
    if (n === 1) await place(hostId, { street: 'Tullastraße', street_nr: '61', zip: '79108' });
    if (n === 2) await place(hostId, { street: ' TullaStraße ', street_nr: '61 ', zip: '79108' });
  }
  return { dinner, teams };
}

/** Where the test put team n's host (null for team 9). */
const lngOf = (n: number) => (n === 9 ? null : (n === 4 ? 3 : n) * 0.01);

/** The legs from stop to stop (without the way to the after-party). */
const teamLegs = (legs: RouteLeg[]) => legs.flatMap((leg) => (leg.toAfterParty ? [] : [leg]));

describe('GET /teams', () => {
  it("answers every team's route with its host's position, the same-address groups, the after-party and the tiles", async () => {
    const { dinner, teams } = await equatorDinner();
    const party = await call(
      server,
      'PUT',
      adminPath(dinner.adminId, '/afterpartylocation'),
      afterParty(`${createBody().basicDetails.date}T23:59`),
    );
    expect(party.status, party.text).toBe(200);

    const res = await get(dinner, '/teams');
    expect(res.status, res.text).toBe(200);
    const body: DinnerRoutesResponse = res.json;
    expect(body.meals.map((m) => m.label)).toEqual(createBody().options.meals.map((m) => m.label));
    expect(body.tileUrl).toBe(server.deps.config.tileUrl);
    expect(body.teams.map((t) => t.teamNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);

    for (const team of body.teams) {
      const wire = teamNumbered(teams, team.teamNumber);
      expect(team.id).toBe(wire.id);
      expect(team.meal).toEqual(wire.meal);
      expect(team.status).toBe('OK');
      expect(team.memberNames).toEqual(wire.teamMembers.map((m) => `${m.firstnamePart} ${m.lastname}`));
      expect(team.host.participantId).toBe(wire.hostTeamMember!.id);
      expect(team.host.name).toBe(`${wire.hostTeamMember!.firstnamePart} ${wire.hostTeamMember!.lastname}`);
      // A team's position is its host's; "not located" (-1) is null on the wire, even when the partner is located.
      expect({ lat: team.host.lat, lng: team.host.lng }).toEqual(
        team.teamNumber === 9 ? { lat: null, lng: null } : { lat: 0, lng: lngOf(team.teamNumber) },
      );
      // Three stops in meal order, the own one at home; each stop is at its host team's position.
      expect(team.stops.map((s) => s.meal.id)).toEqual(body.meals.map((m) => m.id));
      expect(team.stops.filter((s) => s.isOwnTeam).map((s) => s.teamId)).toEqual([team.id]);
      for (const stop of team.stops) {
        const host = body.teams.find((t) => t.id === stop.teamId)!;
        expect(stop.teamNumber).toBe(host.teamNumber);
        expect(host.meal.id).toBe(stop.meal.id);
        expect({ lat: stop.lat, lng: stop.lng }).toEqual({ lat: host.host.lat, lng: host.host.lng });
        expect(stop.hostNames).toBe(host.memberNames.join(', '));
        expect(stop).toMatchObject({
          street: host.host.street,
          streetNr: host.host.streetNr,
          zip: host.host.zip,
          cityName: host.host.cityName,
        });
      }
    }
    expect(body.teams[0].host).toMatchObject({ street: 'Tullastraße', streetNr: '61', zip: '79108' });

    // Team 2's host writes team 1's address differently; team 4 stands where team 3 does.
    expect(body.sameAddressGroups).toEqual([
      { teamIds: [teamNumbered(teams, 1).id, teamNumbered(teams, 2).id], teamNumbers: [1, 2] },
      { teamIds: [teamNumbered(teams, 3).id, teamNumbered(teams, 4).id], teamNumbers: [3, 4] },
    ]);
    expect(body.afterPartyLocation).toEqual({
      title: 'Absacker',
      time: `${createBody().basicDetails.date}T23:59`,
      addressName: 'Zum Roten Bären',
      street: 'Konviktstraße',
      streetNr: '12',
      zip: '79098',
      cityName: 'Freiburg',
      lat: 47.9948,
      lng: 7.8544,
    });
  });

  it('answers no teams, no groups and no after-party before the teams are made', async () => {
    const { dinner } = await dinnerWithTeams(server, 18);
    expect((await call(server, 'DELETE', teamsPath(dinner.adminId))).status).toBe(200);
    const res = await get(dinner, '/teams');
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ teams: [], sameAddressGroups: [], afterPartyLocation: null });
    expect(res.json.meals).toHaveLength(3);
  });
});

describe('GET /teams/{teamId}', () => {
  it("answers one team's route as the list shows it", async () => {
    const { dinner, teams } = await equatorDinner();
    const all: DinnerRoutesResponse = (await get(dinner, '/teams')).json;
    const team = teamNumbered(teams, 5);
    const res = await get(dinner, `/teams/${team.id}`);
    expect(res.status, res.text).toBe(200);
    const body: DinnerRouteResponse = res.json;
    expect(body.team).toEqual(all.teams.find((t) => t.id === team.id));
    expect(body.meals).toEqual(all.meals);
    expect(body.afterPartyLocation).toBeNull();
    expect(body.tileUrl).toBe(all.tileUrl);
  });

  it("is the same 404 for another event's team, an unknown team and a malformed id", async () => {
    const { dinner } = await dinnerWithTeams(server, 18);
    const { teams: otherTeams } = await dinnerWithTeams(server, 18);
    for (const teamId of [otherTeams.teams[0].id, crypto.randomUUID(), 'not-a-team']) {
      await expectRefusal((headers) => get(dinner, `/teams/${teamId}`, headers), ...NOT_FOUND);
    }
  });
});

describe('GET /distances/teams', () => {
  it('measures every leg by hand-checked metres, flags the longest of each route and counts unlocated ends as unknown', async () => {
    const { dinner } = await equatorDinner();
    const routes: DinnerRoutesResponse = (await get(dinner, '/teams')).json;
    const res = await get(dinner, '/distances/teams');
    expect(res.status, res.text).toBe(200);
    const body: RouteDistancesResponse = res.json;
    expect(body.routes.map((r) => r.teamNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);

    /** On the equator a leg is |Δlng| / 0.01 × 1 111.9508 m. */
    const expectedLeg = (from: number, to: number) => {
      const [a, b] = [lngOf(from), lngOf(to)];
      return a === null || b === null ? null : (Math.abs(a - b) / 0.01) * CENTI_DEGREE_METERS;
    };
    let known: number[] = [];
    let complete: number[] = [];
    for (const route of body.routes) {
      const team = routes.teams.find((t) => t.id === route.teamId)!;
      const numbers = team.stops.map((s) => s.teamNumber);
      const legs = teamLegs(route.legs);
      // Without an after-party there is no way to it.
      expect(legs).toEqual(route.legs);
      expect(legs.map((l) => [l.fromTeamNumber, l.toTeamNumber])).toEqual([
        [numbers[0], numbers[1]],
        [numbers[1], numbers[2]],
      ]);
      expect(legs.map((l) => [l.fromMealId, l.toMealId])).toEqual([
        [routes.meals[0].id, routes.meals[1].id],
        [routes.meals[1].id, routes.meals[2].id],
      ]);
      expect(legs.map((l) => l.toTeamId)).toEqual([team.stops[1].teamId, team.stops[2].teamId]);
      const expected = legs.map((l) => expectedLeg(l.fromTeamNumber, l.toTeamNumber));
      route.legs.forEach((leg, i) => {
        if (expected[i] === null) expect(leg.distanceMeters).toBeNull();
        else expect(leg.distanceMeters).toBeCloseTo(expected[i]!, 2);
      });
      const knownHere = expected.filter((d): d is number => d !== null);
      expect(route.unknownLegs).toBe(expected.length - knownHere.length);
      expect(route.totalMeters).toBeCloseTo(
        knownHere.reduce((s, d) => s + d, 0),
        2,
      );
      // The longest known leg is flagged, exactly one (the first of equal ones); none when no leg is known.
      const longest = knownHere.length ? Math.max(...knownHere) : null;
      if (longest === null) expect(route.longestLegMeters).toBeNull();
      else expect(route.longestLegMeters).toBeCloseTo(longest, 2);
      const flagged = route.legs.flatMap((l, i) => (l.longest ? [i] : []));
      expect(flagged).toHaveLength(longest === null ? 0 : 1);
      if (longest !== null) expect(route.legs[flagged[0]].distanceMeters).toBeCloseTo(longest, 2);
      known = [...known, ...knownHere];
      if (knownHere.length === expected.length) complete = [...complete, route.totalMeters];
    }
    // Team 9's host is unknown: its own legs and the legs of its two guest teams' visits there are unknown.
    expect(body.routes.find((r) => r.teamNumber === 9)!.unknownLegs).toBeGreaterThan(0);
    expect(body.unknownLegs).toBe(18 - known.length);
    expect(body.legs).toBe(18);
    expect(body.unknownLegs).toBeGreaterThanOrEqual(3);
    expect(body.totalMeters).toBeCloseTo(
      known.reduce((s, d) => s + d, 0),
      2,
    );
    expect(body.averageLegMeters).toBeCloseTo(known.reduce((s, d) => s + d, 0) / known.length, 2);
    expect(body.longestLegMeters).toBeCloseTo(Math.max(...known), 2);
    expect(body.completeRoutes).toBe(complete.length);
    expect(body.averageRouteMeters).toBeCloseTo(complete.reduce((s, d) => s + d, 0) / complete.length, 2);
  });

  it('counts the way from the last stop to the after-party as the last leg of every route', async () => {
    const { dinner } = await equatorDinner();
    const before: RouteDistancesResponse = (await get(dinner, '/distances/teams')).json;
    const party = await call(server, 'PUT', adminPath(dinner.adminId, '/afterpartylocation'), {
      ...afterParty(`${createBody().basicDetails.date}T23:59`),
      geocodingResult: { lat: 0, lng: 0.2 },
    });
    expect(party.status, party.text).toBe(200);
    const routes: DinnerRoutesResponse = (await get(dinner, '/teams')).json;
    const body: RouteDistancesResponse = (await get(dinner, '/distances/teams')).json;
    const lastMeal = routes.meals[2].id;
    let partyLegs: (number | null)[] = [];
    for (const route of body.routes) {
      const team = routes.teams.find((t) => t.id === route.teamId)!;
      const last = team.stops[2];
      const old = before.routes.find((r) => r.teamId === route.teamId)!;
      // The ways from stop to stop stay as they were (a longer way to the party may take their longest flag).
      expect(teamLegs(route.legs).map(({ longest: _, ...leg }) => leg)).toEqual(
        old.legs.map(({ longest: _, ...leg }) => leg),
      );
      const leg = route.legs[2];
      expect(route.legs).toHaveLength(3);
      expect(leg).toMatchObject({
        toAfterParty: true,
        fromTeamId: last.teamId,
        fromTeamNumber: last.teamNumber,
        fromMealId: lastMeal,
      });
      // On the equator: from the host's longitude to 0.2°, 1 111.9508 m per hundredth of a degree.
      const lng = lngOf(last.teamNumber);
      if (lng === null) {
        expect(leg.distanceMeters).toBeNull();
        expect(route.unknownLegs).toBe(old.unknownLegs + 1);
        expect(route.totalMeters).toBeCloseTo(old.totalMeters, 2);
      } else {
        const meters = ((0.2 - lng) / 0.01) * CENTI_DEGREE_METERS;
        expect(leg.distanceMeters).toBeCloseTo(meters, 2);
        expect(route.unknownLegs).toBe(old.unknownLegs);
        expect(route.totalMeters).toBeCloseTo(old.totalMeters + meters, 2);
      }
      partyLegs = [...partyLegs, leg.distanceMeters];
    }
    const known = partyLegs.filter((d): d is number => d !== null);
    expect(body.legs).toBe(before.legs + 9);
    expect(body.unknownLegs).toBe(before.unknownLegs + 9 - known.length);
    expect(body.totalMeters).toBeCloseTo(before.totalMeters + known.reduce((sum, d) => sum + d, 0), 2);
  });

  it('leaves a cancelled team out and answers zeros and nulls when nothing is located', async () => {
    const { dinner, teams } = await dinnerWithTeams(server, 18);
    const cancelled = teamNumbered(teams, 9);
    const cancel = await call(server, 'PUT', teamsPath(dinner.adminId, `/team/${cancelled.id}/cancel`), {
      teamId: cancelled.id,
    });
    expect(cancel.status, cancel.text).toBe(200);
    const routes: DinnerRoutesResponse = (await get(dinner, '/teams')).json;
    expect(routes.teams.find((t) => t.id === cancelled.id)!.status).toBe('CANCELLED');

    const body: RouteDistancesResponse = (await get(dinner, '/distances/teams')).json;
    expect(body.routes.map((r) => r.teamNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(body).toMatchObject({
      totalMeters: 0,
      averageRouteMeters: null,
      completeRoutes: 0,
      averageLegMeters: null,
      longestLegMeters: null,
    });
    expect(body.unknownLegs).toBe(body.legs);
    expect(
      body.routes.every(
        (r) => r.longestLegMeters === null && r.legs.every((l) => l.distanceMeters === null && !l.longest),
      ),
    ).toBe(true);
  });
});

describe('GET /distances/{rangeInMeters}/teams', () => {
  const pairNumbers = (body: NearbyHostsResponse) => body.pairs.map((p) => p.hosts.map((h) => h.teamNumber));

  it('answers the hosts at the same address for 0, and those closer than the range besides, nearest first', async () => {
    const { dinner, teams } = await equatorDinner();
    const same = await get(dinner, '/distances/0/teams');
    expect(same.status, same.text).toBe(200);
    const sameBody: NearbyHostsResponse = same.json;
    expect(sameBody.rangeInMeters).toBe(0);
    expect(pairNumbers(sameBody)).toEqual([
      [3, 4],
      [1, 2],
    ]);
    expect(sameBody.pairCount).toBe(2);
    expect(sameBody.pairs.every((p) => p.sameAddress)).toBe(true);
    expect(sameBody.pairs[0].distanceMeters).toBe(0);
    expect(sameBody.pairs[1].distanceMeters).toBeCloseTo(CENTI_DEGREE_METERS, 2);
    const team3 = teamNumbered(teams, 3);
    expect(sameBody.pairs[0].hosts[0]).toEqual({
      teamId: team3.id,
      teamNumber: 3,
      mealId: team3.meal.id,
      lat: 0,
      lng: 0.03,
    });

    // 1 200 m: neighbours 0.01° apart (1 112 m), not those 0.02° apart (2 224 m); team 9 is nowhere.
    const near: NearbyHostsResponse = (await get(dinner, '/distances/1200/teams')).json;
    expect(near.rangeInMeters).toBe(1200);
    expect(pairNumbers(near).slice(0, 2)).toEqual([
      [3, 4],
      [1, 2],
    ]);
    expect(
      pairNumbers(near)
        .slice(2)
        .map((p) => p.join('-'))
        .sort(),
    ).toEqual(['2-3', '2-4', '5-6', '6-7', '7-8']);
    expect(
      near.pairs.slice(2).every((p) => !p.sameAddress && Math.abs(p.distanceMeters! - CENTI_DEGREE_METERS) < 0.01),
    ).toBe(true);
    expect(near.pairCount).toBe(7);

    // Closer than, not as close as: 1 111 m leaves the neighbours out.
    expect((await get(dinner, '/distances/1111/teams')).json.pairCount).toBe(2);
  });

  it('refuses a range that is no whole number of metres from 0 to 10 000 with 406', async () => {
    const { dinner } = await dinnerWithTeams(server, 18);
    for (const range of ['-1', '1.5', 'abc', '10001', '1e3', '9999999']) {
      await expectIssues(
        (headers) => get(dinner, `/distances/${range}/teams`, headers),
        [{ field: 'rangeInMeters', en: 'Invalid value', de: 'Ungültiger Wert' }],
      );
    }
    expect((await get(dinner, '/distances/10000/teams')).status).toBe(200);
  });
});

describe('the admin scope', () => {
  it('answers every call of an unknown, malformed or deleted admin id with the same 404', async () => {
    const { teams } = await dinnerWithTeams(server, 18);
    const teamId = teams.teams[0].id;
    const suffixes = ['/teams', `/teams/${teamId}`, '/distances/teams', '/distances/100/teams', '/distances/abc/teams'];
    for (const adminId of [crypto.randomUUID(), 'not-an-admin-id']) {
      for (const suffix of suffixes) await expectRefusal((headers) => get({ adminId }, suffix, headers), ...NOT_FOUND);
    }
  });

  it('reads the routes of a dinner that has taken place (reading changes nothing)', async () => {
    const { dinner } = await dinnerWithTeams(server, 18);
    await daysLater(server, 60, async () => {
      for (const suffix of ['/teams', '/distances/teams', '/distances/0/teams'])
        expect((await get(dinner, suffix)).status).toBe(200);
    });
  });
});
