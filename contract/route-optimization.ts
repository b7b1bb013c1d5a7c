import * as v from 'valibot';
import type { OptimizationPrediction } from '../domain/routes/optimisation-plan.js';
import { msgId } from '../domain/validation-messages.js';

// Isomorphic: the wire types of the route optimisation (/rest/dinnerrouteservice/v1/runningdinner/:adminId/optimization
// and its stream /sse/dinnerrouteservice/v1/runningdinner/:adminId/:optimizationId/subscribe). Distances are
// straight-line metres (domain/routes/distance.ts); the objective is the total route length without letting the
// longest leg grow.

export { MIN_LOCATED_SHARE, type OptimizationPrediction } from '../domain/routes/optimisation-plan.js';

/** GET …/optimization/predict */
export interface OptimizationPredictionResponse {
  prediction: OptimizationPrediction;
  /** Teams (not cancelled) whose host is located, and all of them. */
  locatedTeams: number;
  teams: number;
  /** Today's total of every known leg. */
  currentTotalMeters: number;
  /** No meet-once plan with today's hosts of each meal is shorter than this. */
  lowerBoundMeters: number;
  /** How long a run takes: the time budget its bar counts up to (OptimizationState.budgetSeconds). */
  expectedSeconds: number;
  /** Runs of this event that have not ended: at most MAX_RUNNING_OPTIMIZATIONS at a time. */
  runningOptimizationIds: string[];
  /** The latest run of today's teams whose proposal waits to be applied or discarded, wherever it was started. */
  proposalOptimizationId: string | null;
}

export const MAX_RUNNING_OPTIMIZATIONS = 2;
export const MAX_MINIMUM_DISTANCE_METERS = 5_000;

/** POST …/optimization */
export const optimizationRequestSchema = v.strictObject(
  {
    ignoreMealAssignments: v.optional(v.boolean(msgId('invalidValue')), false),
    minimumDistanceInMeters: v.optional(
      v.pipe(
        v.number(msgId('invalidValue')),
        v.integer(msgId('invalidValue')),
        v.minValue(0, msgId('invalidValue')),
        v.maxValue(MAX_MINIMUM_DISTANCE_METERS, msgId('invalidValue')),
      ),
      0,
    ),
  },
  msgId('unknownField'),
);
export type OptimizationRequest = v.InferInput<typeof optimizationRequestSchema>;

/**
 * RUNNING → FINISHED (a preview waits) → APPLIED, or CANCELLED (stopped, or the preview discarded), or FAILED
 * (the optimiser refused or broke, or the server stopped during the run).
 */
export type OptimizationStatus = 'RUNNING' | 'FINISHED' | 'APPLIED' | 'CANCELLED' | 'FAILED';

/** Why a run failed. */
type OptimizationFailure = 'interrupted' | 'error' | 'teams_changed';

/** The live figures of a run, also the payload of the stream's `progress` event. */
export interface OptimizationProgress {
  elapsedMs: number;
  bestTotalMeters: number;
  startTotalMeters: number;
  /** No plan the run may return is shorter than this. */
  lowerBoundMeters: number;
}

/** POST …/optimization, GET …/optimization/:id/status, PUT and DELETE answer this. */
export interface OptimizationState {
  optimizationId: string;
  status: OptimizationStatus;
  failure: OptimizationFailure | null;
  ignoreMealAssignments: boolean;
  minimumDistanceInMeters: number;
  /** Started by the server itself (teams generated with short distances, teams added after an optimisation): applied when done. */
  automatic: boolean;
  /** The run's time budget. */
  budgetSeconds: number;
  startedAt: string;
  finishedAt: string | null;
  /** The latest figures (null before the first); after the end the final ones. */
  progress: OptimizationProgress | null;
  /** Once finished: the longest single leg before and after. */
  startLongestLegMeters: number | null;
  longestLegMeters: number | null;
  /** True when the teams changed since the run started: it can no longer be applied. */
  outdated: boolean;
}

/** One stop of a route in a preview: the team it eats at. */
export interface PreviewStop {
  mealId: string;
  teamId: string;
  teamNumber: number;
}

export interface PreviewRoute {
  teamId: string;
  teamNumber: number;
  /** The meal the team cooks today and in the proposal (differs only with ignoreMealAssignments). */
  mealIdBefore: string;
  mealIdAfter: string;
  stopsBefore: PreviewStop[];
  stopsAfter: PreviewStop[];
  metersBefore: number;
  metersAfter: number;
  changed: boolean;
}

/** GET …/optimization/:id/preview: the proposal beside today's routes, nothing saved. */
export interface OptimizationPreview {
  state: OptimizationState;
  routes: PreviewRoute[];
  totalMetersBefore: number;
  totalMetersAfter: number;
  longestLegMetersBefore: number;
  longestLegMetersAfter: number;
  lowerBoundMeters: number;
  changedRoutes: number;
}
