import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPlan } from './check.js';
import { meetOnceVisits } from './design.js';
import { generatePlan } from './generate.js';
import {
  addTeamsFromWaitingList,
  assignWaiting,
  cancelMember,
  cancelTeam,
  changeHosts,
  type OperationResult,
  swapMeals,
  swapMembers,
  swapTeamNumbers,
} from './operations.js';
import { isRegisteredPair, partnerIdOf, type TeamRuleParticipant } from './participants.js';
import type { PlannedTeam, PlanOptions, TeamPlan, TeamRuleCode, TeamStatus } from './plan.types.js';
import { byId, type PersonSpec, participantsFrom, personSpec, planOptions, seed } from './test-support.js';

// A model-based test: random sequences of every operation, each checked against a simple model of what the
// team rules promise, with the plan's invariants (checkPlan, meet-once) verified after every step.

interface ModelTeam {
  members: string[];
  host: string | null;
  meal: number;
  position: number;
  status: TeamStatus;
}

interface Model {
  options: PlanOptions;
  participants: Map<string, TeamRuleParticipant>;
  /** Confirmed participants without a team, in registration order. */
  waiting: string[];
  teams: Map<number, ModelTeam>;
  registrations: number;
}

interface Real {
  plan: TeamPlan;
}

type Expected = { code: TeamRuleCode } | { changed: number[]; update: () => void };

const sortedNumbers = (model: Model) => [...model.teams.keys()].sort((a, b) => a - b);
const nth = <T>(list: readonly T[], i: number) => list[i % list.length];
/** The i-th team in number order (cyclically), with its number. */
const nthTeam = (model: Model, i: number): [number, ModelTeam] => {
  const number = nth(sortedNumbers(model), i);
  return [number, model.teams.get(number)!];
};
const teamNumberOf = (model: Model, participantId: string) =>
  [...model.teams].find(([, t]) => t.members.includes(participantId))?.[0];
const partnerOf = (model: Model, id: string) => partnerIdOf(model.participants, id);
const registeredPairIn = (model: Model, team: ModelTeam, id: string) =>
  isRegisteredPair(model.participants, id) && team.members.includes(partnerOf(model, id)!);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/** Runs one operation on a frozen plan and checks the result against the model's expectation. */
function apply(model: Model, real: Real, operation: (plan: TeamPlan) => OperationResult, expected: Expected) {
  const before = structuredClone(real.plan);
  const result = operation(deepFreeze(structuredClone(real.plan)));
  if ('code' in expected) {
    expect(result).toEqual({ ok: false, code: expected.code });
    return;
  }
  if (!result.ok) expect.fail(`refused with ${result.code}`);
  expect(new Set(result.changedTeamNumbers)).toEqual(new Set(expected.changed));
  expected.update();
  real.plan = result.plan;
  expect(real.plan.seed).toBe(before.seed);
  expectSameAsModel(model, real);
}

function expectSameAsModel(model: Model, real: Real) {
  const actual = new Map(
    real.plan.teams.map((t) => [
      t.teamNumber,
      { members: [...t.memberIds].sort(), host: t.hostId, meal: t.meal, position: t.position, status: t.status },
    ]),
  );
  const wanted = new Map([...model.teams].map(([n, t]) => [n, { ...t, members: [...t.members].sort() }]));
  expect(actual).toEqual(wanted);
  const visits = meetOnceVisits(real.plan.teams, model.options.meals);
  expect(checkPlan(real.plan, visits, model.options, model.participants)).toEqual([]);
  const inTeams = new Set(real.plan.teams.flatMap((t) => t.memberIds));
  expect(model.waiting.filter((id) => inTeams.has(id))).toEqual([]);
}

/** The rules for participants joining a team, as the organiser sees them: who may join at all… */
function joiningRefusal(model: Model, ids: readonly string[], waitingOnly: boolean): TeamRuleCode | null {
  for (const id of ids) {
    if (!model.participants.has(id)) return 'unknown_participant';
    if (teamNumberOf(model, id) !== undefined) return 'participant_assigned_in_team';
    if (waitingOnly && !model.waiting.includes(id)) return 'replacement_not_waiting';
  }
  return null;
}

