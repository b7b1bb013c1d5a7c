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

/** Body of `PUT /participants/team-partner-wish`. */
export const completeTeamPartnerWishSchema = v.strictObject({
  participantId: v.pipe(v.string(msgId('required')), v.uuid(msgId('invalidValue'))),
});
