import type { ParticipantList, ParticipantListItem } from '@contract/participants';
import { describe, expect, it } from 'vitest';
import { swappedList } from './participantList';

const person = (n: number): ParticipantListItem =>
  ({ id: `id-${n}`, participantNumber: n, lastname: `Person ${n}` }) as ParticipantListItem;

/** 20 confirmed of whom 2 wait (3 meals), 1 unconfirmed. */
const list: ParticipantList = {
  participants: Array.from({ length: 18 }, (_, i) => person(i + 1)),
  participantsWaitingList: [person(19), person(20)],
  unconfirmedParticipants: [person(21)],
  waitingList: { minimumParticipants: 18, blockSize: 6, teamMembers: 18, waiting: 2, missingForNextBlock: 4 },
};
const order = (l: ParticipantList) => ({
  teams: l.participants.map((p) => `${p.participantNumber}:${p.id}`),
  waiting: l.participantsWaitingList.map((p) => `${p.participantNumber}:${p.id}`),
});

describe('the list shown while a swap is on its way', () => {
  it('trades places and numbers of two team members and leaves everyone else where they were', () => {
    const swapped = order(swappedList(list, 'id-2', 'id-5'));
    expect(swapped.teams.slice(0, 6)).toEqual(['1:id-1', '2:id-5', '3:id-3', '4:id-4', '5:id-2', '6:id-6']);
    expect(swapped.waiting).toEqual(['19:id-19', '20:id-20']);
  });

  it('moves a waiting participant into the teams and the team member onto the waiting list', () => {
    const swapped = swappedList(list, 'id-20', 'id-3');
    expect(order(swapped).teams[2]).toBe('3:id-20');
    expect(order(swapped).waiting).toEqual(['19:id-19', '20:id-3']);
    expect(swapped.participants).toHaveLength(18);
    expect(swapped.unconfirmedParticipants).toEqual(list.unconfirmedParticipants);
  });

  it('changes nothing when one of the two is not confirmed', () => {
    expect(swappedList(list, 'id-21', 'id-1')).toBe(list);
  });
});
