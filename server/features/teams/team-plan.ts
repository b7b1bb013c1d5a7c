import type { Participant } from '../../../contract/participants.js';
import { teamRuleParticipants } from '../../../contract/teams.js';
import { TeamsMessage } from '../../../contract/teams.messages.js';
import type { MealRow, NewTeam, RunningDinnerRow } from '../../../db/schema.js';
import type { DbOrTrx, Trx } from '../../../db/transaction.js';
import { isLocated, type LatLng } from '../../../domain/routes/distance.js';
import { carryVisits } from '../../../domain/teams/carry-visits.js';
import { checkPlan } from '../../../domain/teams/check.js';
import type { Participants, TeamRuleParticipant } from '../../../domain/teams/participants.js';
import type { PlannedTeam, PlanOptions, TeamPlan, Visit } from '../../../domain/teams/plan.types.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { listMeals as listMealRows } from '../dinner/dinner.queries.js';
import { toParticipant } from '../participants/participant-row.js';
import { listParticipantRows } from '../participants/participants.queries.js';
import * as repo from './teams.repo.js';

// The bridge between the pure plan model (workers/teams) and the database: a team row is a PlannedTeam (by
// its index in plan.teams), a meal's index is its position, members are the participants whose team_id
// points at the team. The main thread is the only writer.

/** A dinner's plan as stored, with everything an operation on it and an answer about it need. */
export interface StoredPlan {
  dinner: RunningDinnerRow;
  meals: MealRow[];
  options: PlanOptions;
  plan: TeamPlan;
  /** The row id of each team, parallel to plan.teams. */
  teamIds: string[];
  /** The stored dinner routes. */
  visits: Visit[];
  /** Every participant of the dinner, confirmed or not, as the wire shows them. */
  people: Map<string, Participant>;
  /** The confirmed participants in registration order, as the team rules see them. */
  confirmed: TeamRuleParticipant[];
  /** Every participant's stored position (null when not located), for the route optimiser. */
  positions: Map<string, LatLng | null>;
  participants: Participants;
}

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const planOptionsOf = (dinner: RunningDinnerRow, meals: readonly MealRow[]): PlanOptions => ({
  meals: meals.length,
  teamSize: dinner.team_size,
  forceEqualDistributedCapacityTeams: dinner.force_equal_distributed_capacity_teams === 1,
  genderAspects: dinner.gender_aspects,
});

export async function loadPlan(db: DbOrTrx, dinner: RunningDinnerRow): Promise<StoredPlan> {
  const [seed, meals, teamRows, participantRows, visitRows] = await Promise.all([
    repo.planSeed(db, dinner.id),
    listMealRows(db, dinner.id),
    repo.listTeamRows(db, dinner.id),
    listParticipantRows(db, dinner.id),
    repo.listVisitRows(db, dinner.id),
  ]);
  const all = participantRows.map(toParticipant);
  const membersOf = groupBy(
    all.filter((p) => p.teamId !== null),
    (p) => p.teamId!,
  );
  const mealIndex = new Map(meals.map((m, i) => [m.id, i]));
  const teams = teamRows.map(
    (row): PlannedTeam => ({
      teamNumber: row.team_number,
      memberIds: (membersOf.get(row.id) ?? []).map((p) => p.id),
      hostId: row.host_participant_id,
      meal: mealIndex.get(row.meal_id)!,
      position: row.design_position,
      status: row.status,
    }),
  );
  const confirmed = teamRuleParticipants(all);
  const numberOf = new Map(teamRows.map((r) => [r.id, r.team_number]));
  return {
    dinner,
    meals,
    options: planOptionsOf(dinner, meals),
    plan: { seed: seed ?? 0, teams },
    teamIds: teamRows.map((r) => r.id),
    visits: visitRows.map((v) => ({
      meal: mealIndex.get(v.meal_id)!,
      hostTeamNumber: numberOf.get(v.host_team_id)!,
      guestTeamNumber: numberOf.get(v.guest_team_id)!,
    })),
    people: new Map(all.map((p) => [p.id, p])),
    confirmed,
    positions: new Map(participantRows.map((row) => [row.id, isLocated(row) ? { lat: row.lat, lng: row.lng } : null])),
    participants: new Map(confirmed.map((p) => [p.id, p])),
  };
}

/** Confirmed participants without a team, in registration order: the waiting list once teams exist. */
export const waitingIdsOf = (stored: StoredPlan): string[] =>
  stored.confirmed.filter((p) => stored.people.get(p.id)!.teamId === null).map((p) => p.id);

