import * as v from 'valibot';
import type { GuestNeeds } from '../domain/messages/guest-needs.js';
import { fixedPartnerIds } from '../domain/participants/team-partner-wish.js';
import type { TeamRuleParticipant } from '../domain/teams/participants.js';
import { multiLineText, singleLineText } from '../domain/validation.js';
import { msgId } from '../domain/validation-messages.js';
import type { AfterPartyLocation, Meal } from './dinner.js';
import type { Participant } from './participants.js';

// Isomorphic: the wire schemas and types of teams, meeting plans and dinner routes (server and client).

export type TeamStatus = 'OK' | 'REPLACED' | 'CANCELLED';

export interface Team {
  id: string;
  teamNumber: number;
  teamMembers: Participant[];
  /** The member at whose place the team cooks; null only for a team without members. */
  hostTeamMember: Participant | null;
  /** The meal the team cooks and hosts. */
  meal: Meal;
  status: TeamStatus;
}

/** Whether mails that a change makes stale were already sent (the organiser is warned). */
export interface SentMails {
  teamMails: boolean;
  dinnerRouteMails: boolean;
  /** People who got their dinner route (or will: it is queued); a change to the plan makes theirs wrong. */
  dinnerRouteRecipients: number;
  /** Whether the personal pages show the teams (routes) without a mail (`PUT …/published`). */
  published: { teams: boolean; routes: boolean };
}

export interface TeamsResponse {
  teams: Team[];
  /** The seed the plan was generated with: generating again with it gives the same plan. */
  seed: number | null;
  /** How many teams meet the event's gender aspect. */
  teamsMatchingGenderAspects: number;
  sentMails: SentMails;
  /** After generating: the automatic route optimisation that started (the short-distances option), if one did. */
  routeOptimizationId?: string;
}

/** Everyone one team meets: its guests at home, its hosts for the other meals and who else sits there. */
export interface MeetingPlan {
  team: Team;
  guestTeams: Team[];
  hostTeams: (Team & { meetedTeams: Team[] })[];
}

/**
 * The confirmed participants as the team rules see them, with fixed partners as the participants feature defines
 * them: the server checks every change with them, the client tells beforehand what the server would refuse.
 */
export function teamRuleParticipants(all: readonly Participant[]): TeamRuleParticipant[] {
  const partnerOf = fixedPartnerIds(all);
  return all
    .filter((p) => p.activated)
    .map((p) => ({
      id: p.id,
      gender: p.gender,
      numSeats: p.numSeats,
      fixedPartnerId: partnerOf.get(p.id) ?? null,
      registeredThePair: p.teamPartnerWishOriginatorId === p.id,
    }));
}

const uuid = v.pipe(v.string(msgId('invalidValue')), v.uuid(msgId('invalidValue')));

export const teamHostsSchema = v.strictObject({
  teams: v.array(v.strictObject({ id: uuid, hostTeamMemberId: uuid })),
  dinnerAdminId: v.optional(singleLineText(msgId('invalidValue'))),
});

export const cancelTeamSchema = v.strictObject({
  teamId: uuid,
  replacementParticipantIds: v.optional(v.array(uuid), []),
  replaceTeam: v.optional(v.boolean(msgId('invalidValue')), false),
  dryRun: v.optional(v.boolean(msgId('invalidValue')), false),
});

/** What a cancellation does (the dry run answers this and changes nothing). */
export interface TeamCancellationResult {
  team: Team;
  /** True when the team is replaced by waiting participants, false when it is cancelled. */
  replaced: boolean;
  /** Teams whose dinner route changes (the cancelled team's guests and hosts). */
  affectedTeams: Team[];
  sentMails: SentMails;
  dryRun: boolean;
}

export const assignParticipantsSchema = v.strictObject({
  teamParticipantsAssignments: v.array(v.strictObject({ teamId: uuid, participantIds: v.array(uuid) })),
});

export const generateNewTeamsSchema = v.strictObject({ participants: v.array(uuid) });

/** The answer of the waiting-list operations. */
export interface WaitingListChangeResult {
  affectedTeams: Team[];
  sentMails: SentMails;
  /** After new teams joined optimised routes (or with the short-distances option): the automatic re-optimisation that started, if one did. */
  routeOptimizationId?: string;
}

// ---- self-service ----

export const changeTeamHostSchema = v.strictObject({
  teamId: uuid,
  participantId: uuid,
  newHostingTeamMemberId: uuid,
  comment: v.optional(v.pipe(multiLineText(msgId('invalidValue')), v.maxLength(1024, msgId('tooLong'))), ''),
});

/** One stop of a team's evening. */
export interface DinnerRouteStop {
  meal: Meal;
  hostTeam: {
    teamNumber: number;
    /** Host's names and contact (shown to guests only). */
    hostNames: string;
    mobileNumber: string;
    street: string;
    streetNr: string;
    zip: string;
    cityName: string;
    addressRemarks: string;
    lat: number | null;
    lng: number | null;
    status: TeamStatus;
  };
  /** True at the team's own home. */
  isOwnTeam: boolean;
  /** Diets of everyone eating at this stop (the host team cooks for them): counted, per guest team, and the notes. */
  mealSpecifics: GuestNeeds;
}

export interface DinnerRoute {
  teamNumber: number;
  stops: DinnerRouteStop[];
  afterPartyLocation: AfterPartyLocation | null;
}
