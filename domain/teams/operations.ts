import { TEAM_SIZE } from '../events/dinner.js';
import { formTeams, placeTeams } from './pairing.js';
import { bestHostOf, isRegisteredPair, type Participants, partnerIdOf } from './participants.js';
import type { PlannedTeam, PlanOptions, TeamPlan, TeamRuleCode } from './plan.types.js';
import { createRng } from './rng.js';

// Operations on a plan. None mutates its input; each keeps the order of plan.teams (index i is the same team
// before and after; new teams are appended), so the caller can map teams to its rows by index even when
// their numbers change. After every success each team that is not cancelled has one host among its members,
// nobody is in two teams, fixed partners who both have a team share it, and the places still form the
// meet-once design.

/** The result of an operation: a new plan and the teams whose own record (members, host, place, number, status) changed. */
export type OperationResult<P extends TeamPlan = TeamPlan> =
  | { ok: true; plan: P; changedTeamNumbers: number[] }
  | { ok: false; code: TeamRuleCode };

export interface WaitingAssignment {
  teamNumber: number;
  participantIds: readonly string[];
}

type Refusal = { ok: false; code: TeamRuleCode };
const refuse = (code: TeamRuleCode): Refusal => ({ ok: false, code });
const done = <P extends TeamPlan>(plan: P, teams: PlannedTeam[], changedTeamNumbers: number[]): OperationResult<P> => ({
  ok: true,
  plan: { ...plan, teams },
  changedTeamNumbers,
});

const indexOfTeam = (teams: readonly PlannedTeam[], teamNumber: number) =>
  teams.findIndex((t) => t.teamNumber === teamNumber);
const indexOfMember = (teams: readonly PlannedTeam[], participantId: string) =>
  teams.findIndex((t) => t.memberIds.includes(participantId));
const replaceAt = (teams: readonly PlannedTeam[], changes: Map<number, PlannedTeam>) =>
  teams.map((team, i) => changes.get(i) ?? team);
const hostingOptions = (plan: TeamPlan) => ({
  meals: Math.max(...plan.teams.map((t) => t.meal)) + 1,
  teamSize: TEAM_SIZE,
});

/** Swaps two members of different teams; a moving host stays host: the incoming member takes over the hosting. */
export function swapMembers<P extends TeamPlan>(
  plan: P,
  participants: Participants,
  participantIdA: string,
  participantIdB: string,
): OperationResult<P> {
  const [a, b] = [indexOfMember(plan.teams, participantIdA), indexOfMember(plan.teams, participantIdB)];
  if (a < 0 || b < 0) return refuse('unknown_participant');
  if (a === b) return done(plan, [...plan.teams], []);
  const leavesPartner = (id: string, team: PlannedTeam) => team.memberIds.includes(partnerIdOf(participants, id) ?? '');
  if (leavesPartner(participantIdA, plan.teams[a]) || leavesPartner(participantIdB, plan.teams[b]))
    return refuse('swap_breaks_partner_wish');
  const exchange = (team: PlannedTeam, outgoing: string, incoming: string): PlannedTeam => ({
    ...team,
    memberIds: team.memberIds.map((id) => (id === outgoing ? incoming : id)),
    hostId: team.hostId === outgoing ? incoming : team.hostId,
  });
  const teams = replaceAt(
    plan.teams,
    new Map([
      [a, exchange(plan.teams[a], participantIdA, participantIdB)],
      [b, exchange(plan.teams[b], participantIdB, participantIdA)],
    ]),
  );
  return done(plan, teams, [plan.teams[a].teamNumber, plan.teams[b].teamNumber]);
}

/** Swaps the places (meal and position) of two teams: the design stays meet-once. */
export function swapMeals<P extends TeamPlan>(plan: P, teamNumberA: number, teamNumberB: number): OperationResult<P> {
  return exchangeFields(plan, teamNumberA, teamNumberB, (to, from) => ({
    ...to,
    meal: from.meal,
    position: from.position,
  }));
}

/** Swaps the numbers of two teams; members, hosts and places stay. */
export function swapTeamNumbers<P extends TeamPlan>(
  plan: P,
  teamNumberA: number,
  teamNumberB: number,
): OperationResult<P> {
  return exchangeFields(plan, teamNumberA, teamNumberB, (to, from) => ({ ...to, teamNumber: from.teamNumber }));
}

