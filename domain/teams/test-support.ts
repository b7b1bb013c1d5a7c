import fc from 'fast-check';
import { GENDER_ASPECTS } from '../events/dinner.js';
import { GENDERS } from '../participants/participant.js';
import type { TeamRuleParticipant } from './participants.js';
import type { PlanOptions } from './plan.types.js';

// Random participants for the property and model-based tests of the team plan.

export type PairKind = 'none' | 'wish' | 'registered';
export interface PersonSpec {
  gender: (typeof GENDERS)[number];
  numSeats: number;
  /** Forms a fixed pair with the next person (when that one is still free). */
  pairWithNext: PairKind;
}

export const personSpec: fc.Arbitrary<PersonSpec> = fc.record({
  gender: fc.constantFrom(...GENDERS),
  numSeats: fc.constantFrom(-1, 0, 2, 4, 6, 8, 12),
  pairWithNext: fc.constantFrom<PairKind>('none', 'none', 'none', 'none', 'wish', 'registered'),
});

export const planOptions = (meals: number): fc.Arbitrary<PlanOptions> =>
  fc.record({
    meals: fc.constant(meals),
    teamSize: fc.constant(2),
    forceEqualDistributedCapacityTeams: fc.boolean(),
    genderAspects: fc.constantFrom(...GENDER_ASPECTS),
  });

export const seed = fc.integer({ min: 0, max: 2 ** 31 - 1 });

/**
 * Participants in registration order. A pair registered together is made like the registration makes it: the
 * partner has no known gender and no seats of its own.
 */
export function participantsFrom(specs: readonly PersonSpec[], prefix = 'p'): TeamRuleParticipant[] {
  const people: TeamRuleParticipant[] = specs.map((spec, i) => ({
    id: `${prefix}${i}`,
    gender: spec.gender,
    numSeats: spec.numSeats,
    fixedPartnerId: null,
  }));
  for (let i = 0; i + 1 < people.length; i++) {
    const kind = specs[i].pairWithNext;
    if (kind === 'none' || people[i].fixedPartnerId || people[i + 1].fixedPartnerId) continue;
    const [first, second] = [people[i], people[i + 1]];
    first.fixedPartnerId = second.id;
    second.fixedPartnerId = first.id;
    if (kind === 'registered') {
      first.registeredThePair = true;
      Object.assign(second, { gender: 'UNDEFINED', numSeats: -1 });
    }
  }
  return people;
}

export const byId = (people: readonly TeamRuleParticipant[]) => new Map(people.map((p) => [p.id, p]));

export const person = (
  gender: PersonSpec['gender'],
  numSeats: number,
  pairWithNext: PairKind = 'none',
): PersonSpec => ({ gender, numSeats, pairWithNext });
export const people = (count: number, make: (i: number) => PersonSpec) =>
  Array.from({ length: count }, (_, i) => make(i));
