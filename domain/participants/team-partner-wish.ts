import type { TeamPartnerWish } from './participant.js';

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
    const wisher = all.find(
      (p) => p.id !== participant.id && participant.email !== '' && p.teamPartnerWishEmail === participant.email,
    );
    return wisher ? { state: 'NO_PARTNER_WISH_BUT_OTHER_TEAM_PARTNER_WISHES', partnerId: wisher.id } : null;
  }
  const partner = all.find((p) => p.id !== participant.id && p.email === wish);
  if (!partner) return { state: 'NOT_EXISTING', partnerId: null };
  // Registered together with someone else: taken, as if the partner had named another.
  if (partner.teamPartnerWishOriginatorId) return { state: 'EXISTS_OTHER_TEAM_PARTNER_WISH', partnerId: partner.id };
  if (!partner.teamPartnerWishEmail) return { state: 'EXISTS_EMPTY_TEAM_PARTNER_WISH', partnerId: partner.id };
  if (partner.teamPartnerWishEmail === participant.email)
    return { state: 'EXISTS_SAME_TEAM_PARTNER_WISH', partnerId: partner.id };
  return { state: 'EXISTS_OTHER_TEAM_PARTNER_WISH', partnerId: partner.id };
}

/** The fixed partner of a participant: registered together, or both naming each other. */
export function fixedPartnerOf(participant: WishParty, all: readonly WishParty[]): WishParty | undefined {
  if (participant.teamPartnerWishOriginatorId) {
    return all.find(
      (p) => p.id !== participant.id && p.teamPartnerWishOriginatorId === participant.teamPartnerWishOriginatorId,
    );
  }
  const wish = teamPartnerWishOf(participant, all);
  return wish?.state === 'EXISTS_SAME_TEAM_PARTNER_WISH' ? all.find((p) => p.id === wish.partnerId) : undefined;
}

/**
 * The fixed partner of everyone who has one, by id. Only someone with a wish or registered together can have a
 * fixed partner, and the partner too: looking among those alone keeps thousands of participants fast.
 */
export function fixedPartnerIds(all: readonly WishParty[]): Map<string, string> {
  const pairable = all.filter((p) => p.teamPartnerWishEmail !== null || p.teamPartnerWishOriginatorId !== null);
  const partners = new Map<string, string>();
  for (const p of pairable) {
    const partner = fixedPartnerOf(p, pairable);
    if (partner) partners.set(p.id, partner.id);
  }
  return partners;
}

/**
 * Whether a change (`after` is `before` with it applied: a participant edited, added or given a wish) gives
 * anyone in a team another fixed partner, or none, or a first one.
 */
export function teamPartnersChange(
  before: readonly (WishParty & { teamId: string | null })[],
  after: readonly WishParty[],
): boolean {
  if (!before.some((p) => p.teamId !== null)) return false;
  const [was, is] = [fixedPartnerIds(before), fixedPartnerIds(after)];
  return before.some((p) => p.teamId !== null && was.get(p.id) !== is.get(p.id));
}
