import type { LocalDate } from '../domain/local-dates.js';
import type { Meal, ReadOnlyReason } from './dinner.js';
import type { Participant } from './participants.js';
import type { DinnerRoute, TeamStatus } from './teams.js';

// Isomorphic: what a participant's team and dinner-route links show (server and client).

/** What a team partner sees of a member: enough to reach them and cook together (seats: -1 when unknown). */
export const SELF_TEAM_MEMBER_FIELDS = [
  'id',
  'firstnamePart',
  'lastname',
  'email',
  'mobileNumber',
  'street',
  'streetNr',
  'zip',
  'cityName',
  'addressRemarks',
  'numSeats',
] as const satisfies readonly (keyof Participant)[];

/** A member of the participant's own team, with what a team partner needs to reach them and cook together. */
export interface SelfTeamMember extends Pick<Participant, (typeof SELF_TEAM_MEMBER_FIELDS)[number]> {
  /** The participant whose link this is. */
  isSelf: boolean;
}

/** The event was cancelled: when, and what the organiser wrote to everyone (empty when cancelled without a word). */
export interface SelfCancellation {
  cancelledAt: string;
  /** The organiser's subject and message as this participant got them ({firstname} and {lastname} filled). */
  subject: string;
  message: string;
}

/** The event as a personal page introduces it. */
export interface SelfEventInfo {
  title: string;
  date: LocalDate;
  city: string;
  /** Every meal in order: a meal's position gives its colour. */
  meals: Meal[];
  /** Set once the event is cancelled: the page says so first, with the organiser's message. */
  cancellation: SelfCancellation | null;
}

export interface SelfTeam extends SelfEventInfo {
  teamId: string;
  teamNumber: number;
  status: TeamStatus;
  /** The meal the team cooks and hosts. */
  meal: Meal;
  teamMembers: SelfTeamMember[];
  hostTeamMemberId: string | null;
  /** Seats a host needs: everyone eating at the team's table (meals × team size). */
  seatsNeeded: number;
  /** Why nothing can be changed any more: the event is read-only, or null. */
  readOnlyReason: ReadOnlyReason | null;
  /** Registered together: the pair cooks in the kitchen of the one who registered it, so its host never changes. */
  registeredTogether: boolean;
  /** Whether a member may move the hosting to another now (event writable, team not cancelled, not alone, not registered together). */
  hostChangeable: boolean;
}

/**
 * A team's evening as its members see it. Diets (`mealSpecifics`) are filled at the team's own stop only, and
 * count its guests: elsewhere the hosts cook, and the guests' diets are none of the other guests' business.
 */
export interface SelfDinnerRoute extends DinnerRoute, SelfEventInfo {
  teamStatus: TeamStatus;
  /** The members of the participant's team ("Anna Schäfer, Jonas Müller"). */
  teamMemberNames: string[];
  /** Leaflet URL template of the map tiles ({z}/{x}/{y}); tiles are loaded without a Referer. */
  tileUrl: string;
}
