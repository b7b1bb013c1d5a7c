import type { DbOrTrx } from '../../../db/transaction.js';
import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { ActivityTable } from '../../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { ActivityType, type Activity, type ActivityTypeName } from './activities.schema.js';

export { ActivityType };

export async function recordActivity(
  db: DbOrTrx,
  runningDinnerId: string,
  type: ActivityTypeName,
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
  return rows.map((r) => ({ id: r.id, type: r.type as ActivityTypeName, origin: r.origin, details: JSON.parse(r.details), createdAt: r.created_at }));
}
