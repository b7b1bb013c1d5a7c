import type { Published } from '../../../contract/updates.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { assertWritable } from '../dinner/dinner-access.js';

/**
 * Shows the teams (and routes) on the participants' personal pages without a mail, or hides them again from those no
 * mail told. A route shown is a team shown: whoever sees their route sees their team.
 */
export async function publishTeams(deps: Deps, dinner: RunningDinnerRow, wanted: Published): Promise<Published> {
  assertWritable(deps, dinner);
  const published = { teams: wanted.teams || wanted.routes, routes: wanted.routes };
  await writeTransaction(deps.db, async (trx) => {
    await trx
      .updateTable('running_dinner')
      .set({
        teams_published: published.teams ? 1 : 0,
        routes_published: published.routes ? 1 : 0,
        updated_at: deps.clock.now().toISOString(),
      })
      .where('id', '=', dinner.id)
      .execute();
  });
  return published;
}
