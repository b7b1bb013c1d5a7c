import { type Participants, partnerIdOf } from './participants.js';
import type { PlannedTeam, PlanOptions, TeamPlan, Visit } from './plan.types.js';

/**
 * Every broken invariant of a plan and its visits, in words (empty: safe to save). With the participants it
 * also checks that fixed partners who both have a team share it.
 */
export function checkPlan(
  plan: TeamPlan,
  visits: readonly Visit[],
  options: PlanOptions,
  participants?: Participants,
): string[] {
  return [
    ...placeViolations(plan.teams, options.meals),
    ...memberViolations(plan.teams, options.teamSize, participants),
    ...visitViolations(plan.teams, visits, options.meals),
  ];
}

function placeViolations(teams: readonly PlannedTeam[], meals: number): string[] {
  const violations: string[] = [];
  const n = teams.length;
  if (n % meals !== 0 || n < meals * meals)
    violations.push(`${n} teams: not a multiple of ${meals} of at least ${meals * meals}`);
  const numbers = new Set(teams.map((t) => t.teamNumber));
  if (
    numbers.size !== n ||
    teams.some((t) => !Number.isInteger(t.teamNumber) || t.teamNumber < 1 || t.teamNumber > n)
  ) {
    violations.push(`team numbers are not 1..${n}, each once`);
  }
  for (let meal = 0; meal < meals; meal++) {
    const positions = teams
      .filter((t) => t.meal === meal)
      .map((t) => t.position)
      .sort((a, b) => a - b);
    if (positions.length !== n / meals || positions.some((p, i) => p !== i))
      violations.push(`meal ${meal}: places are not 0..${n / meals - 1}, each once`);
  }
  for (const team of teams)
    if (!(team.meal >= 0 && team.meal < meals))
      violations.push(`team ${team.teamNumber}: meal ${team.meal} is not in the plan`);
  return violations;
}

function memberViolations(teams: readonly PlannedTeam[], teamSize: number, participants?: Participants): string[] {
  const violations: string[] = [];
  const teamOf = new Map<string, number>();
  for (const team of teams) {
    const label = `team ${team.teamNumber}`;
    if (team.status === 'CANCELLED') {
      if (team.memberIds.length > 0 || team.hostId !== null)
        violations.push(`${label}: cancelled but has members or a host`);
    } else {
      if (team.memberIds.length < 1 || team.memberIds.length > teamSize)
        violations.push(`${label}: ${team.memberIds.length} members`);
      if (team.hostId === null || !team.memberIds.includes(team.hostId))
        violations.push(`${label}: the host is not one of its members`);
    }
    for (const id of team.memberIds) {
      if (teamOf.has(id)) violations.push(`${label}: a member is also in team ${teamOf.get(id)}`);
      else teamOf.set(id, team.teamNumber);
    }
  }
  if (participants) {
    for (const [id, teamNumber] of teamOf) {
      const partnerId = partnerIdOf(participants, id);
      const partnerTeam = partnerId === undefined ? undefined : teamOf.get(partnerId);
      if (partnerTeam !== undefined && partnerTeam !== teamNumber)
        violations.push(`team ${teamNumber}: a fixed partner cooks in team ${partnerTeam}`);
    }
  }
  return violations;
}

function visitViolations(teams: readonly PlannedTeam[], visits: readonly Visit[], meals: number): string[] {
  const violations: string[] = [];
  const byNumber = new Map(teams.map((t) => [t.teamNumber, t]));
  const guestsAt = new Map<number, number[]>();
  const hostsVisited = new Map<number, number[]>();
  for (const visit of visits) {
    const host = byNumber.get(visit.hostTeamNumber);
    const guest = byNumber.get(visit.guestTeamNumber);
    if (!host || !guest) {
      violations.push(`a visit names an unknown team (${visit.hostTeamNumber} → ${visit.guestTeamNumber})`);
      continue;
    }
    if (host.meal !== visit.meal)
      violations.push(`team ${host.teamNumber} receives guests at meal ${visit.meal} but hosts meal ${host.meal}`);
    guestsAt.set(host.teamNumber, [...(guestsAt.get(host.teamNumber) ?? []), guest.teamNumber]);
    hostsVisited.set(guest.teamNumber, [...(hostsVisited.get(guest.teamNumber) ?? []), visit.meal]);
  }
  for (const team of teams) {
    const guests = guestsAt.get(team.teamNumber) ?? [];
    if (guests.length !== meals - 1)
      violations.push(`team ${team.teamNumber} receives ${guests.length} guest teams, not ${meals - 1}`);
    const visitedMeals = [...(hostsVisited.get(team.teamNumber) ?? [])].sort();
    const otherMeals = Array.from({ length: meals }, (_, m) => m).filter((m) => m !== team.meal);
    if (visitedMeals.join() !== otherMeals.join())
      violations.push(`team ${team.teamNumber} does not visit one host at each other meal`);
  }
  const met = new Set<string>();
  for (const [host, guests] of guestsAt) {
    const table = [host, ...guests];
    for (let i = 0; i < table.length; i++) {
      for (let j = i + 1; j < table.length; j++) {
        const pair = table[i] < table[j] ? `${table[i]}-${table[j]}` : `${table[j]}-${table[i]}`;
        if (met.has(pair)) violations.push(`teams ${pair} meet twice`);
        met.add(pair);
      }
    }
  }
  return violations;
}
