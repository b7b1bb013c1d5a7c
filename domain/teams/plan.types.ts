import type { GenderAspects } from '../events/dinner.js';
import type { Gender } from '../participants/participant.js';

// The pure model of a team plan: plain data in, plain data out, no database. The worker generates plans;
// the server loads a plan from the database, applies an operation to it and stores what changed.

/** A confirmed participant as team generation sees it, in registration order. */
export interface PlanParticipant {
  id: string;
  gender: Gender;
  /** -1 = unknown. */
  numSeats: number;
  /** Registered together, or both naming each other: they always form one team. */
  fixedPartnerId: string | null;
}

export interface PlanOptions {
  /** 2 or 3. */
  meals: number;
  /** 2. */
  teamSize: number;
  forceEqualDistributedCapacityTeams: boolean;
  genderAspects: GenderAspects;
}

export type TeamStatus = 'OK' | 'REPLACED' | 'CANCELLED';

export interface PlannedTeam {
  /** 1..n, unique in the plan; identifies the team inside the model. */
  teamNumber: number;
  memberIds: string[];
  /** The member at whose place the team cooks; null only when no member is left. */
  hostId: string | null;
  /** 0-based index of the meal the team hosts: its class in the meet-once design. */
  meal: number;
  /** Index of the team within its class (0..n/meals-1): its place in the design. */
  position: number;
  status: TeamStatus;
}

/** One guest team eating one meal at one host team. */
export interface Visit {
  meal: number;
  hostTeamNumber: number;
  guestTeamNumber: number;
}

export interface TeamPlan {
  seed: number;
  teams: PlannedTeam[];
}

export interface GeneratedPlan extends TeamPlan {
  /** Confirmed participants who wait: after the last full block, moved so no fixed pair is split. */
  waitingParticipantIds: string[];
  /** How many teams meet the gender aspect (all of them for IGNORE_GENDER). */
  teamsMatchingGenderAspects: number;
}

/** Refusals of the team rules; the server maps each to a translated message. */
export type TeamRuleCode =
  | 'too_few_participants'
  | 'team_no_team_members_left'
  | 'participant_assigned_in_team'
  | 'invalid_team_member_cancellation_root_teampartner'
  | 'swap_breaks_partner_wish'
  /** New teams from the waiting list would leave a fixed partner of one of the chosen participants out. */
  | 'partners_must_join_together'
  | 'fixed_pair_host_change'
  | 'replacement_too_few'
  | 'replacement_too_many'
  | 'replacement_not_waiting'
  | 'waiting_list_not_full_block'
  | 'team_cancelled'
  | 'unknown_team'
  | 'unknown_participant';
