import type { WaitingListStatus } from './participant.js';

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
    return {
      minimumParticipants,
      blockSize,
      teamMembers: 0,
      waiting: 0,
      missingForNextBlock: minimumParticipants - confirmedCount,
    };
  }
  const waiting = (confirmedCount - minimumParticipants) % blockSize;
  return {
    minimumParticipants,
    blockSize,
    teamMembers: confirmedCount - waiting,
    waiting,
    missingForNextBlock: blockSize - waiting,
  };
}

/**
 * Splits the confirmed participants (in registration order) into future team members and the waiting list,
 * as `waitingListStatus` counts them (below the minimum everyone counts as a future team member). Fixed
 * partners cook together, so the cut never separates them: a waiting single moves up so the pair waits
 * together; when no single waits, the pair joins together and the last registered movable member waits.
 */
export function splitWaitingList<T extends { id: string }>(
  confirmed: readonly T[],
  status: WaitingListStatus,
  fixedPartnerIdOf: (participant: T) => string | undefined,
): { teamMembers: T[]; waiting: T[] } {
  const cut = status.teamMembers === 0 ? confirmed.length : status.teamMembers;
  const teamMembers = confirmed.slice(0, cut);
  const waiting = confirmed.slice(cut);
  const waits = (id: string | undefined) => id !== undefined && waiting.some((w) => w.id === id);
  for (;;) {
    const split = teamMembers.findLastIndex((member) => waits(fixedPartnerIdOf(member)));
    if (split < 0) break;
    const single = waiting.findIndex((w) => fixedPartnerIdOf(w) === undefined);
    if (single >= 0) {
      [teamMembers[split], waiting[single]] = [waiting[single], teamMembers[split]];
      continue;
    }
    const movable = teamMembers.findLastIndex(
      (p, i) => i !== split && (fixedPartnerIdOf(p) === undefined || waits(fixedPartnerIdOf(p))),
    );
    if (movable < 0) break;
    const partner = waiting.findIndex((w) => w.id === fixedPartnerIdOf(teamMembers[split]));
    [teamMembers[movable], waiting[partner]] = [waiting[partner], teamMembers[movable]];
  }
  const order = new Map(confirmed.map((p, i) => [p.id, i]));
  const inOrder = (list: T[]) => list.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { teamMembers: inOrder(teamMembers), waiting: inOrder(waiting) };
}
