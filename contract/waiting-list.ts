import type { Participant } from './participants.js';
import type { SentMails, Team } from './teams.js';

// Isomorphic: the wire types of the waiting list once teams exist (server and client). The request bodies are
// assignParticipantsSchema and generateNewTeamsSchema in teams.schema.ts.

export interface WaitingList {
  /** False before the teams are made: then `participants` are those generation will leave waiting. */
  teamsGenerated: boolean;
  /** Confirmed participants without a team, in registration order. */
  participants: Participant[];
  /**
   * Teams with fewer members than the team size: waiting participants can fill them. A cancelled team (no
   * member left) is among them and takes exactly team size participants (then it is REPLACED).
   */
  teamsWithMissingMembers: Team[];
  /** The free places in those teams. */
  missingTeamMembers: number;
  /** New teams are made from waiting participants in blocks of this many (meals × team size). */
  blockSize: number;
  /** Whether team or dinner-route mails went out: a change makes them stale. */
  sentMails: SentMails;
}