/** …and that nobody joins without a fixed partner who waits or cooks elsewhere. */
function partnersApart(
  model: Model,
  ids: readonly string[],
  sameTeam: (a: string, b: string) => boolean,
): TeamRuleCode | null {
  const apart = ids.some((id) => {
    const partnerId = partnerOf(model, id);
    return partnerId !== undefined && !sameTeam(id, partnerId);
  });
  return apart ? 'swap_breaks_partner_wish' : null;
}

const leaveWaitingList = (model: Model, ids: readonly string[]) => {
  model.waiting = model.waiting.filter((id) => !ids.includes(id));
};
const leaveEvent = (model: Model, ids: readonly string[]) => {
  for (const id of ids) model.participants.delete(id);
};

class SwapMembers implements fc.Command<Model, Real> {
  constructor(
    readonly i: number,
    readonly j: number,
  ) {}
  check = (model: Model) => [...model.teams.values()].some((t) => t.members.length > 0);
  run(model: Model, real: Real) {
    const members = [...model.teams.values()].flatMap((t) => t.members).sort();
    const [a, b] = [nth(members, this.i), nth(members, this.j)];
    const [numberA, numberB] = [teamNumberOf(model, a)!, teamNumberOf(model, b)!];
    const [teamA, teamB] = [model.teams.get(numberA)!, model.teams.get(numberB)!];
    const leavesPartner = (id: string, team: ModelTeam) => team.members.includes(partnerOf(model, id) ?? '');
    let expected: Expected;
    if (numberA === numberB) expected = { changed: [], update: () => {} };
    else if (leavesPartner(a, teamA) || leavesPartner(b, teamB)) expected = { code: 'swap_breaks_partner_wish' };
    else {
      expected = {
        changed: [numberA, numberB],
        update: () => {
          const exchange = (team: ModelTeam, out: string, incoming: string) => {
            team.members = team.members.map((id) => (id === out ? incoming : id));
            if (team.host === out) team.host = incoming;
          };
          exchange(teamA, a, b);
          exchange(teamB, b, a);
        },
      };
    }
    apply(model, real, (plan) => swapMembers(plan, model.participants, a, b), expected);
  }
  toString = () => `swapMembers(${this.i}, ${this.j})`;
}

class SwapPlaces implements fc.Command<Model, Real> {
  constructor(
    readonly i: number,
    readonly j: number,
    readonly what: 'meals' | 'numbers',
  ) {}
  check = () => true;
  run(model: Model, real: Real) {
    const numbers = sortedNumbers(model);
    const [a, b] = [nth(numbers, this.i), nth(numbers, this.j)];
    const [teamA, teamB] = [model.teams.get(a)!, model.teams.get(b)!];
    const membersByIndex = real.plan.teams.map((t) => t.memberIds);
    const update = () => {
      if (this.what === 'numbers') model.teams.set(a, teamB).set(b, teamA);
      else
        [teamA.meal, teamA.position, teamB.meal, teamB.position] = [
          teamB.meal,
          teamB.position,
          teamA.meal,
          teamA.position,
        ];
    };
    const operation = this.what === 'meals' ? swapMeals : swapTeamNumbers;
    apply(model, real, (plan) => operation(plan, a, b), { changed: a === b ? [] : [a, b], update });
    // The order of the teams is kept: the caller maps teams to its rows by index.
    expect(real.plan.teams.map((t) => t.memberIds)).toEqual(membersByIndex);
  }
  toString = () => `swap ${this.what}(${this.i}, ${this.j})`;
}

