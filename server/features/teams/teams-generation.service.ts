import type { TeamsResponse } from '../../../contract/teams.js';
import { TeamsMessage } from '../../../contract/teams.messages.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import { generationRefusal } from '../../../domain/teams/generate.js';
import { newSeed } from '../../../domain/teams/rng.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { refusalContext } from './plan-requests.js';
import { loadPlan, type StoredPlan, savePlan } from './team-plan.js';
import { teamRuleRefusal } from './team-rule-refusal.js';
import * as repo from './teams.repo.js';
import { teamsResponse } from './teams.view.js';
import { listTeams } from './teams-reading.service.js';

/**
 * Makes the teams in the worker pool (the main thread stays free) and stores them in one transaction. The
 * same seed and participants give the same plan. `replace` discards existing teams, else they refuse.
 */
async function generate(deps: Deps, dinner: RunningDinnerRow, seed: number, replace: boolean): Promise<TeamsResponse> {
  assertWritable(deps, dinner);
  const stored = await loadPlan(deps.db, dinner);
  assertMayGenerate(stored, replace);
  const refusal = generationRefusal(stored.confirmed.length, stored.options);
  if (refusal) throw teamRuleRefusal(refusal, refusalContext(stored));
  const generated = await deps.workers.run(
    { kind: 'generate', confirmed: stored.confirmed, options: stored.options, seed },
    dinner.id,
  );
  const now = deps.clock.now();
  const teamIds = await writeTransaction(deps.db, async (trx) => {
    const replacing = await repo.teamsExist(trx, dinner.id);
    if (replacing && !replace) throw teamsExist();
    // The plan was made from the participants read before; a change since would leave someone out.
    if ((await repo.confirmedParticipantIds(trx, dinner.id)).join() !== stored.confirmed.map((p) => p.id).join()) {
      throw new AppError('participants_changed', TeamsMessage.participantsChanged.id);
    }
    await repo.deleteTeams(trx, dinner.id);
    const ids = await savePlan(
      trx,
      { ...stored, plan: { seed, teams: [] }, teamIds: [], visits: [] },
      generated,
      now.toISOString(),
      generated.visits,
    );
    await repo.setPlanSeed(trx, dinner.id, seed, now.toISOString());
    // The seed in the activity lets a reported plan be replayed (`?seed=` on POST and PUT).
    await recordActivity(
      deps,
      trx,
      dinner.id,
      replacing ? ActivityType.teamsRegenerated : ActivityType.teamsGenerated,
      'ORGANIZER',
      now,
      {
        count: generated.teams.length,
        seed,
      },
    );
    return ids;
  });
  // Answered from what was just stored: reading thousands of rows again would only hold up other requests.
  const saved: StoredPlan = { ...stored, plan: { seed, teams: generated.teams }, teamIds, visits: generated.visits };
  return teamsResponse(saved, await repo.sentMails(deps.db, dinner.id));
}

const teamsExist = () => new AppError('teams_exist', TeamsMessage.teamsExist.id);

function assertMayGenerate(stored: StoredPlan, replace: boolean): void {
  if (!replace && stored.plan.teams.length > 0) throw teamsExist();
}

export const generateTeams = (deps: Deps, dinner: RunningDinnerRow, seed = newSeed()) =>
  generate(deps, dinner, seed, false);

/** Discards the teams and makes new ones; the answer's sentMails warns when mails about the old ones went out. */
export const regenerateTeams = (deps: Deps, dinner: RunningDinnerRow, seed = newSeed()) =>
  generate(deps, dinner, seed, true);

export async function dropTeams(deps: Deps, dinner: RunningDinnerRow): Promise<TeamsResponse> {
  assertWritable(deps, dinner);
  const now = deps.clock.now();
  await writeTransaction(deps.db, async (trx) => {
    if (!(await repo.teamsExist(trx, dinner.id))) return;
    await repo.deleteTeams(trx, dinner.id);
    await repo.setPlanSeed(trx, dinner.id, null, null);
    await recordActivity(deps, trx, dinner.id, ActivityType.teamsDropped, 'ORGANIZER', now);
  });
  return listTeams(deps, dinner, false);
}
