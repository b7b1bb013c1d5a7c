import type { WishParty } from '@domain/participants/team-partner-wish';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newTeamsSelection } from './newTeamsSelection';

// Which waiting participants "make new teams" sends: full blocks in registration order, never half a fixed pair.

const BLOCK = 6; // 3 meals × teams of 2

/** Waiting participants p1 … pn (registration order), without wishes. */
const waitingList = (n: number): WishParty[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${i + 1}`,
    email: `p${i + 1}@example.org`,
    teamPartnerWishEmail: null,
    teamPartnerWishOriginatorId: null,
  }));

const byId = (list: WishParty[], id: string) => list.find((p) => p.id === id)!;

/** a registered b along: both carry a's id as the originator. */
function registeredTogether(list: WishParty[], a: string, b: string) {
  byId(list, a).teamPartnerWishOriginatorId = a;
  byId(list, b).teamPartnerWishOriginatorId = a;
}

/** a names b; with `mutual`, b names a too. */
function wish(list: WishParty[], a: string, b: string, mutual = true) {
  byId(list, a).teamPartnerWishEmail = byId(list, b).email;
  if (mutual) byId(list, b).teamPartnerWishEmail = byId(list, a).email;
}

const ids = (list: readonly WishParty[]) => list.map((p) => p.id);

describe('the waiting participants that make new teams', () => {
  it('are the first full blocks when nobody has a fixed partner', () => {
    const selection = newTeamsSelection(waitingList(8), BLOCK);
    expect(ids(selection.joining)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    expect(ids(selection.waiting)).toEqual(['p7', 'p8']);
    expect(selection.missingForNextBlock).toBe(4);
  });

  it('leave a pair registered together waiting together when the cut falls between them, and a later single moves up', () => {
    const list = waitingList(8);
    registeredTogether(list, 'p6', 'p7');
    const selection = newTeamsSelection(list, BLOCK);
    // ⌊8/6⌋·6 = the first six would take p6 without p7: the server refuses that.
    expect(ids(selection.joining)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p8']);
    expect(ids(selection.waiting)).toEqual(['p6', 'p7']);
  });

  it('let a mutual-wish pair join together when no single waits after the cut, and the last single before it waits', () => {
    const list = waitingList(7);
    wish(list, 'p6', 'p7');
    const selection = newTeamsSelection(list, BLOCK);
    expect(ids(selection.joining)).toEqual(['p1', 'p2', 'p3', 'p4', 'p6', 'p7']);
    expect(ids(selection.waiting)).toEqual(['p5']);
  });

  it('treat a one-sided wish as no fixed pair', () => {
    const list = waitingList(7);
    wish(list, 'p6', 'p7', false);
    expect(ids(newTeamsSelection(list, BLOCK).joining)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
  });

  it('leave out whoever has a fixed partner cooking in a team already', () => {
    const list = waitingList(7);
    const member: WishParty = {
      id: 't1',
      email: 't1@example.org',
      teamPartnerWishEmail: 'p1@example.org',
      teamPartnerWishOriginatorId: null,
    };
    byId(list, 'p1').teamPartnerWishEmail = member.email;
    const selection = newTeamsSelection(list, BLOCK, [member]);
    expect(ids(selection.partnerInTeam)).toEqual(['p1']);
    expect(ids(selection.joining)).toEqual(['p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
    expect(ids(selection.waiting)).toEqual(['p1']);
  });

  it('are nobody below a full block, and say how many are missing', () => {
    const list = waitingList(5);
    registeredTogether(list, 'p1', 'p2');
    const selection = newTeamsSelection(list, BLOCK);
    expect(selection.joining).toEqual([]);
    expect(ids(selection.waiting)).toEqual(ids(list));
    expect(selection.missingForNextBlock).toBe(1);
  });

  it('always form full blocks in registration order and never split a fixed pair', () => {
    const scenario = fc.record({
      count: fc.integer({ min: 0, max: 40 }),
      block: fc.constantFrom(4, 6),
      pairs: fc.array(fc.record({ a: fc.nat(39), b: fc.nat(39), together: fc.boolean() }), { maxLength: 10 }),
    });
    fc.assert(
      fc.property(scenario, ({ count, block, pairs }) => {
        const list = waitingList(count);
        const paired = new Map<string, string>();
        for (const { a, b, together } of pairs) {
          const [x, y] = [`p${a + 1}`, `p${b + 1}`];
          if (a >= count || b >= count || a === b || paired.has(x) || paired.has(y)) continue;
          if (together) registeredTogether(list, x, y);
          else wish(list, x, y);
          paired.set(x, y).set(y, x);
        }
        const { joining, waiting } = newTeamsSelection(list, block);
        expect(joining.length).toBe(Math.floor(count / block) * block);
        expect([...ids(joining), ...ids(waiting)].sort()).toEqual(ids(list).sort());
        const order = (selected: readonly WishParty[]) => selected.map((p) => list.indexOf(p));
        expect(order(joining)).toEqual([...order(joining)].sort((x, y) => x - y));
        const joins = new Set(ids(joining));
        for (const [x, y] of paired) expect(joins.has(x)).toBe(joins.has(y));
      }),
    );
  });
});