class ChangeHost implements fc.Command<Model, Real> {
  constructor(
    readonly i: number,
    readonly k: number,
  ) {}
  check = () => true;
  run(model: Model, real: Real) {
    const [number, team] = nthTeam(model, this.i);
    const hostId = team.members.length > 0 ? nth(team.members, this.k) : nth([...model.participants.keys()], this.k);
    let expected: Expected;
    if (team.status === 'CANCELLED') expected = { code: 'team_cancelled' };
    else if (hostId === team.host) expected = { changed: [], update: () => {} };
    else if (registeredPairIn(model, team, hostId)) expected = { code: 'fixed_pair_host_change' };
    else expected = { changed: [number], update: () => (team.host = hostId) };
    apply(model, real, (plan) => changeHosts(plan, model.participants, [{ teamNumber: number, hostId }]), expected);
  }
  toString = () => `changeHost(${this.i}, ${this.k})`;
}

class CancelMember implements fc.Command<Model, Real> {
  constructor(
    readonly i: number,
    readonly k: number,
    readonly backToWaiting: boolean,
  ) {}
  check = () => true;
  run(model: Model, real: Real) {
    const [number, team] = nthTeam(model, this.i);
    const memberId = team.members.length > 0 ? nth(team.members, this.k) : 'nobody';
    let expected: Expected;
    if (team.status === 'CANCELLED') expected = { code: 'team_no_team_members_left' };
    else if (registeredPairIn(model, team, memberId))
      expected = { code: 'invalid_team_member_cancellation_root_teampartner' };
    else {
      expected = {
        changed: [number],
        update: () => {
          team.members = team.members.filter((id) => id !== memberId);
          if (team.members.length === 0) Object.assign(team, { host: null, status: 'CANCELLED' });
          else if (team.host === memberId) team.host = team.members[0];
          if (this.backToWaiting) model.waiting.push(memberId);
          else leaveEvent(model, [memberId]);
        },
      };
    }
    apply(model, real, (plan) => cancelMember(plan, model.participants, number, memberId), expected);
  }
  toString = () => `cancelMember(${this.i}, ${this.k}, ${this.backToWaiting ? 'waits again' : 'leaves'})`;
}

type Replacement = 'none' | 'two' | 'one' | 'three' | 'member' | 'unknown' | 'notWaiting';

class CancelTeam implements fc.Command<Model, Real> {
  constructor(
    readonly i: number,
    readonly x: number,
    readonly replacement: Replacement,
  ) {}
  check = () => true;
  run(model: Model, real: Real) {
    const [number, team] = nthTeam(model, this.i);
    const waiting = model.waiting;
    const waitingAt = (offset: number) => (waiting.length > 0 ? [nth(waiting, this.x + offset)] : []);
    const someMember = [...model.teams.values()].flatMap((t) => t.members)[0];
    const notWaiting = 'a-participant-not-waiting';
    const ids = {
      none: [],
      two: [...waitingAt(0), ...waitingAt(1)],
      one: waitingAt(0),
      three: [...waitingAt(0), ...waitingAt(1), ...waitingAt(2)],
      member: [someMember, ...waitingAt(0)],
      unknown: ['ghost', ...waitingAt(0)],
      notWaiting: [notWaiting, ...waitingAt(0)],
    }[this.replacement];
    if (this.replacement === 'notWaiting')
      model.participants.set(notWaiting, { id: notWaiting, gender: 'MALE', numSeats: 8, fixedPartnerId: null });
    const unique = [...new Set(ids)];
    let expected: Expected;
    let code: TeamRuleCode | null = null;
    // A cancelled team cannot be cancelled again, but waiting participants can still replace it.
    if (team.status === 'CANCELLED' && unique.length === 0) code = 'team_cancelled';
    else if (unique.length === 1) code = 'replacement_too_few';
    else if (unique.length > 2) code = 'replacement_too_many';
    else if (unique.length === 2)
      code =
        joiningRefusal(model, unique, true) ??
        partnersApart(model, unique, (a, b) => unique.includes(a) && unique.includes(b));
    if (code) expected = { code };
    else {
      expected = {
        changed: [number],
        update: () => {
          leaveEvent(model, team.members);
          leaveWaitingList(model, unique);
          team.members = unique;
          team.host = unique.length === 0 ? null : expectedHost(model, unique);
          team.status = unique.length === 0 ? 'CANCELLED' : 'REPLACED';
        },
      };
    }
    apply(model, real, (plan) => cancelTeam(plan, model.participants, number, ids, model.waiting), expected);
    model.participants.delete(notWaiting);
  }
  toString = () => `cancelTeam(${this.i}, ${this.x}, ${this.replacement})`;
}

