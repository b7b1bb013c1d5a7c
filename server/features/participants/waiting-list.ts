import type { WaitingListStatus } from './participants.schema.js';

/**
 * The one rule for who joins teams and who waits. A dinner needs at least meals² teams (every team meets
 * each other team once per meal); beyond that, participants join in blocks of meals × team size, in
 * registration order. Confirmed participants after the last full block wait. Below the minimum nobody waits:
 * everyone counts towards the first block.
 */
export function waitingListStatus(confirmedCount: number, meals: number, teamSize: number): WaitingListStatus {
  const minimumParticipants = meals * meals * teamSize;
  const blockSize = meals * teamSize;
  if (confirmedCount < minimumParticipants) {
    return { minimumParticipants, blockSize, teamMembers: 0, waiting: 0, missingForNextBlock: minimumParticipants - confirmedCount };
  }
  const waiting = (confirmedCount - minimumParticipants) % blockSize;
  return { minimumParticipants, blockSize, teamMembers: confirmedCount - waiting, waiting, missingForNextBlock: blockSize - waiting };
}