function exchangeFields<P extends TeamPlan>(
  plan: P,
  teamNumberA: number,
  teamNumberB: number,
  take: (to: PlannedTeam, from: PlannedTeam) => PlannedTeam,
): OperationResult<P> {
  const [a, b] = [indexOfTeam(plan.teams, teamNumberA), indexOfTeam(plan.teams, teamNumberB)];
  if (a < 0 || b < 0) return refuse('unknown_team');
  if (a === b) return done(plan, [...plan.teams], []);
  const teams = replaceAt(
    plan.teams,
    new Map([
      [a, take(plan.teams[a], plan.teams[b])],
      [b, take(plan.teams[b], plan.teams[a])],
    ]),
  );
  return done(plan, teams, [teamNumberA, teamNumberB]);
}

/** Makes the given members their teams' hosts. A pair registered together keeps cooking in its own kitchen. */
export function changeHosts<P extends TeamPlan>(
  plan: P,
  participants: Participants,
  changes: readonly { teamNumber: number; hostId: string }[],
): OperationResult<P> {
  const changed = new Map<number, PlannedTeam>();
  for (const { teamNumber, hostId } of changes) {
    const index = indexOfTeam(plan.teams, teamNumber);
    if (index < 0) return refuse('unknown_team');
    const team = changed.get(index) ?? plan.teams[index];
    if (team.status === 'CANCELLED') return refuse('team_cancelled');
    if (!team.memberIds.includes(hostId)) return refuse('unknown_participant');
    if (hostId === team.hostId) continue;
    if (isRegisteredPair(participants, hostId) && team.memberIds.includes(partnerIdOf(participants, hostId)!))
      return refuse('fixed_pair_host_change');
    changed.set(index, { ...team, hostId });
  }
  return done(
    plan,
    replaceAt(plan.teams, changed),
    [...changed.keys()].map((i) => plan.teams[i].teamNumber),
  );
}

/**
 * Removes one member from a team. The last member cancels the whole team (its place stays); otherwise the
 * others stay, and one of them hosts if the host left. A pair registered together only leaves as a team.
 */
export function cancelMember<P extends TeamPlan>(
  plan: P,
  participants: Participants,
  teamNumber: number,
  participantId: string,
): OperationResult<P> {
  const index = indexOfTeam(plan.teams, teamNumber);
  if (index < 0) return refuse('unknown_team');
  const team = plan.teams[index];
  if (team.status === 'CANCELLED') return refuse('team_no_team_members_left');
  if (!team.memberIds.includes(participantId)) return refuse('unknown_participant');
  if (
    isRegisteredPair(participants, participantId) &&
    team.memberIds.includes(partnerIdOf(participants, participantId)!)
  ) {
    return refuse('invalid_team_member_cancellation_root_teampartner');
  }
  const memberIds = team.memberIds.filter((id) => id !== participantId);
  const next: PlannedTeam =
    memberIds.length === 0
      ? cancelled(team)
      : {
          ...team,
          memberIds,
          hostId:
            team.hostId === participantId ? bestHostOf(memberIds, participants, hostingOptions(plan)) : team.hostId,
        };
  return done(plan, replaceAt(plan.teams, new Map([[index, next]])), [teamNumber]);
}

const cancelled = (team: PlannedTeam): PlannedTeam => ({ ...team, memberIds: [], hostId: null, status: 'CANCELLED' });

/**
 * Without replacements the team is CANCELLED: its members leave, its place stays (its guests find the host
 * cancelled). With exactly teamSize waiting participants it is REPLACED by them, also when it was cancelled
 * before (its place waited for them).
 */
export function cancelTeam<P extends TeamPlan>(
  plan: P,
  participants: Participants,
  teamNumber: number,
  replacementIds: readonly string[],
  waitingIds: readonly string[],
): OperationResult<P> {
  const index = indexOfTeam(plan.teams, teamNumber);
  if (index < 0) return refuse('unknown_team');
  const team = plan.teams[index];
  const memberIds = [...new Set(replacementIds)];
  if (memberIds.length === 0) {
    return team.status === 'CANCELLED'
      ? refuse('team_cancelled')
      : done(plan, replaceAt(plan.teams, new Map([[index, cancelled(team)]])), [teamNumber]);
  }
  if (memberIds.length < TEAM_SIZE) return refuse('replacement_too_few');
  if (memberIds.length > TEAM_SIZE) return refuse('replacement_too_many');
  const refusal = joiningRefusal(plan.teams, participants, memberIds, new Set(waitingIds));
  if (refusal) return refusal;
  const teams = replaceAt(plan.teams, new Map([[index, replacedBy(team, memberIds, participants, plan)]]));
  return partnersApart(teams, participants, memberIds)
    ? refuse('swap_breaks_partner_wish')
    : done(plan, teams, [teamNumber]);
}