/** The host of new members: the one who registered the pair, else the most seats' rank, else the first. */
function expectedHost(model: Model, ids: string[]): string {
  const needed = model.options.meals * model.options.teamSize;
  const rank = (id: string) => {
    const p = model.participants.get(id)!;
    return (
      (p.registeredThePair && isRegisteredPair(model.participants, id) ? 10 : 0) +
      (p.numSeats < 0 ? 1 : p.numSeats >= needed ? 2 : 0)
    );
  };
  return ids.reduce((best, id) => (rank(id) > rank(best) ? id : best));
}

class AssignWaiting implements fc.Command<Model, Real> {
  constructor(
    readonly i: number,
    readonly x: number,
    readonly count: 1 | 2,
  ) {}
  check = (model: Model) => model.waiting.length > 0;
  run(model: Model, real: Real) {
    const open = sortedNumbers(model).filter((n) => model.teams.get(n)!.members.length < model.options.teamSize);
    const number = open.length > 0 ? nth(open, this.i) : nth(sortedNumbers(model), this.i);
    const team = model.teams.get(number)!;
    const ids = [...new Set([nth(model.waiting, this.x), nth(model.waiting, this.x + 1)].slice(0, this.count))];
    const cancelled = team.status === 'CANCELLED';
    let code: TeamRuleCode | null = joiningRefusal(model, ids, true);
    if (!code && team.members.length + ids.length > model.options.teamSize) code = 'replacement_too_many';
    // A cancelled team has nobody left: it takes a whole new team or nobody.
    if (!code && cancelled && ids.length < model.options.teamSize) code = 'replacement_too_few';
    if (!code)
      code = partnersApart(model, ids, (_, partnerId) => ids.includes(partnerId) || team.members.includes(partnerId));
    const expected: Expected = code
      ? { code }
      : {
          changed: [number],
          update: () => {
            team.members = [...team.members, ...ids];
            if (cancelled) Object.assign(team, { host: expectedHost(model, ids), status: 'REPLACED' });
            leaveWaitingList(model, ids);
          },
        };
    apply(
      model,
      real,
      (plan) => assignWaiting(plan, model.participants, [{ teamNumber: number, participantIds: ids }], model.waiting),
      expected,
    );
  }
  toString = () => `assignWaiting(${this.i}, ${this.x}, ${this.count})`;
}

class AddTeams implements fc.Command<Model, Real> {
  constructor(
    readonly blocks: number,
    readonly offByOne: boolean,
    readonly planSeed: number,
  ) {}
  check = () => true;
  run(model: Model, real: Real) {
    const blockSize = model.options.meals * model.options.teamSize;
    const ids = model.waiting.slice(0, this.blocks * blockSize - (this.offByOne ? 1 : 0));
    const full = ids.length > 0 && ids.length % blockSize === 0;
    // Pairs inside the block land in one team (checked below): only a partner outside it is refused.
    const partnerLeftOut = partnersApart(model, ids, (_, partnerId) => ids.includes(partnerId))
      ? 'partners_must_join_together'
      : null;
    const code = full ? (joiningRefusal(model, ids, false) ?? partnerLeftOut) : 'waiting_list_not_full_block';
    const before = real.plan.teams;
    const result = addTeamsFromWaitingList(
      deepFreeze(structuredClone(real.plan)),
      model.participants,
      ids,
      model.options,
      this.planSeed,
    );
    if (code) {
      expect(result).toEqual({ ok: false, code });
      return;
    }
    if (!result.ok) return expect.fail(`refused with ${result.code}`);
    const n = before.length;
    const added = result.plan.teams.slice(n);
    expect(result.plan.teams.slice(0, n)).toEqual(before);
    expect(added.map((t) => t.teamNumber).sort((a, b) => a - b)).toEqual(
      Array.from({ length: ids.length / 2 }, (_, i) => n + i + 1),
    );
    expect(result.changedTeamNumbers.sort((a, b) => a - b)).toEqual(
      added.map((t) => t.teamNumber).sort((a, b) => a - b),
    );
    expect(added.flatMap((t) => t.memberIds).sort()).toEqual([...ids].sort());
    const m = n / model.options.meals;
    for (let meal = 0; meal < model.options.meals; meal++) {
      expect(
        added
          .filter((t) => t.meal === meal)
          .map((t) => t.position)
          .sort((a, b) => a - b),
      ).toEqual(Array.from({ length: ids.length / blockSize }, (_, i) => m + i));
    }
    for (const t of added) {
      expect(t.status).toBe('OK');
      model.teams.set(t.teamNumber, {
        members: t.memberIds,
        host: t.hostId,
        meal: t.meal,
        position: t.position,
        status: t.status,
      });
    }
    leaveWaitingList(model, ids);
    real.plan = result.plan;
    expectSameAsModel(model, real);
  }
  toString = () => `addTeams(${this.blocks}${this.offByOne ? ' - 1' : ''})`;
}

