import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitWaitingList, waitingListStatus } from './waiting-list.js';

describe('waitingListStatus', () => {
  it('follows the examples of the rule (3 meals, teams of 2)', () => {
    expect(waitingListStatus(17, 3, 2)).toMatchObject({ teamMembers: 0, waiting: 0, missingForNextBlock: 1 });
    expect(waitingListStatus(18, 3, 2)).toMatchObject({ teamMembers: 18, waiting: 0, missingForNextBlock: 6 });
    expect(waitingListStatus(20, 3, 2)).toMatchObject({ teamMembers: 18, waiting: 2, missingForNextBlock: 4 });
    expect(waitingListStatus(24, 3, 2)).toMatchObject({ teamMembers: 24, waiting: 0 });
    expect(waitingListStatus(8, 2, 2)).toMatchObject({ minimumParticipants: 8, blockSize: 4, teamMembers: 8 });
  });

  it('puts everyone in teams or on the waiting list, in whole blocks that make whole teams', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 2, max: 3 }),
        (count, meals, teamSize) => {
          const s = waitingListStatus(count, meals, teamSize);
          if (count < s.minimumParticipants) {
            expect(s).toMatchObject({ teamMembers: 0, waiting: 0, missingForNextBlock: s.minimumParticipants - count });
            return;
          }
          expect(s.teamMembers + s.waiting).toBe(count);
          expect(s.waiting).toBeLessThan(s.blockSize);
          expect((s.teamMembers - s.minimumParticipants) % s.blockSize).toBe(0);
          // Every meal has as many hosts as it has guests-per-host pairs: the team count is a multiple of the meals.
          expect((s.teamMembers / teamSize) % meals).toBe(0);
          expect(waitingListStatus(count + s.missingForNextBlock, meals, teamSize).waiting).toBe(0);
        },
      ),
    );
  });
});

describe('splitWaitingList', () => {
  const people = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}` }));
  const ids = (list: { id: string }[]) => list.map((p) => p.id);

  it('lets a pair cut apart by the waiting list wait together, with the next single moving up', () => {
    const confirmed = people(21);
    const partners = new Map([
      ['p18', 'p19'],
      ['p19', 'p18'],
    ]);
    const { teamMembers, waiting } = splitWaitingList(confirmed, waitingListStatus(21, 3, 2), (p) =>
      partners.get(p.id),
    );
    expect(ids(teamMembers)).toEqual([...ids(confirmed.slice(0, 17)), 'p20']);
    expect(ids(waiting)).toEqual(['p18', 'p19', 'p21']);
  });

  it('lets a pair cut apart join together when no single waits, and the last single waits instead', () => {
    const confirmed = people(19);
    const partners = new Map([
      ['p18', 'p19'],
      ['p19', 'p18'],
    ]);
    const { teamMembers, waiting } = splitWaitingList(confirmed, waitingListStatus(19, 3, 2), (p) =>
      partners.get(p.id),
    );
    expect(ids(waiting)).toEqual(['p17']);
    expect(ids(teamMembers)).toEqual([...ids(confirmed.slice(0, 16)), 'p18', 'p19']);
  });

  it('puts everyone in the list below the minimum', () => {
    const { teamMembers, waiting } = splitWaitingList(people(7), waitingListStatus(7, 3, 2), () => undefined);
    expect([teamMembers.length, waiting.length]).toEqual([7, 0]);
  });

  it('keeps the counts and the order, and splits no pair while a single waits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.array(fc.nat(59), { maxLength: 12 }), (count, pairStarts) => {
        const confirmed = people(count);
        const partners = new Map<string, string>();
        for (const start of pairStarts) {
          const [a, b] = [`p${start + 1}`, `p${start + 2}`];
          if (start + 2 <= count && !partners.has(a) && !partners.has(b)) partners.set(a, b).set(b, a);
        }
        const status = waitingListStatus(count, 3, 2);
        const { teamMembers, waiting } = splitWaitingList(confirmed, status, (p) => partners.get(p.id));
        expect(waiting.length).toBe(status.waiting);
        expect([...ids(teamMembers), ...ids(waiting)].sort()).toEqual(ids(confirmed).sort());
        for (const list of [teamMembers, waiting])
          expect(list).toEqual([...list].sort((a, b) => confirmed.indexOf(a) - confirmed.indexOf(b)));
        // A pair is split only when nobody could take a member's place: no single anywhere but in it.
        const splitPair = teamMembers.some((p) => ids(waiting).includes(partners.get(p.id) ?? ''));
        const singles = confirmed.filter((p) => !partners.has(p.id)).length;
        if (singles > 0 && status.waiting > 0) expect(splitPair).toBe(false);
      }),
    );
  });
});
