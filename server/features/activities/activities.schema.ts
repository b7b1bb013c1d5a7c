// Isomorphic: what the dashboard's activity list shows, imported by the server and the client.

/** Every kind of activity recorded for a dinner. */
export const ActivityType = {
  dinnerCreated: 'DINNER_CREATED',
  participantsUploaded: 'PARTICIPANTS_UPLOADED',
  participantSubscribed: 'PARTICIPANT_SUBSCRIBED',
  participantUnsubscribed: 'PARTICIPANT_UNSUBSCRIBED',
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
  teamCancelled: 'TEAM_CANCELLED',
  teamReplaced: 'TEAM_REPLACED',
  waitingListAssigned: 'WAITINGLIST_PARTICIPANTS_ASSIGNED',
  waitingListTeamsGenerated: 'WAITINGLIST_TEAMS_GENERATED',
} as const;
export type ActivityTypeName = (typeof ActivityType)[keyof typeof ActivityType];

export interface Activity {
  id: string;
  type: ActivityTypeName;
  origin: 'ORGANIZER' | 'PARTICIPANT' | 'SYSTEM';
  details: Record<string, string | number>;
  createdAt: string;
}
