import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { waitingListStatus } from './waiting-list.js';

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
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 2, max: 3 }), fc.integer({ min: 2, max: 3 }), (count, meals, teamSize) => {
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
      }),
    );
  });
});
