// Isomorphic: what the dashboard's activity list shows, imported by the server and the client.

import type { LocalDate } from '../domain/local-dates.js';
import { registrationsPageSchema } from './participants.js';

/** Every kind of activity recorded for a dinner. */
export const ActivityType = {
  dinnerCreated: 'DINNER_CREATED',
  participantsUploaded: 'PARTICIPANTS_UPLOADED',
  participantSubscribed: 'PARTICIPANT_SUBSCRIBED',
  participantUnsubscribed: 'PARTICIPANT_UNSUBSCRIBED',
  participantWithdrew: 'PARTICIPANT_WITHDREW',
  mealTimesUpdated: 'MEAL_TIMES_UPDATED',
  customAdminChange: 'CUSTOM_ADMIN_CHANGE',
  dinnerAcknowledged: 'DINNER_ACKNOWLEDGED',
  dinnerCancelled: 'DINNER_CANCELLED',
  teamsGenerated: 'TEAMS_GENERATED',
  teamsRegenerated: 'TEAMS_REGENERATED',
  teamsDropped: 'TEAMS_DROPPED',
  teamMembersSwapped: 'TEAM_MEMBERS_SWAPPED',
  teamMealsSwapped: 'TEAM_MEALS_SWAPPED',
  teamNumbersSwapped: 'TEAM_NUMBERS_SWAPPED',
  teamHostsChanged: 'TEAM_HOSTS_CHANGED',
  teamMemberCancelled: 'TEAM_MEMBER_CANCELLED',
  teamMemberToWaitingList: 'TEAM_MEMBER_TO_WAITINGLIST',
  teamCancelled: 'TEAM_CANCELLED',
  teamReplaced: 'TEAM_REPLACED',
  waitingListAssigned: 'WAITINGLIST_PARTICIPANTS_ASSIGNED',
  waitingListTeamsGenerated: 'WAITINGLIST_TEAMS_GENERATED',
  participantMailSent: 'PARTICIPANT_MAIL_SENT',
  teamArrangementMailSent: 'TEAM_ARRANGEMENT_MAIL_SENT',
  dinnerRouteMailSent: 'DINNER_ROUTE_MAIL_SENT',
  updateMailSent: 'UPDATE_MAIL_SENT',
  messageJobSendingFailed: 'MESSAGE_JOB_SENDING_FAILED',
  routesOptimized: 'ROUTES_OPTIMIZED',
  paidNotRegistered: 'PAID_NOT_REGISTERED',
  paymentRefunded: 'PAYMENT_REFUNDED',
} as const;
export type ActivityTypeName = (typeof ActivityType)[keyof typeof ActivityType];

export interface Activity {
  id: string;
  type: ActivityTypeName;
  origin: 'ORGANIZER' | 'PARTICIPANT' | 'SYSTEM';
  details: Record<string, string | number>;
  createdAt: string;
}

/** Consecutive registrations (or additions by the organiser) of one day, shown as one line. */
export interface RegistrationBurst {
  /** The id of its newest activity. */
  id: string;
  type: 'REGISTRATION_BURST';
  origin: Activity['origin'];
  /** The day in the server's time zone… */
  day: LocalDate;
  /** …which is this one, so that a browser elsewhere knows whether the day is today. */
  timeZone: string;
  /** Everyone registered, newest first; a partner registered together counts as a name of their own. */
  names: string[];
  /** Its newest activity's instant. */
  createdAt: string;
}

export type ActivityEntry = Activity | RegistrationBurst;

export const ACTIVITIES_PAGE_SIZE = 10;

/** `?page=N`, counted from 0, as the latest registrations are paged. */
export const activitiesPageSchema = registrationsPageSchema;

export interface ActivitiesPage {
  activities: ActivityEntry[];
  page: number;
  hasMore: boolean;
}