class Register implements fc.Command<Model, Real> {
  constructor(readonly specs: PersonSpec[]) {}
  check = () => true;
  run(model: Model) {
    const people = participantsFrom(this.specs, `r${model.registrations++}-`);
    for (const p of people) model.participants.set(p.id, p);
    model.waiting.push(...people.map((p) => p.id));
  }
  toString = () => `register(${this.specs.length})`;
}

const index = fc.nat(1000);
const commands = [
  fc.tuple(index, index).map(([i, j]) => new SwapMembers(i, j)),
  fc
    .tuple(index, index, fc.constantFrom('meals' as const, 'numbers' as const))
    .map(([i, j, what]) => new SwapPlaces(i, j, what)),
  fc.tuple(index, index).map(([i, k]) => new ChangeHost(i, k)),
  fc.tuple(index, index, fc.boolean()).map(([i, k, back]) => new CancelMember(i, k, back)),
  fc
    .tuple(
      index,
      index,
      fc.constantFrom<Replacement>('none', 'two', 'two', 'two', 'one', 'three', 'member', 'unknown', 'notWaiting'),
    )
    .map(([i, x, r]) => new CancelTeam(i, x, r)),
  fc.tuple(index, index, fc.constantFrom(1 as const, 2 as const)).map(([i, x, c]) => new AssignWaiting(i, x, c)),
  fc.tuple(fc.integer({ min: 1, max: 2 }), fc.boolean(), seed).map(([blocks, off, s]) => new AddTeams(blocks, off, s)),
  fc.array(personSpec, { minLength: 1, maxLength: 14 }).map((specs) => new Register(specs)),
];

const initial = fc.constantFrom(2, 3).chain((meals) =>
  fc.record({
    options: planOptions(meals),
    specs: fc.array(personSpec, { minLength: meals * meals * 2, maxLength: 48 }),
    planSeed: seed,
  }),
);

