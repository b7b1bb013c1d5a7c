import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedPartnerOf, teamPartnerWishOf, type WishParty } from './team-partner-wish.js';

const party = (id: string, wish: string | null = null, originator: string | null = null): WishParty => ({
  id,
  email: `${id}@example.org`,
  teamPartnerWishEmail: wish ? `${wish}@example.org` : null,
  teamPartnerWishOriginatorId: originator,
});

describe('teamPartnerWishOf', () => {
  it('computes each of the five states', () => {
    const a = party('a', 'b'),
      b = party('b', 'a'),
      c = party('c', 'x'),
      d = party('d', 'e'),
      e = party('e'),
      f = party('f', 'a'),
      g = party('g');
    const all = [a, b, c, d, e, f, g];
    expect(teamPartnerWishOf(a, all)).toEqual({ state: 'EXISTS_SAME_TEAM_PARTNER_WISH', partnerId: 'b' });
    expect(teamPartnerWishOf(c, all)).toEqual({ state: 'NOT_EXISTING', partnerId: null });
    expect(teamPartnerWishOf(d, all)).toEqual({ state: 'EXISTS_EMPTY_TEAM_PARTNER_WISH', partnerId: 'e' });
    expect(teamPartnerWishOf(f, all)).toEqual({ state: 'EXISTS_OTHER_TEAM_PARTNER_WISH', partnerId: 'a' });
    expect(teamPartnerWishOf(e, all)).toEqual({
      state: 'NO_PARTNER_WISH_BUT_OTHER_TEAM_PARTNER_WISHES',
      partnerId: 'd',
    });
    expect(teamPartnerWishOf(g, all)).toBeNull();
  });

  it('leaves participants registered together out, and pairs them', () => {
    const root = party('r', null, 'r'),
      child = { ...party('c', null, 'r'), email: '' };
    expect(teamPartnerWishOf(root, [root, child])).toBeNull();
    expect(fixedPartnerOf(child, [root, child])?.id).toBe('r');
    const wisher = party('w', 'r');
    expect(teamPartnerWishOf(wisher, [root, child, wisher])).toEqual({
      state: 'EXISTS_OTHER_TEAM_PARTNER_WISH',
      partnerId: 'r',
    });
  });

  it('makes fixed pairs symmetric and never pairs anyone with themselves', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.constantFrom(...ids), { nil: null }), { minLength: 5, maxLength: 5 }),
        (wishes) => {
          const all = ids.map((id, i) => party(id, wishes[i]));
          for (const p of all) {
            const partner = fixedPartnerOf(p, all);
            if (!partner) continue;
            expect(partner.id).not.toBe(p.id);
            expect(fixedPartnerOf(partner, all)?.id).toBe(p.id);
          }
        },
      ),
    );
  });
});