/** The team with new members in place of the old ones: REPLACED, the host chosen as generation would. */
const replacedBy = (
  team: PlannedTeam,
  memberIds: string[],
  participants: Participants,
  plan: TeamPlan,
): PlannedTeam => ({
  ...team,
  memberIds,
  hostId: bestHostOf(memberIds, participants, hostingOptions(plan)),
  status: 'REPLACED',
});

/**
 * Fills teams that lost members with waiting participants, up to the team size; hosts stay. A cancelled team
 * has no member left: it is filled by exactly teamSize participants and becomes REPLACED, as cancelTeam does.
 */
export function assignWaiting<P extends TeamPlan>(
  plan: P,
  participants: Participants,
  assignments: readonly WaitingAssignment[],
  waitingIds: readonly string[],
): OperationResult<P> {
  const waiting = new Set(waitingIds);
  let teams = [...plan.teams];
  const changed = new Set<number>();
  const joining: string[] = [];
  for (const { teamNumber, participantIds } of assignments) {
    const index = indexOfTeam(teams, teamNumber);
    if (index < 0) return refuse('unknown_team');
    const team = teams[index];
    const newIds = [...new Set(participantIds)];
    if (newIds.length === 0) continue;
    const refusal = joiningRefusal(teams, participants, newIds, waiting);
    if (refusal) return refusal;
    const memberIds = [...team.memberIds, ...newIds];
    if (memberIds.length > TEAM_SIZE) return refuse('replacement_too_many');
    if (team.status === 'CANCELLED' && memberIds.length < TEAM_SIZE) return refuse('replacement_too_few');
    const next = team.status === 'CANCELLED' ? replacedBy(team, memberIds, participants, plan) : { ...team, memberIds };
    teams = replaceAt(teams, new Map([[index, next]]));
    changed.add(teamNumber);
    joining.push(...newIds);
  }
  return partnersApart(teams, participants, joining)
    ? refuse('swap_breaks_partner_wish')
    : done(plan, teams, [...changed]);
}

/**
 * Makes new teams from waiting participants (registration order) in full blocks of meals × teamSize. Existing
 * teams keep members and places; the new ones take the next positions of every meal (the design grows from m
 * to m + k and stays meet-once) and the next team numbers.
 */
export function addTeamsFromWaitingList<P extends TeamPlan>(
  plan: P,
  participants: Participants,
  participantIds: readonly string[],
  options: PlanOptions,
  seed: number,
): OperationResult<P> {
  const ids = [...new Set(participantIds)];
  if (ids.length === 0 || ids.length % (options.meals * options.teamSize) !== 0)
    return refuse('waiting_list_not_full_block');
  const refusal = joiningRefusal(plan.teams, participants, ids, null);
  if (refusal) return refusal;
  const rng = createRng(seed);
  const formed = formTeams(
    ids.map((id) => participants.get(id)!),
    participants,
    options,
    rng,
  );
  const start = {
    classSize: plan.teams.length / options.meals,
    firstTeamNumber: Math.max(0, ...plan.teams.map((t) => t.teamNumber)) + 1,
  };
  const added = placeTeams(formed, participants, options, rng, start);
  const teams = [...plan.teams, ...added];
  return partnersApart(teams, participants, ids)
    ? refuse('partners_must_join_together')
    : done(
        plan,
        teams,
        added.map((t) => t.teamNumber),
      );
}

/** Why these participants cannot join a team: unknown, already in a team, or (given the list) not waiting. */
function joiningRefusal(
  teams: readonly PlannedTeam[],
  participants: Participants,
  ids: readonly string[],
  waiting: ReadonlySet<string> | null,
): Refusal | null {
  for (const id of ids) {
    if (!participants.has(id)) return refuse('unknown_participant');
    if (indexOfMember(teams, id) >= 0) return refuse('participant_assigned_in_team');
    if (waiting && !waiting.has(id)) return refuse('replacement_not_waiting');
  }
  return null;
}

/** A joining participant whose fixed partner is not in the same team (left waiting, or cooking elsewhere). */
function partnersApart(
  teams: readonly PlannedTeam[],
  participants: Participants,
  joiningIds: readonly string[],
): boolean {
  return joiningIds.some((id) => {
    const partnerId = partnerIdOf(participants, id);
    return partnerId !== undefined && !teams[indexOfMember(teams, id)].memberIds.includes(partnerId);
  });
}
