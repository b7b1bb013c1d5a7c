import type { WaitingListStatus } from '@contract/participants';
// Relative, not @server: the unit tests run under vitest, whose config has no @server alias.
import { fixedPartnerOf, type WishParty } from '@domain/participants/team-partner-wish';
import { splitWaitingList } from '@domain/participants/waiting-list';

/** Who of the waiting list the organiser's "make new teams" sends to the server, and who keeps waiting. */
export interface NewTeamsSelection<T> {
  /** Full blocks, in registration order; a fixed pair joins together or waits together. */
  joining: T[];
  /** Waiting on after the new teams are made (the partner-in-team ones too). */
  waiting: T[];
  /** Waiting participants whose fixed partner already cooks in a team: a new team cannot take them without their partner. */
  partnerInTeam: T[];
  /** How many more (pairable) waiting participants make the next full block. */
  missingForNextBlock: number;
}

/**
 * The waiting participants that new teams are made of, by the same rule the server uses for the waiting list
 * (`splitWaitingList`): participants join in full blocks of meals × team size in registration order, and the
 * cut never separates fixed partners (registered together, or naming each other). Cutting at ⌊n/block⌋·block
 * alone can leave one partner waiting, and the server refuses such a choice.
 *
 * `teamMembers` are everybody in a team: a waiting participant whose fixed partner is among them cannot be
 * placed in a new team (the partner would cook elsewhere), so they are left out of the blocks.
 */
export function newTeamsSelection<T extends WishParty>(
  waiting: readonly T[],
  blockSize: number,
  teamMembers: readonly WishParty[] = [],
): NewTeamsSelection<T> {
  const everyone = [...waiting, ...teamMembers];
  const partnerIds = new Map(waiting.map((p) => [p.id, fixedPartnerOf(p, everyone)?.id]));
  const waitingIds = new Set(waiting.map((p) => p.id));
  const partnerInTeam = waiting.filter((p) => {
    const partnerId = partnerIds.get(p.id);
    return partnerId !== undefined && !waitingIds.has(partnerId);
  });
  const candidates = waiting.filter((p) => !partnerInTeam.includes(p));
  const rest = candidates.length % blockSize;
  const joiningCount = candidates.length - rest;
  const missingForNextBlock = blockSize - rest;
  if (joiningCount === 0) return { joining: [], waiting: [...waiting], partnerInTeam, missingForNextBlock };
  // The rule's status for blocks alone: the dinner's minimum is already met, since teams exist.
  const status: WaitingListStatus = {
    minimumParticipants: blockSize,
    blockSize,
    teamMembers: joiningCount,
    waiting: rest,
    missingForNextBlock,
  };
  const split = splitWaitingList(candidates, status, (p) => partnerIds.get(p.id));
  const joiningIds = new Set(split.teamMembers.map((p) => p.id));
  return {
    joining: split.teamMembers,
    waiting: waiting.filter((p) => !joiningIds.has(p.id)),
    partnerInTeam,
    missingForNextBlock,
  };
}
