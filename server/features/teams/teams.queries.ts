import type { SentMails } from '../../../contract/teams.js';
import type { TeamRow } from '../../../db/schema.js';
import type { DbOrTrx } from '../../../db/transaction.js';
import { dinnerRouteRecipients } from '../mail/mail.queries.js';

// The queries of teams that other features read too (repositories stay private to their feature).

export async function teamsExist(db: DbOrTrx, runningDinnerId: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('team')
      .select('id')
      .where('running_dinner_id', '=', runningDinnerId)
      .limit(1)
      .executeTakeFirst()) !== undefined
  );
}

/**
 * Whether team or dinner-route mails have gone out (or are on their way): a change to the plan makes them stale. A
 * scheduled job has not: its mails are written from the plan as it is when it starts.
 */
export async function sentMails(db: DbOrTrx, runningDinnerId: string): Promise<SentMails> {
  const types = await db
    .selectFrom('message_job')
    .select('message_type')
    .distinct()
    .where('running_dinner_id', '=', runningDinnerId)
    .where('message_type', 'in', ['TEAM', 'DINNER_ROUTE'])
    .where('status', '!=', 'SCHEDULED')
    .execute();
  const sent = new Set(types.map((t) => t.message_type));
  const dinnerRouteMails = sent.has('DINNER_ROUTE');
  return {
    teamMails: sent.has('TEAM'),
    dinnerRouteMails,
    dinnerRouteRecipients: dinnerRouteMails ? await dinnerRouteRecipients(db, runningDinnerId) : 0,
    published: await published(db, runningDinnerId),
  };
}

/** Whether the personal pages show teams and routes without a mail. */
async function published(db: DbOrTrx, runningDinnerId: string) {
  const row = await db
    .selectFrom('running_dinner')
    .select(['teams_published', 'routes_published'])
    .where('id', '=', runningDinnerId)
    .executeTakeFirst();
  return { teams: row?.teams_published === 1, routes: row?.routes_published === 1 };
}

export function listTeamRows(db: DbOrTrx, runningDinnerId: string): Promise<TeamRow[]> {
  return db
    .selectFrom('team')
    .selectAll()
    .where('running_dinner_id', '=', runningDinnerId)
    .orderBy('team_number')
    .execute();
}

export function listVisitRows(db: DbOrTrx, runningDinnerId: string) {
  return db
    .selectFrom('route_visit')
    .select(['meal_id', 'host_team_id', 'guest_team_id'])
    .where('running_dinner_id', '=', runningDinnerId)
    .execute();
}
