import type { RunningDinnerRow } from '../../../db/schema.js';
import type { Deps } from '../../deps.js';

/**
 * What runs once new teams exist (generated, or made from the waiting list), answering the fields it adds to the
 * answer. The dinner-route feature's automatic optimisation is registered at the composition root (server/app.ts), so
 * teams and the waiting list do not call into the route optimiser themselves.
 */
export type AfterNewTeams = (
  deps: Deps,
  dinner: RunningDinnerRow,
  how: 'generated' | 'added',
) => Promise<{ routeOptimizationId?: string }>;
