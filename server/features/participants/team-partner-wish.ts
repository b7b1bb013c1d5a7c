import type { TeamPartnerWish } from './participants.schema.js';

export interface WishParty {
  id: string;
  email: string;
  teamPartnerWishEmail: string | null;
  teamPartnerWishOriginatorId: string | null;
}

/**
 * The partner-wish state of one participant among all registered ones of the event. Participants registered
 * together as a team have no wish to resolve (null). Two participants naming each other are a fixed pair.
 */
export function teamPartnerWishOf(participant: WishParty, all: readonly WishParty[]): TeamPartnerWish | null {
  if (participant.teamPartnerWishOriginatorId) return null;
  const wish = participant.teamPartnerWishEmail;
  if (!wish) {
    const wisher = all.find((p) => p.id !== participant.id && participant.email !== '' && p.teamPartnerWishEmail === participant.email);
    return wisher ? { state: 'NO_PARTNER_WISH_BUT_OTHER_TEAM_PARTNER_WISHES', partnerId: wisher.id } : null;
  }
  const partner = all.find((p) => p.id !== participant.id && p.email === wish);
  if (!partner) return { state: 'NOT_EXISTING', partnerId: null };
  // Registered together with someone else: taken, as if the partner had named another.
  if (partner.teamPartnerWishOriginatorId) return { state: 'EXISTS_OTHER_TEAM_PARTNER_WISH', partnerId: partner.id };
  if (!partner.teamPartnerWishEmail) return { state: 'EXISTS_EMPTY_TEAM_PARTNER_WISH', partnerId: partner.id };
  if (partner.teamPartnerWishEmail === participant.email) return { state: 'EXISTS_SAME_TEAM_PARTNER_WISH', partnerId: partner.id };
  return { state: 'EXISTS_OTHER_TEAM_PARTNER_WISH', partnerId: partner.id };
}

/** The fixed partner of a participant: registered together, or both naming each other. */
export function fixedPartnerOf(participant: WishParty, all: readonly WishParty[]): WishParty | undefined {
  if (participant.teamPartnerWishOriginatorId) {
    return all.find((p) => p.id !== participant.id && p.teamPartnerWishOriginatorId === participant.teamPartnerWishOriginatorId);
  }
  const wish = teamPartnerWishOf(participant, all);
  return wish?.state === 'EXISTS_SAME_TEAM_PARTNER_WISH' ? all.find((p) => p.id === wish.partnerId) : undefined;
}
