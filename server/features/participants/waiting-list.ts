import type { WaitingListStatus } from './participants.schema.js';

/** A dinner needs at least meals² teams: with fewer, two teams would have to meet twice. */
export const minimumParticipantsOf = (meals: number, teamSize: number) => meals * meals * teamSize;

/**
 * The one rule for who joins teams and who waits. A dinner needs at least meals² teams (every team meets
 * each other team once per meal); beyond that, participants join in blocks of meals × team size, in
 * registration order. Confirmed participants after the last full block wait. Below the minimum nobody waits:
 * everyone counts towards the first block.
 */
export function waitingListStatus(confirmedCount: number, meals: number, teamSize: number): WaitingListStatus {
  const minimumParticipants = minimumParticipantsOf(meals, teamSize);
  const blockSize = meals * teamSize;
  if (confirmedCount < minimumParticipants) {
    return { minimumParticipants, blockSize, teamMembers: 0, waiting: 0, missingForNextBlock: minimumParticipants - confirmedCount };
  }
  const waiting = (confirmedCount - minimumParticipants) % blockSize;
  return { minimumParticipants, blockSize, teamMembers: confirmedCount - waiting, waiting, missingForNextBlock: blockSize - waiting };
}

/**
 * Splits the confirmed participants (in registration order) into future team members and the waiting list,
 * as `waitingListStatus` counts them (below the minimum everyone counts as a future team member). Fixed
 * partners cook together: when a member's partner would wait, the first waiting participant without a fixed
 * partner takes the member's place, so the pair waits together.
 */
export function splitWaitingList<T extends { id: string }>(
  confirmed: readonly T[],
  status: WaitingListStatus,
  fixedPartnerIdOf: (participant: T) => string | undefined,
): { teamMembers: T[]; waiting: T[] } {
  const cut = status.teamMembers === 0 ? confirmed.length : status.teamMembers;
  const teamMembers = confirmed.slice(0, cut);
  const waiting = confirmed.slice(cut);
  const waitsFor = (member: T) => waiting.some((w) => w.id === fixedPartnerIdOf(member));
  for (let i = teamMembers.length - 1; i >= 0; i--) {
    if (!waitsFor(teamMembers[i])) continue;
    const single = waiting.findIndex((w) => fixedPartnerIdOf(w) === undefined);
    if (single < 0) break;
    const [member] = teamMembers.splice(i, 1, waiting[single]);
    waiting.splice(single, 1, member);
  }
  const inOrder = (list: T[]) => list.sort((a, b) => confirmed.indexOf(a) - confirmed.indexOf(b));
  return { teamMembers: inOrder(teamMembers), waiting: inOrder(waiting) };
}
