import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { ActivityTable, Database } from '../../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { Activity } from '../events/events.schema.js';

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

export async function recordActivity(
  db: Db | Transaction<Database>,
  runningDinnerId: string,
  type: (typeof ActivityType)[keyof typeof ActivityType],
  origin: ActivityTable['origin'],
  now: Date,
  details: Record<string, string | number> = {},
): Promise<void> {
  await db
    .insertInto('activity')
    .values({ id: newId(), running_dinner_id: runningDinnerId, type, origin, details: JSON.stringify(details), created_at: now.toISOString() })
    .execute();
}

export async function listActivities(db: Db, runningDinnerId: string, limit = 50): Promise<Activity[]> {
  const rows = await db
    .selectFrom('activity')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .orderBy('created_at', 'desc')
    .orderBy(sql`rowid`, 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, type: r.type, origin: r.origin, details: JSON.parse(r.details), createdAt: r.created_at }));
}