/** A plan that breaks an invariant is never stored: a bug must not reach the routes of real people. */
function refuseInvalidPlan(violations: readonly string[]): never {
  console.error(`refused to store an invalid team plan: ${violations.slice(0, 5).join('; ')}`);
  throw new AppError('plan_invalid', TeamsMessage.planInvalid.id);
}

/**
 * The dinner routes of `plan`, the result of an operation on the stored plan: the stored routes carried over
 * place by place (carryVisits), or the meet-once design when teams joined. Places that do not form a design
 * refuse the plan like any broken plan.
 */
export function visitsOf(stored: StoredPlan, plan: TeamPlan): Visit[] {
  try {
    return carryVisits(stored.plan.teams, stored.visits, plan.teams, stored.options.meals);
  } catch (error) {
    return refuseInvalidPlan([String(error)]);
  }
}

/** Refuses a plan that breaks an invariant (409 plan_invalid): what savePlan checks, for a dry run too. */
export function assertValidPlan(stored: StoredPlan, plan: TeamPlan, visits: readonly Visit[]): void {
  const violations = checkPlan(plan, visits, stored.options, stored.participants);
  if (violations.length > 0) refuseInvalidPlan(violations);
}

const changedPlace = (a: PlannedTeam, b: PlannedTeam) =>
  a.teamNumber !== b.teamNumber ||
  a.meal !== b.meal ||
  a.position !== b.position ||
  a.hostId !== b.hostId ||
  a.status !== b.status;

/**
 * Stores `next`, the result of an operation on `stored.plan` (same order of teams, new ones appended), with its
 * dinner routes; answers the row id of every team of `next`. Runs checkPlan first. The caller owns the transaction.
 */
export async function savePlan(
  trx: Trx,
  stored: StoredPlan,
  next: TeamPlan,
  now: string,
  visits?: readonly Visit[],
): Promise<string[]> {
  const allVisits = visits ?? visitsOf(stored, next);
  assertValidPlan(stored, next, allVisits);
  const dinnerId = stored.dinner.id;
  const mealId = (meal: number) => stored.meals[meal].id;
  const before = stored.plan.teams;
  const teamIds = next.teams.map((_, i) => stored.teamIds[i] ?? newId());

  const updated = next.teams
    .map((team, i) => ({ team, i }))
    .filter(({ team, i }) => i < before.length && changedPlace(before[i], team));
  // team_number is unique per dinner: numbers that move pass through a free negative number first.
  for (const { team, i } of updated.filter(({ team, i }) => team.teamNumber !== before[i].teamNumber)) {
    await repo.updateTeam(trx, dinnerId, teamIds[i], { team_number: -team.teamNumber });
  }
  for (const { team, i } of updated) {
    await repo.updateTeam(trx, dinnerId, teamIds[i], {
      team_number: team.teamNumber,
      meal_id: mealId(team.meal),
      design_position: team.position,
      host_participant_id: team.hostId,
      status: team.status,
    });
  }
  const inserted = next.teams.slice(before.length).map(
    (team, k): NewTeam => ({
      id: teamIds[before.length + k],
      running_dinner_id: dinnerId,
      team_number: team.teamNumber,
      meal_id: mealId(team.meal),
      host_participant_id: team.hostId,
      status: team.status,
      design_position: team.position,
      created_at: now,
    }),
  );
  await repo.insertTeams(trx, inserted);
  await saveMembers(trx, stored, next, teamIds);

  const idOfNumber = new Map(next.teams.map((t, i) => [t.teamNumber, teamIds[i]]));
  await repo.replaceVisits(
    trx,
    dinnerId,
    allVisits.map((v) => ({
      id: newId(),
      meal_id: mealId(v.meal),
      host_team_id: idOfNumber.get(v.hostTeamNumber)!,
      guest_team_id: idOfNumber.get(v.guestTeamNumber)!,
    })),
  );
  return teamIds;
}

/** Moves exactly the participants whose team changed. */
async function saveMembers(trx: Trx, stored: StoredPlan, next: TeamPlan, teamIds: string[]): Promise<void> {
  const teamOfBefore = new Map(
    stored.plan.teams.flatMap((t, i) => t.memberIds.map((id) => [id, stored.teamIds[i]] as const)),
  );
  const teamOfAfter = new Map(next.teams.flatMap((t, i) => t.memberIds.map((id) => [id, teamIds[i]] as const)));
  await repo.clearTeamOf(
    trx,
    stored.dinner.id,
    [...teamOfBefore.keys()].filter((id) => !teamOfAfter.has(id)),
  );
  await repo.setTeamsOf(
    trx,
    stored.dinner.id,
    new Map([...teamOfAfter].filter(([id, teamId]) => teamOfBefore.get(id) !== teamId)),
  );
}
