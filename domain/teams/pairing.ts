import type { GenderAspects } from '../events/dinner.js';
import type { Gender } from '../participants/participant.js';
import { bestHostOf, hostingRank, type Participants, partnerIdOf, type TeamRuleParticipant } from './participants.js';
import type { PlannedTeam, PlanOptions } from './plan.types.js';
import type { Rng } from './rng.js';

/** Members (registration order) and host of a team that has no place in the design yet. */
export interface FormedTeam {
  memberIds: string[];
  hostId: string;
}

/** The genders the gender aspects know: diverse counts like unspecified, for a mix means a woman and a man. */
type MixGender = 'MALE' | 'FEMALE' | 'UNDEFINED';
const mixGenderOf = (gender: Gender): MixGender => (gender === 'MALE' || gender === 'FEMALE' ? gender : 'UNDEFINED');

/** Mixed: a man and a woman; same: all women or all men. Other and unknown genders satisfy neither. */
function matchesGenderAspect(genders: readonly Gender[], aspect: GenderAspects): boolean {
  const known = genders.map(mixGenderOf);
  if (aspect === 'FORCE_GENDER_MIX') return known.includes('MALE') && known.includes('FEMALE');
  if (aspect === 'FORCE_SAME_GENDER') return known[0] !== 'UNDEFINED' && known.every((g) => g === known[0]);
  return true;
}

export function teamsMatchingGenderAspects(
  teams: readonly Pick<FormedTeam, 'memberIds'>[],
  participants: Participants,
  aspect: GenderAspects,
): number {
  const gendersOf = (team: Pick<FormedTeam, 'memberIds'>) => team.memberIds.map((id) => participants.get(id)!.gender);
  return teams.filter((team) => matchesGenderAspect(gendersOf(team), aspect)).length;
}

/**
 * Pairs participants (registration order, an even number) into teams: fixed pairs first, then the others.
 * With forceEqualDistributedCapacityTeams every team gets one member from the better half by hosting rank, so
 * as many teams as possible can seat a table; the gender aspect is then met as often as that allows.
 */
export function formTeams(
  members: readonly TeamRuleParticipant[],
  participants: Participants,
  options: PlanOptions,
  rng: Rng,
): FormedTeam[] {
  const inSet = new Set(members.map((p) => p.id));
  const order = new Map(members.map((p, i) => [p.id, i]));
  const pairs: string[][] = [];
  const singles: TeamRuleParticipant[] = [];
  for (const participant of members) {
    const partnerId = partnerIdOf(participants, participant.id);
    if (partnerId === undefined || !inSet.has(partnerId)) singles.push(participant);
    else if (order.get(partnerId)! > order.get(participant.id)!) pairs.push([participant.id, partnerId]);
  }
  const rank = (p: TeamRuleParticipant) => (options.forceEqualDistributedCapacityTeams ? hostingRank(p, options) : 0);
  for (const [upper, lower] of pairHalves(singles, rank, options.genderAspects, rng)) {
    pairs.push([upper.id, lower.id].sort((a, b) => order.get(a)! - order.get(b)!));
  }
  return pairs.map((memberIds) => ({ memberIds, hostId: bestHostOf(memberIds, participants, options)! }));
}

type Counts = Record<MixGender, number>;

const countGenders = (list: readonly TeamRuleParticipant[]): Counts => {
  const counts: Counts = { MALE: 0, FEMALE: 0, UNDEFINED: 0 };
  for (const p of list) counts[mixGenderOf(p.gender)]++;
  return counts;
};

/** How many teams can meet the aspect when each pairs one of the upper half with one of the lower half. */
function reachableMatches(
  upperMen: number,
  upperWomen: number,
  lowerMen: number,
  lowerWomen: number,
  aspect: GenderAspects,
): number {
  if (aspect === 'FORCE_GENDER_MIX') return Math.min(upperMen, lowerWomen) + Math.min(upperWomen, lowerMen);
  return Math.min(upperMen, lowerMen) + Math.min(upperWomen, lowerWomen);
}

/**
 * Splits the singles into an upper half (the better hosting ranks) and a lower half and pairs across. Members of
 * the rank at the boundary may sit in either half: the genders that go up are chosen to meet the aspect most.
 */
