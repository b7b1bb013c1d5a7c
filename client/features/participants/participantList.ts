import type { ParticipantList, ParticipantListItem } from '@contract/participants';

/** Everyone the list knows, confirmed or not: to name partners and to look one up by id. */
export const everyoneIn = (list: ParticipantList | undefined): ParticipantListItem[] =>
  list ? [...list.participants, ...list.participantsWaitingList, ...list.unconfirmedParticipants] : [];

/** The list as it looks after swapping two confirmed participants: positions and numbers trade places, the waiting list keeps its length. */
export function swappedList(list: ParticipantList, firstId: string, secondId: string): ParticipantList {
  const confirmed = [...list.participants, ...list.participantsWaitingList];
  const i = confirmed.findIndex((p) => p.id === firstId);
  const j = confirmed.findIndex((p) => p.id === secondId);
  if (i < 0 || j < 0) return list;
  const first = confirmed[i]!;
  const second = confirmed[j]!;
  confirmed[i] = { ...second, participantNumber: first.participantNumber };
  confirmed[j] = { ...first, participantNumber: second.participantNumber };
  const split = list.participants.length;
  return { ...list, participants: confirmed.slice(0, split), participantsWaitingList: confirmed.slice(split) };
}
