import * as v from 'valibot';
import { msgId } from '../domain/validation-messages.js';
import { type Participant, TEAM_PARTNER_WISH_STATES, type TeamPartnerWishState } from './participants.js';

// Isomorphic: the organiser's view of one participant's team partner wish, imported by the server and the client.

export interface TeamPartnerWishDetails {
  state: TeamPartnerWishState;
  participant: Participant;
  /** The registered participant the wish concerns; null when the wished partner is not registered. */
  partner: Participant | null;
}

/** One `?relevantState=` (repeated for several): the states the caller wants details for; none given means all. */
export const relevantStateSchema = v.picklist(TEAM_PARTNER_WISH_STATES, msgId('invalidValue'));

/** One wish among those `PUT /participants/team-partner-wish` answers: the participant who has it and its state. */
export interface TeamPartnerWishItem {
  state: TeamPartnerWishState;
  subscribedParticipant: Participant;
  /** As in `TeamPartnerWishDetails`. */
  partner: Participant | null;
}

/**
 * Body of `PUT /participants/team-partner-wish` (the spec's selected entities): the participants whose wishes are
 * asked for, and the event's admin id, which must be the one of the path. Answers the wishes of those who have one.
 */
export const teamPartnerWishesSchema = v.strictObject(
  {
    entityIds: v.array(v.pipe(v.string(msgId('invalidValue')), v.uuid(msgId('invalidValue'))), msgId('required')),
    adminId: v.string(msgId('required')),
  },
  msgId('unknownField'),
);