function pairHalves(
  singles: readonly TeamRuleParticipant[],
  rank: (p: TeamRuleParticipant) => number,
  aspect: GenderAspects,
  rng: Rng,
) {
  const half = singles.length / 2;
  if (half === 0) return [];
  const sorted = rng.shuffle(singles).sort((a, b) => rank(b) - rank(a));
  const boundary = rank(sorted[half - 1]);
  const surelyUpper = sorted.filter((p) => rank(p) > boundary);
  const surelyLower = sorted.filter((p) => rank(p) < boundary);
  const either = sorted.filter((p) => rank(p) === boundary);
  const upSlots = half - surelyUpper.length;
  if (aspect === 'IGNORE_GENDER')
    return matchAcross(
      [...surelyUpper, ...either.slice(0, upSlots)],
      [...either.slice(upSlots), ...surelyLower],
      aspect,
    );
  const choice = bestGenderChoice(
    countGenders(surelyUpper),
    countGenders(surelyLower),
    countGenders(either),
    upSlots,
    aspect,
  );
  const upper = [...surelyUpper];
  const lower = [...surelyLower];
  const taken: Counts = { MALE: 0, FEMALE: 0, UNDEFINED: 0 };
  for (const p of either) {
    const gender = mixGenderOf(p.gender);
    if (taken[gender] < choice[gender]) {
      taken[gender]++;
      upper.push(p);
    } else lower.push(p);
  }
  return matchAcross(upper, lower, aspect);
}

/** How many of each gender of the boundary rank go to the upper half (every split is tried: O(n²) sums). */
function bestGenderChoice(
  upper: Counts,
  lower: Counts,
  either: Counts,
  upSlots: number,
  aspect: GenderAspects,
): Counts {
  let best: Counts = { MALE: 0, FEMALE: 0, UNDEFINED: upSlots };
  let bestScore = -1;
  for (let men = 0; men <= Math.min(upSlots, either.MALE); men++) {
    const fewestWomen = Math.max(0, upSlots - men - either.UNDEFINED);
    for (let women = fewestWomen; women <= Math.min(upSlots - men, either.FEMALE); women++) {
      const score = reachableMatches(
        upper.MALE + men,
        upper.FEMALE + women,
        lower.MALE + either.MALE - men,
        lower.FEMALE + either.FEMALE - women,
        aspect,
      );
      if (score > bestScore)
        [best, bestScore] = [{ MALE: men, FEMALE: women, UNDEFINED: upSlots - men - women }, score];
    }
  }
  return best;
}

/** Pairs the halves: first the pairs that meet the aspect, then the rest in order. */
function matchAcross(
  upper: TeamRuleParticipant[],
  lower: TeamRuleParticipant[],
  aspect: GenderAspects,
): [TeamRuleParticipant, TeamRuleParticipant][] {
  const pairs: [TeamRuleParticipant, TeamRuleParticipant][] = [];
  const partnerGender = (g: MixGender): MixGender | null => {
    if (aspect === 'IGNORE_GENDER' || g === 'UNDEFINED') return null;
    if (aspect === 'FORCE_SAME_GENDER') return g;
    return g === 'MALE' ? 'FEMALE' : 'MALE';
  };
  const restUpper: TeamRuleParticipant[] = [];
  const free = [...lower];
  for (const p of upper) {
    const wanted = partnerGender(mixGenderOf(p.gender));
    const index = wanted === null ? -1 : free.findIndex((q) => mixGenderOf(q.gender) === wanted);
    if (index < 0) restUpper.push(p);
    else pairs.push([p, free.splice(index, 1)[0]]);
  }
  for (const [i, p] of restUpper.entries()) pairs.push([p, free[i]]);
  return pairs;
}

/**
 * Gives formed teams their places: dealt round robin into the meals in order of their host's rank (so hosting
 * capacity spreads over the meals), shuffled positions after the existing classSize places of each meal, and
 * shuffled team numbers from firstTeamNumber on.
 */
export function placeTeams(
  teams: readonly FormedTeam[],
  participants: Participants,
  options: PlanOptions,
  rng: Rng,
  start: { classSize: number; firstTeamNumber: number },
): PlannedTeam[] {
  const hostRank = (team: FormedTeam) => hostingRank(participants.get(team.hostId)!, options);
  const byCapacity = rng.shuffle(teams).sort((a, b) => hostRank(b) - hostRank(a));
  const classes = Array.from({ length: options.meals }, (_, meal) =>
    rng.shuffle(byCapacity.filter((_, i) => i % options.meals === meal)),
  );
  const numbers = rng.shuffle(teams.map((_, i) => start.firstTeamNumber + i));
  let next = 0;
  const placed = classes.flatMap((members, meal) =>
    members.map(
      (team, index): PlannedTeam => ({
        teamNumber: numbers[next++],
        memberIds: team.memberIds,
        hostId: team.hostId,
        meal,
        position: start.classSize + index,
        status: 'OK',
      }),
    ),
  );
  return placed.sort((a, b) => a.teamNumber - b.teamNumber);
}
