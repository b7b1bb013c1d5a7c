import type { PlanOptions, PlanParticipant } from './plan.types.js';
import { canHost } from './seats.js';

/**
 * A plan participant as the team rules see it. The optional flag marks the one who registered the pair
 * together (teamPartnerWishOriginatorId === id): the pair cooks in that kitchen, so that member hosts for good
 * and neither can be removed alone. Without the flag a fixed pair is treated like a mutual e-mail wish.
 */
export interface TeamRuleParticipant extends PlanParticipant {
  registeredThePair?: boolean;
}

export type Participants = ReadonlyMap<string, TeamRuleParticipant>;

/** The fixed partner, when the wish is mutual and both are known. */
export function partnerIdOf(participants: Participants, id: string): string | undefined {
  const partnerId = participants.get(id)?.fixedPartnerId;
  if (!partnerId) return undefined;
  return participants.get(partnerId)?.fixedPartnerId === id ? partnerId : undefined;
}

/** Registered together: the pair shares one kitchen and one host. */
export function isRegisteredPair(participants: Participants, id: string): boolean {
  const partnerId = partnerIdOf(participants, id);
  return (
    partnerId !== undefined &&
    !!(participants.get(id)?.registeredThePair || participants.get(partnerId)?.registeredThePair)
  );
}

/** 2: can seat the whole table of a meal (meals × teamSize), 1: unknown seats, 0: too few seats. */
export function hostingRank(participant: PlanParticipant, options: Pick<PlanOptions, 'meals' | 'teamSize'>): number {
  if (participant.numSeats < 0) return 1;
  return canHost(participant.numSeats, options.meals, options.teamSize) ? 2 : 0;
}

/**
 * The member who should host: the one who registered the pair, else the best hosting rank, else the first
 * member (earlier registered when the members come in registration order).
 */
export function bestHostOf(
  memberIds: readonly string[],
  participants: Participants,
  options: Pick<PlanOptions, 'meals' | 'teamSize'>,
): string | null {
  const score = (id: string) => {
    const participant = participants.get(id);
    if (!participant) return -1;
    return (
      (participant.registeredThePair && isRegisteredPair(participants, id) ? 10 : 0) + hostingRank(participant, options)
    );
  };
  let best: string | null = null;
  for (const id of memberIds) if (best === null || score(id) > score(best)) best = id;
  return best;
}
