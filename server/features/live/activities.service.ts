import {
  ACTIVITIES_PAGE_SIZE,
  type ActivitiesPage,
  type Activity,
  type ActivityEntry,
  ActivityType,
  type ActivityTypeName,
  type RegistrationBurst,
} from '../../../contract/activities.js';
import { DinnerEvent } from '../../../contract/dinner-events.js';
import type { Db } from '../../../db/connection.js';
import type { ActivityTable } from '../../../db/schema.js';
import type { Trx } from '../../../db/transaction.js';
import { todayIn } from '../../../domain/local-dates.js';
import type { Deps } from '../../deps.js';
import { newId } from '../../lib/ids.js';
import { publishDinnerEvent } from './dinner-events.js';

export { ActivityType };

/** Stores the activity and, once `trx` committed, shows it on the dinner's live stream. */
export async function recordActivity(
  deps: Pick<Deps, 'bus'>,
  trx: Trx,
  runningDinnerId: string,
  type: ActivityTypeName,
  origin: ActivityTable['origin'],
  now: Date,
  details: Record<string, string | number> = {},
): Promise<void> {
  const id = newId();
  // Under the write lock: no other transaction numbers an activity of this event meanwhile.
  const last = await trx
    .selectFrom('activity')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('running_dinner_id', '=', runningDinnerId)
    .executeTakeFirst();
  const seq = Number(last?.seq ?? 0) + 1;
  await trx
    .insertInto('activity')
    .values({
      id,
      running_dinner_id: runningDinnerId,
      type,
      origin,
      details: JSON.stringify(details),
      created_at: now.toISOString(),
      seq,
    })
    .execute();
  publishDinnerEvent(deps, trx, runningDinnerId, DinnerEvent.activity, { activityId: id, type });
}

async function listActivities(db: Db, runningDinnerId: string): Promise<Activity[]> {
  const rows = await db
    .selectFrom('activity')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .orderBy('seq', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type as ActivityTypeName,
    origin: r.origin,
    details: JSON.parse(r.details),
    createdAt: r.created_at,
  }));
}

const isRegistration = (activity: Activity) => activity.type === ActivityType.participantSubscribed;

const namesOf = (activity: Activity) =>
  [activity.details.name, activity.details.partnerName].filter((name) => name !== undefined).map(String);

function burstOf(activities: Activity[], day: string, timeZone: string): RegistrationBurst {
  const [newest] = activities;
  return {
    id: newest.id,
    type: 'REGISTRATION_BURST',
    origin: newest.origin,
    day,
    timeZone,
    names: activities.flatMap(namesOf),
    createdAt: newest.createdAt,
  };
}

/**
 * Newest first, with every run of two or more registrations of the same origin on the same day (in `timeZone`)
 * folded into one burst: forty people registering in an evening make one line, not forty.
 */
function groupRegistrationBursts(activities: Activity[], timeZone: string): ActivityEntry[] {
  const dayOf = (activity: Activity) => todayIn(timeZone, new Date(activity.createdAt));
  const continuesRun = (previous: Activity | undefined, activity: Activity) =>
    previous !== undefined &&
    isRegistration(activity) &&
    activity.origin === previous.origin &&
    dayOf(activity) === dayOf(previous);
  const entries: ActivityEntry[] = [];
  let run: Activity[] = [];
  const closeRun = () => {
    if (run.length === 1) entries.push(run[0]);
    if (run.length > 1) entries.push(burstOf(run, dayOf(run[0]), timeZone));
    run = [];
  };
  for (const activity of activities) {
    if (!continuesRun(run.at(-1), activity)) closeRun();
    if (isRegistration(activity)) run.push(activity);
    else entries.push(activity);
  }
  closeRun();
  return entries;
}

/** One page of the dashboard's activity list. */
export async function activitiesPage(deps: Deps, runningDinnerId: string, page: number): Promise<ActivitiesPage> {
  const entries = groupRegistrationBursts(await listActivities(deps.db, runningDinnerId), deps.config.timeZone);
  const start = page * ACTIVITIES_PAGE_SIZE;
  return {
    activities: entries.slice(start, start + ACTIVITIES_PAGE_SIZE),
    page,
    hasMore: entries.length > start + ACTIVITIES_PAGE_SIZE,
  };
}