describe('team operations (model-based)', () => {
  it('keep the team rules and the meet-once design through random sequences of every operation', () => {
    fc.assert(
      fc.property(
        initial,
        fc.commands(commands, { maxCommands: 60, size: '+1' }),
        ({ options, specs, planSeed }, cmds) => {
          const confirmed = participantsFrom(specs);
          const plan = generatePlan(confirmed, options, planSeed);
          const teams = new Map(
            plan.teams.map((t): [number, ModelTeam] => [
              t.teamNumber,
              { members: t.memberIds, host: t.hostId, meal: t.meal, position: t.position, status: t.status },
            ]),
          );
          const setup = () => ({
            model: {
              options,
              participants: byId(confirmed),
              waiting: [...plan.waitingParticipantIds],
              teams,
              registrations: 0,
            },
            real: { plan: { seed: plan.seed, teams: plan.teams } },
          });
          fc.modelRun(setup, cmds);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('team operations', () => {
  const options: PlanOptions = {
    meals: 3,
    teamSize: 2,
    forceEqualDistributedCapacityTeams: true,
    genderAspects: 'IGNORE_GENDER',
  };
  const team = (teamNumber: number, memberIds: string[], meal: number, position: number): PlannedTeam => ({
    teamNumber,
    memberIds,
    hostId: memberIds[0],
    meal,
    position,
    status: 'OK',
  });
  const nineTeams = (): TeamPlan => ({
    seed: 1,
    teams: Array.from({ length: 9 }, (_, i) => team(i + 1, [`a${i}`, `b${i}`], i % 3, Math.floor(i / 3))),
  });
  const people = (ids: string[], pairs: [string, string, boolean][] = []) => {
    const map = new Map<string, TeamRuleParticipant>(
      ids.map((id) => [id, { id, gender: 'FEMALE', numSeats: 8, fixedPartnerId: null }]),
    );
    for (const [a, b, registered] of pairs) {
      Object.assign(map.get(a)!, { fixedPartnerId: b, registeredThePair: registered });
      Object.assign(map.get(b)!, { fixedPartnerId: a });
    }
    return map;
  };
  const everyone = nineTeams().teams.flatMap((t) => t.memberIds);

  it('moves the hosting with a swapped host', () => {
    const result = swapMembers(nineTeams(), people(everyone), 'a0', 'b1');
    expect(result.ok && result.plan.teams.slice(0, 2).map((t) => [t.memberIds, t.hostId])).toEqual([
      [['b1', 'b0'], 'b1'],
      [['a1', 'a0'], 'a1'],
    ]);
  });

  it('lets a mutual-wish pair change its host but keeps the kitchen of a pair registered together', () => {
    const wish = people(everyone, [['a0', 'b0', false]]);
    expect(changeHosts(nineTeams(), wish, [{ teamNumber: 1, hostId: 'b0' }])).toMatchObject({
      ok: true,
      changedTeamNumbers: [1],
    });
    const registered = people(everyone, [['a0', 'b0', true]]);
    expect(changeHosts(nineTeams(), registered, [{ teamNumber: 1, hostId: 'b0' }])).toEqual({
      ok: false,
      code: 'fixed_pair_host_change',
    });
    expect(changeHosts(nineTeams(), registered, [{ teamNumber: 1, hostId: 'a1' }])).toEqual({
      ok: false,
      code: 'unknown_participant',
    });
    expect(changeHosts(nineTeams(), registered, [{ teamNumber: 99, hostId: 'a1' }])).toEqual({
      ok: false,
      code: 'unknown_team',
    });
  });

  it('cancels the whole team with its last member and keeps its place', () => {
    const first = cancelMember(nineTeams(), people(everyone), 1, 'a0');
    expect(first.ok && first.plan.teams[0]).toMatchObject({ memberIds: ['b0'], hostId: 'b0', status: 'OK' });
    const second = first.ok ? cancelMember(first.plan, people(everyone), 1, 'b0') : first;
    expect(second.ok && second.plan.teams[0]).toEqual({
      teamNumber: 1,
      memberIds: [],
      hostId: null,
      meal: 0,
      position: 0,
      status: 'CANCELLED',
    });
    expect(second.ok && cancelMember(second.plan, people(everyone), 1, 'b0')).toEqual({
      ok: false,
      code: 'team_no_team_members_left',
    });
  });

  it('refuses to remove one of a pair registered together', () => {
    expect(cancelMember(nineTeams(), people(everyone, [['a0', 'b0', true]]), 1, 'b0')).toEqual({
      ok: false,
      code: 'invalid_team_member_cancellation_root_teampartner',
    });
  });

  it('replaces a team only by exactly teamSize waiting participants', () => {
    const all = people([...everyone, 'w1', 'w2', 'w3']);
    const waiting = ['w1', 'w2', 'w3'];
    expect(cancelTeam(nineTeams(), all, 2, ['w1'], waiting)).toEqual({ ok: false, code: 'replacement_too_few' });
    expect(cancelTeam(nineTeams(), all, 2, waiting, waiting)).toEqual({ ok: false, code: 'replacement_too_many' });
    expect(cancelTeam(nineTeams(), all, 2, ['w1', 'w2'], ['w1'])).toEqual({
      ok: false,
      code: 'replacement_not_waiting',
    });
    expect(cancelTeam(nineTeams(), all, 2, ['w1', 'a0'], waiting)).toEqual({
      ok: false,
      code: 'participant_assigned_in_team',
    });
    const replaced = cancelTeam(nineTeams(), all, 2, ['w1', 'w2'], waiting);
    expect(replaced.ok && replaced.plan.teams[1]).toMatchObject({
      memberIds: ['w1', 'w2'],
      hostId: 'w1',
      status: 'REPLACED',
      meal: 1,
      position: 0,
    });
  });

  it('fills a cancelled team again by exactly teamSize waiting participants, by either operation', () => {
    const all = people([...everyone, 'w1', 'w2', 'w3']);
    const waiting = ['w1', 'w2', 'w3'];
    const cancelledPlan = cancelTeam(nineTeams(), all, 2, [], waiting);
    if (!cancelledPlan.ok) return expect.fail(cancelledPlan.code);
    const plan = cancelledPlan.plan;
    expect(cancelTeam(plan, all, 2, [], waiting)).toEqual({ ok: false, code: 'team_cancelled' });
    expect(cancelTeam(plan, all, 2, ['w1'], waiting)).toEqual({ ok: false, code: 'replacement_too_few' });
    expect(assignWaiting(plan, all, [{ teamNumber: 2, participantIds: ['w1'] }], waiting)).toEqual({
      ok: false,
      code: 'replacement_too_few',
    });
    expect(assignWaiting(plan, all, [{ teamNumber: 2, participantIds: waiting }], waiting)).toEqual({
      ok: false,
      code: 'replacement_too_many',
    });
    const wanted = { teamNumber: 2, memberIds: ['w2', 'w3'], hostId: 'w2', status: 'REPLACED', meal: 1, position: 0 };
    for (const result of [
      cancelTeam(plan, all, 2, ['w2', 'w3'], waiting),
      assignWaiting(plan, all, [{ teamNumber: 2, participantIds: ['w2', 'w3'] }], waiting),
    ]) {
      if (!result.ok) return expect.fail(result.code);
      expect(result.plan.teams[1]).toEqual(wanted);
      expect(result.changedTeamNumbers).toEqual([2]);
      expect(checkPlan(result.plan, meetOnceVisits(result.plan.teams, 3), options, all)).toEqual([]);
    }
  });

  it('refuses new teams that leave a fixed partner of a chosen participant waiting', () => {
    const newcomers = Array.from({ length: 7 }, (_, i) => `n${i}`);
    const all = people([...everyone, ...newcomers], [['n5', 'n6', false]]);
    expect(addTeamsFromWaitingList(nineTeams(), all, newcomers.slice(0, 6), options, 1)).toEqual({
      ok: false,
      code: 'partners_must_join_together',
    });
    expect(addTeamsFromWaitingList(nineTeams(), all, [...newcomers.slice(0, 4), 'n5', 'n6'], options, 1)).toMatchObject(
      { ok: true },
    );
  });

  it('adds teams only in full blocks, at the end of every meal', () => {
    const newcomers = Array.from({ length: 6 }, (_, i) => `n${i}`);
    const all = people([...everyone, ...newcomers]);
    expect(addTeamsFromWaitingList(nineTeams(), all, newcomers.slice(0, 4), options, 1)).toEqual({
      ok: false,
      code: 'waiting_list_not_full_block',
    });
    const result = addTeamsFromWaitingList(nineTeams(), all, newcomers, options, 1);
    if (!result.ok) return expect.fail(result.code);
    expect(
      result.plan.teams
        .slice(9)
        .map((t) => [t.teamNumber, t.meal, t.position])
        .sort(),
    ).toEqual([
      [10, expect.any(Number), 3],
      [11, expect.any(Number), 3],
      [12, expect.any(Number), 3],
    ]);
    expect(checkPlan(result.plan, meetOnceVisits(result.plan.teams, 3), options, all)).toEqual([]);
  });
});
