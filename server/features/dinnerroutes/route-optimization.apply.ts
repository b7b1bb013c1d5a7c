import type { OptimizationState } from '../../../contract/route-optimization.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import { optimisedPlan } from '../../../domain/routes/optimisation-plan.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { findDinner } from '../dinner/dinner.queries.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { loadPlan, savePlan } from '../teams/team-plan.js';
import * as repo from './route-optimization.repo.js';
import {
  announce,
  assertFinished,
  fail,
  fingerprintOf,
  OptimizationEvent,
  publishState,
  runOf,
  teamsChanged,
} from './route-optimization.state.js';

// Applying a finished run's proposal: by the organiser, or by itself when the run was automatic.

/** Replaces the routes with the proposal, after checking that the teams did not change and that the plan holds. */
export async function applyOptimization(deps: Deps, dinner: RunningDinnerRow, id: string): Promise<OptimizationState> {
  assertWritable(deps, dinner);
  const now = deps.clock.now();
  await writeTransaction(deps.db, async (trx: Trx) => {
    const row = await repo.findRun(trx, dinner.id, id);
    if (!row) throw notFound();
    const result = assertFinished(row);
    const stored = await loadPlan(trx, dinner);
    if (fingerprintOf(stored) !== row.plan_fingerprint) throw teamsChanged();
    const { plan, visits } = optimisedPlan(stored, result.teams);
    await savePlan(trx, stored, plan, now.toISOString(), visits);
    await repo.moveRun(trx, id, ['FINISHED'], { status: 'APPLIED' });
    announce(deps, trx, row, 'APPLIED');
    await recordActivity(
      deps,
      trx,
      dinner.id,
      ActivityType.routesOptimized,
      row.automatic === 1 ? 'SYSTEM' : 'ORGANIZER',
      now,
      {
        totalMetersBefore: Math.round(result.startTotalMeters),
        totalMetersAfter: Math.round(result.totalMeters),
      },
    );
  });
  return publishState(deps, dinner, id, OptimizationEvent.applied);
}

export async function applyAutomatically(deps: Deps, dinner: RunningDinnerRow, id: string): Promise<void> {
  const current = await findDinner(deps.db, dinner.id);
  if (!current) return; // deleted with its runs
  try {
    await applyOptimization(deps, current, id);
  } catch (error) {
    // Refused (the teams changed, the dinner was cancelled meanwhile): the run ends failed, its stream with it.
    if (!(error instanceof AppError)) throw error;
    await fail(
      deps,
      await runOf(deps, dinner, id),
      error.code === 'teams_changed' ? 'teams_changed' : 'error',
      `an automatic run could not be applied: ${error.code}`,
    );
  }
}
