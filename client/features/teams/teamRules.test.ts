import type { Meal } from '@contract/dinner';
import type { Participant } from '@contract/participants';
import type { Team } from '@contract/teams';
import { describe, expect, it } from 'vitest';
import { lacksSeatsToHost, teamRules } from './teamRules';

const meals: Meal[] = [
  { id: 'm1', label: 'Vorspeise', time: '2026-12-24T19:00' },
  { id: 'm2', label: 'Hauptgericht', time: '2026-12-24T21:00' },
];

const person = (id: string, fields: Partial<Participant> = {}) =>
  ({
    id,
    email: `${id}@example.org`,
    firstnamePart: id,
    lastname: '',
    activated: true,
    teamPartnerWishEmail: null,
    teamPartnerWishOriginatorId: null,
    numSeats: 6,
    ...fields,
  }) as Participant;

const team = (teamNumber: number, meal: Meal, members: Participant[]): Team => ({
  id: `t${teamNumber}`,
  teamNumber,
  teamMembers: members,
  hostTeamMember: members[0],
  meal,
  status: 'OK',
});

// Team 1: Ida registered Ole with her. Team 2: Eva and Max name each other. Team 3 and 4: nobody bound.
const ida = person('ida', { teamPartnerWishOriginatorId: 'ida' });
const ole = person('ole', { teamPartnerWishOriginatorId: 'ida' });
const eva = person('eva', { teamPartnerWishEmail: 'max@example.org' });
const max = person('max', { teamPartnerWishEmail: 'eva@example.org' });
const [ann, ben, cem, dan] = ['ann', 'ben', 'cem', 'dan'].map((id) => person(id));
const teams = [
  team(1, meals[0], [ida, ole]),
  team(2, meals[1], [eva, max]),
  team(3, meals[0], [ann, ben]),
  team(4, meals[1], [cem, dan]),
];
const rules = teamRules(teams, meals, []);

describe('the team rules on the teams page', () => {
  it('refuse a swap that parts fixed partners, registered together or naming each other, as the server does', () => {
    expect(rules.swapRefusal('ann', 'ole')).toBe('swap_breaks_partner_wish');
    expect(rules.swapRefusal('max', 'cem')).toBe('swap_breaks_partner_wish');
    expect(rules.swapRefusal('ann', 'dan')).toBeNull();
  });

  it('name the fixed partner who cooks in the same team', () => {
    expect(rules.partnerInTeam(teams[0], 'ole')?.id).toBe('ida');
    expect(rules.partnerInTeam(teams[1], 'eva')?.id).toBe('max');
    expect(rules.partnerInTeam(teams[2], 'ann')).toBeUndefined();
  });

  it('keep the host of a pair registered together, and let a pair naming each other change it', () => {
    expect(rules.hostRefusal(teams[0], 'ole')).toBe('fixed_pair_host_change');
    expect(rules.hostRefusal(teams[1], 'max')).toBeNull();
  });

  it('let one of a pair registered together leave only with the whole team', () => {
    expect(rules.cancelMemberRefusal(teams[0], 'ole')).toBe('invalid_team_member_cancellation_root_teampartner');
    expect(rules.cancelMemberRefusal(teams[1], 'max')).toBeNull();
    expect(rules.cancelMemberRefusal(teams[2], 'ben')).toBeNull();
  });
});

describe('lacksSeatsToHost', () => {
  it('warns about known seats too few for the table, not about unknown seats', () => {
    expect(lacksSeatsToHost({ numSeats: 2 }, 6)).toBe(true);
    expect(lacksSeatsToHost({ numSeats: 6 }, 6)).toBe(false);
    expect(lacksSeatsToHost({ numSeats: -1 }, 6)).toBe(false);
  });
});
