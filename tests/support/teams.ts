import { expect } from 'vitest';
import type { Team, TeamsResponse } from '../../contract/teams.js';
import type { NewParticipant } from '../../db/schema.js';
import { nextParticipantNumber } from '../../server/features/participants/participants.repo.js';
import { createBody, createDinner, participantInput, runningDinnerIdOf, withOptions } from './factories.js';
import { insertMessageJob } from './mail-tasks.js';
import { confirmedRow, dinnerLanguage, formColumns, insertParticipantRows } from './participant-rows.js';
import { call, type TestServer } from './test-server.js';

export const teamsPath = (adminId: string, suffix = '') => `/teamservice/v1/runningdinner/${adminId}${suffix}`;
export const waitingListPath = (adminId: string, suffix = '') =>
  `/waitinglistservice/v1/runningdinner/${adminId}${suffix}`;

export interface TeamDinner {
  id: string;
  adminId: string;
  /** The participant ids in registration order. */
  participantIds: string[];
}

/** Column values of the i-th participant (1-based), on top of a valid organiser's form. */
export type ParticipantOverrides = (number: number) => Partial<NewParticipant>;

const template = formColumns(participantInput());

/**
 * Stores `count` confirmed participants straight in the database (thousands in a few statements): distinct
 * names and e-mail addresses, genders alternating, every other one with seats for a whole table.
 */
export async function insertParticipants(
  server: TestServer,
  runningDinnerId: string,
  count: number,
  overrides: ParticipantOverrides = () => ({}),
): Promise<string[]> {
  const first = await nextParticipantNumber(server.deps.db, runningDinnerId);
  const language = await dinnerLanguage(server.deps.db, runningDinnerId);
  const now = new Date().toISOString();
  // Unique even after deletions renumbered the participants.
  const batch = crypto.randomUUID().slice(0, 8);
  const rows: NewParticipant[] = Array.from({ length: count }, (_, i) => {
    const number = first + i;
    return {
      ...confirmedRow(runningDinnerId, number, template, now, language),
      firstname_part: `Gast${number}`,
      lastname: `Nummer${number}`,
      email: `gast${number}.${batch}@example.org`,
      gender: number % 2 === 0 ? 'FEMALE' : 'MALE',
      num_seats: number % 2 === 0 ? 2 : 8,
      team_partner_wish_email: null,
      ...overrides(number),
    };
  });
  await insertParticipantRows(server.deps.db, rows);
  return rows.map((r) => r.id);
}

export interface TeamDinnerOptions {
  meals?: 2 | 3;
  overrides?: ParticipantOverrides;
  body?: ReturnType<typeof createBody>;
}

/** A dinner (3 meals unless `meals` says 2) with `count` confirmed participants. */
export async function dinnerWithParticipants(
  server: TestServer,
  count: number,
  options: TeamDinnerOptions = {},
): Promise<TeamDinner> {
  const body = options.body ?? createBody();
  const created = await createDinner(
    server,
    options.meals === 2 ? withOptions({ meals: body.options.meals.slice(0, 2) }, body) : body,
  );
  const adminId = created.runningDinner.adminId;
  const id = await runningDinnerIdOf(server, adminId);
  return { id, adminId, participantIds: await insertParticipants(server, id, count, options.overrides) };
}

/** Generates the teams through the API (throws on anything but 200). */
export async function generateTeams(server: TestServer, adminId: string): Promise<TeamsResponse> {
  const res = await call(server, 'POST', teamsPath(adminId));
  if (res.status !== 200) throw new Error(`generate answered ${res.status}: ${res.text}`);
  return res.json;
}

/** A dinner as `dinnerWithParticipants` makes it, with its teams generated. */
export async function dinnerWithTeams(
  server: TestServer,
  count: number,
  options: TeamDinnerOptions = {},
): Promise<{ dinner: TeamDinner; teams: TeamsResponse }> {
  const dinner = await dinnerWithParticipants(server, count, options);
  return { dinner, teams: await generateTeams(server, dinner.adminId) };
}

/** Stores a finished mailing of `messageType` for the dinner, as if team or dinner-route mails went out. */
export async function insertSentMailing(
  server: TestServer,
  runningDinnerId: string,
  messageType: 'TEAM' | 'DINNER_ROUTE',
): Promise<void> {
  await insertMessageJob(server, runningDinnerId, { messageType, status: 'SENDING_FINISHED' });
}

export const readTeams = async (server: TestServer, adminId: string): Promise<TeamsResponse> =>
  (await call(server, 'GET', teamsPath(adminId))).json;

export const memberIdsOf = (team: Team) => team.teamMembers.map((m) => m.id).sort();
export const teamOf = (teams: TeamsResponse, participantId: string) =>
  teams.teams.find((t) => t.teamMembers.some((m) => m.id === participantId))!;
export const teamNumbered = (teams: TeamsResponse, teamNumber: number) =>
  teams.teams.find((t) => t.teamNumber === teamNumber)!;

/**
 * Checks the stored dinner routes as the rules state them, independently of the code that made them: every
 * team hosts its own meal with meals−1 guest teams, visits one host at each other meal, and no two teams
 * share a table twice.
 */
export async function expectMeetOnceRoutes(server: TestServer, runningDinnerId: string, meals: number): Promise<void> {
  const db = server.deps.db;
  const [teams, visits] = await Promise.all([
    db.selectFrom('team').select(['id', 'meal_id']).where('running_dinner_id', '=', runningDinnerId).execute(),
    db
      .selectFrom('route_visit')
      .select(['meal_id', 'host_team_id', 'guest_team_id'])
      .where('running_dinner_id', '=', runningDinnerId)
      .execute(),
  ]);
  const mealOf = new Map(teams.map((t) => [t.id, t.meal_id]));
  expect(new Set(teams.map((t) => t.meal_id)).size).toBe(meals);
  const tables = new Map<string, string[]>();
  for (const visit of visits) {
    expect(mealOf.get(visit.host_team_id)).toBe(visit.meal_id);
    tables.set(visit.host_team_id, [...(tables.get(visit.host_team_id) ?? []), visit.guest_team_id]);
  }
  for (const team of teams) {
    expect(tables.get(team.id)?.length, 'guest teams of every host').toBe(meals - 1);
    const visited = visits.filter((v) => v.guest_team_id === team.id).map((v) => v.meal_id);
    expect(new Set([...visited, team.meal_id]).size, 'one host at each other meal').toBe(meals);
    expect(visited).toHaveLength(meals - 1);
  }
  const pairs = new Set<string>();
  for (const [host, guests] of tables) {
    const table = [host, ...guests];
    for (let i = 0; i < table.length; i++) {
      for (let j = i + 1; j < table.length; j++) {
        const pair = [table[i], table[j]].sort().join();
        expect(pairs.has(pair), 'two teams meet twice').toBe(false);
        pairs.add(pair);
      }
    }
  }
}

/** The publication of teams and routes on the personal pages before the organiser chose it. */
export const NOT_PUBLISHED = { teams: false, routes: false };
