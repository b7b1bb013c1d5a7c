import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { waitingListStatus } from '../participants/waiting-list.js';
import { checkPlan } from './check.js';
import { meetOnceVisits } from './design.js';
import { generatePlan, generationRefusal, splitForTeams, TeamRuleError } from './generate.js';
import { hostingRank, partnerIdOf } from './participants.js';
import type { PlanOptions } from './plan.types.js';
import {
  byId,
  type PersonSpec,
  participantsFrom,
  people,
  person,
  personSpec,
  planOptions,
  seed,
} from './test-support.js';

const canHost = (seats: number, options: PlanOptions) => seats >= options.meals * options.teamSize;
const threeMeals: PlanOptions = {
  meals: 3,
  teamSize: 2,
  forceEqualDistributedCapacityTeams: true,
  genderAspects: 'FORCE_GENDER_MIX',
};

/** Every promise of a generated plan, for one input. */
function expectValidPlan(specs: PersonSpec[], options: PlanOptions, planSeed: number) {
  const confirmed = participantsFrom(specs);
  const participants = byId(confirmed);
  const count = confirmed.length;
  if (count < options.meals * options.meals * options.teamSize) {
    expect(generationRefusal(count, options)).toBe('too_few_participants');
    expect(() => generatePlan(confirmed, options, planSeed)).toThrow(new TeamRuleError('too_few_participants'));
    return;
  }
  const plan = generatePlan(confirmed, options, planSeed);
  const { meals } = options;

  // The waiting list: as many as the rule says, fixed pairs never cut apart, everyone exactly once.
  const status = waitingListStatus(count, meals, options.teamSize);
  expect(plan.waitingParticipantIds).toHaveLength(status.waiting);
  const inTeams = plan.teams.flatMap((t) => t.memberIds);
  expect([...inTeams, ...plan.waitingParticipantIds].sort()).toEqual(confirmed.map((p) => p.id).sort());
  const waits = new Set(plan.waitingParticipantIds);
  const cutApart = confirmed.filter(
    (p) => partnerIdOf(participants, p.id) && waits.has(partnerIdOf(participants, p.id)!) !== waits.has(p.id),
  );
  expect(cutApart).toEqual([]);
  if (confirmed.every((p) => p.fixedPartnerId === null))
    expect(plan.waitingParticipantIds).toEqual(confirmed.slice(count - status.waiting).map((p) => p.id));

  // The teams: meals × m of them, each hosting once, meals hosted equally, meet-once, partners together, one host.
  const n = status.teamMembers / options.teamSize;
  expect(plan.teams).toHaveLength(n);
  expect(plan.teams.map((t) => t.teamNumber).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  for (let meal = 0; meal < meals; meal++) expect(plan.teams.filter((t) => t.meal === meal)).toHaveLength(n / meals);
  const visits = meetOnceVisits(plan.teams, meals);
  expect(checkPlan(plan, visits, options, participants)).toEqual([]);
  // (one expect per plan: thousands of plans are checked)
  const rank = (id: string) => hostingRank(participants.get(id)!, options);
  const rootOf = (memberIds: string[]) =>
    memberIds.find((id) => participants.get(id)!.registeredThePair && partnerIdOf(participants, id));
  const brokenTeams = plan.teams.filter((team) => {
    const partnerId = partnerIdOf(participants, team.memberIds[0]);
    const root = rootOf(team.memberIds);
    return (
      team.memberIds.length !== options.teamSize ||
      !team.memberIds.includes(team.hostId!) ||
      team.status !== 'OK' ||
      new Set(visits.filter((v) => v.guestTeamNumber === team.teamNumber).map((v) => v.meal)).size !== meals - 1 ||
      (partnerId !== undefined && !team.memberIds.includes(partnerId)) ||
      (root !== undefined && team.hostId !== root) ||
      (root === undefined &&
        options.forceEqualDistributedCapacityTeams &&
        rank(team.hostId!) !== Math.max(...team.memberIds.map(rank)))
    );
  });
  expect(brokenTeams).toEqual([]);

  // Hosting capacity: a team of singles that cannot host only exists when no other team of singles has two
  // capable members; the capable hosts spread evenly over the meals.
  if (options.forceEqualDistributedCapacityTeams) {
    const capable = (id: string) => canHost(participants.get(id)!.numSeats, options);
    const singlesTeams = plan.teams.filter((t) => !partnerIdOf(participants, t.memberIds[0]));
    if (singlesTeams.some((t) => !t.memberIds.some(capable)))
      expect(singlesTeams.filter((t) => t.memberIds.every(capable))).toEqual([]);
    const capableHostsPerMeal = Array.from(
      { length: meals },
      (_, meal) => plan.teams.filter((t) => t.meal === meal && capable(t.hostId!)).length,
    );
    expect(Math.max(...capableHostsPerMeal) - Math.min(...capableHostsPerMeal)).toBeLessThanOrEqual(1);
  }

  expect(plan.teamsMatchingGenderAspects).toBe(
    options.genderAspects === 'IGNORE_GENDER'
      ? n
      : plan.teams.filter((t) =>
          matches(
            t.memberIds.map((id) => participants.get(id)!.gender),
            options,
          ),
        ).length,
  );
  // Reproducible: the same seed and input give the same plan.
  expect(JSON.stringify(generatePlan(confirmed, options, planSeed))).toBe(JSON.stringify(plan));
}

/** Diverse and unspecified genders meet no aspect: a mix is a woman and a man, the same gender all women or men. */
function matches(genders: string[], options: PlanOptions) {
  if (options.genderAspects === 'FORCE_GENDER_MIX') return genders.includes('MALE') && genders.includes('FEMALE');
  return (genders[0] === 'MALE' || genders[0] === 'FEMALE') && genders.every((g) => g === genders[0]);
}

describe('generatePlan', () => {
  it.each([2, 3])('keeps every promise for every participant count from 0 to 400 with %i meals', (meals) => {
    for (let count = 0; count <= 400; count++) {
      fc.assert(
        fc.property(
          fc.array(personSpec, { minLength: count, maxLength: count }),
          planOptions(meals),
          seed,
          (specs, options, planSeed) => expectValidPlan(specs, options, planSeed),
        ),
        { numRuns: 3, seed: count * 7 + meals },
      );
    }
  });

  it('meets the gender aspect as often as possible when capacity does not bind', () => {
    const singles = fc.array(
      personSpec.map((p) => ({ ...p, pairWithNext: 'none' as const })),
      { minLength: 18, maxLength: 120 },
    );
    fc.assert(
      fc.property(
        singles,
        fc.constantFrom('FORCE_GENDER_MIX' as const, 'FORCE_SAME_GENDER' as const),
        seed,
        (specs, genderAspects, planSeed) => {
          const options: PlanOptions = {
            meals: 3,
            teamSize: 2,
            forceEqualDistributedCapacityTeams: false,
            genderAspects,
          };
          const confirmed = participantsFrom(specs);
          const plan = generatePlan(confirmed, options, planSeed);
          const members = new Set(plan.teams.flatMap((t) => t.memberIds));
          const count = (gender: string) => confirmed.filter((p) => members.has(p.id) && p.gender === gender).length;
          const [men, women] = [count('MALE'), count('FEMALE')];
          const best =
            genderAspects === 'FORCE_GENDER_MIX' ? Math.min(men, women) : Math.floor(men / 2) + Math.floor(women / 2);
          expect(plan.teamsMatchingGenderAspects).toBe(best);
        },
      ),
    );
  });

  it('counts a diverse gender like an unspecified one: the plan is the same either way', () => {
    fc.assert(
      fc.property(
        fc.array(personSpec, { minLength: 18, maxLength: 80 }),
        planOptions(3),
        seed,
        (specs, options, planSeed) => {
          const confirmed = participantsFrom(specs);
          const unspecified = confirmed.map((p) =>
            p.gender === 'DIVERSE' ? { ...p, gender: 'UNDEFINED' as const } : p,
          );
          fc.pre(unspecified.some((p, i) => p !== confirmed[i]));
          expect(generatePlan(confirmed, options, planSeed)).toEqual(generatePlan(unspecified, options, planSeed));
        },
      ),
    );
  });

  it('puts one host-capable member in as many teams as possible and makes that member host', () => {
    const confirmed = participantsFrom(people(18, (i) => person('MALE', i < 9 ? 8 : 2)));
    const plan = generatePlan(confirmed, { ...threeMeals, genderAspects: 'IGNORE_GENDER' }, 1);
    for (const team of plan.teams) expect(confirmed.find((p) => p.id === team.hostId)!.numSeats).toBe(8);
  });

  it('lets a cut-apart pair join together when no single waits', () => {
    // 19 confirmed, 18 cook: the shared rule finds no waiting single for p17, whose partner p18 would wait.
    const confirmed = participantsFrom(people(19, (i) => person('MALE', 8, i === 17 ? 'wish' : 'none')));
    const { waiting } = splitForTeams(confirmed, byId(confirmed), threeMeals);
    expect(waiting.map((p) => p.id)).toEqual(['p16']);
  });

  it('gives different seeds different plans', () => {
    const confirmed = participantsFrom(people(60, (i) => person(i % 2 ? 'MALE' : 'FEMALE', 8)));
    const plans = new Set([1, 2, 3].map((s) => JSON.stringify(generatePlan(confirmed, threeMeals, s).teams)));
    expect(plans.size).toBe(3);
  });
});
