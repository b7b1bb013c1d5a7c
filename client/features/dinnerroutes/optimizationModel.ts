import type { DinnerRoutesResponse } from '@contract/dinner-routes';
import type {
  OptimizationPredictionResponse,
  OptimizationPreview,
  OptimizationProgress,
  OptimizationState,
} from '@contract/route-optimization';

// What the optimisation panel shows, as pure functions of the server's answers.

/** How much shorter `after` is than `before`, as a fraction (0 when it is not shorter or there is nothing to compare). */
export function shorterFraction(before: number, after: number): number {
  if (!(before > 0) || after >= before) return 0;
  return (before - after) / before;
}

/** A fraction as a whole percentage in the reader's number format ("24 %" in German, "24%" in English). */
export function formatPercent(fraction: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

/**
 * A run's time in seconds as both the start's estimate and the running bar show it ("0.5" of "0.0 of 0.5 s"): the
 * estimate is the budget the bar counts up to, so both name the same figure.
 */
export function formatSeconds(seconds: number, locale: string, minimumFractionDigits = 0): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits: 1 }).format(seconds);
}

/** How much of its time budget a run has used (1 once it ended). */
export function elapsedFraction(state: Pick<OptimizationState, 'status' | 'budgetSeconds' | 'progress'>): number {
  if (state.status !== 'RUNNING') return 1;
  if (!state.progress || !(state.budgetSeconds > 0)) return 0;
  return Math.min(1, Math.max(0, state.progress.elapsedMs / (state.budgetSeconds * 1000)));
}

/**
 * How far the best plan so far got from today's total towards the lower bound (0: no shorter yet, 1: at the bound).
 * The bound may not be reachable, so this is the share of the most that could be gained.
 */
export function gainedFraction(
  progress: Pick<OptimizationProgress, 'bestTotalMeters' | 'startTotalMeters' | 'lowerBoundMeters'>,
): number {
  const room = progress.startTotalMeters - progress.lowerBoundMeters;
  if (!(room > 0)) return progress.bestTotalMeters <= progress.startTotalMeters ? 1 : 0;
  return Math.min(1, Math.max(0, (progress.startTotalMeters - progress.bestTotalMeters) / room));
}

/** A run the server still works on: its stream is followed (an automatic run until it applied itself). */
export function isUnderway(state: Pick<OptimizationState, 'status' | 'automatic' | 'outdated'>): boolean {
  return state.status === 'RUNNING' || (state.status === 'FINISHED' && state.automatic && !state.outdated);
}

/** The state with the figures of a `progress` event (an event of an older moment than the state's does not count). */
export function withProgress(state: OptimizationState, progress: OptimizationProgress): OptimizationState {
  if (state.status !== 'RUNNING') return state;
  if (state.progress && state.progress.elapsedMs > progress.elapsedMs) return state;
  return { ...state, progress };
}

/** Less than this is no gain worth new routes (rounding, or an equally long plan). */
const NO_GAIN_METERS = 1;

/**
 * Whether the proposal is worth saving: some routes change and the total or the longest way gets shorter. A plan of
 * the same length with other routes would only make the routes people know wrong.
 */
export function worthApplying(
  preview: Pick<
    OptimizationPreview,
    'changedRoutes' | 'totalMetersBefore' | 'totalMetersAfter' | 'longestLegMetersBefore' | 'longestLegMetersAfter'
  >,
): boolean {
  if (preview.changedRoutes === 0) return false;
  return (
    preview.totalMetersBefore - preview.totalMetersAfter >= NO_GAIN_METERS ||
    preview.longestLegMetersBefore - preview.longestLegMetersAfter >= NO_GAIN_METERS
  );
}

/**
 * The lower bound to show beside a proposal: the run's progress bound holds for every plan it may return (with
 * meals free, over every split of the meals); the preview's holds for the proposal's split of the meals only.
 */
export function proposalBound(preview: Pick<OptimizationPreview, 'lowerBoundMeters' | 'state'>): number {
  return Math.min(preview.lowerBoundMeters, preview.state.progress?.lowerBoundMeters ?? Number.POSITIVE_INFINITY);
}

/** The teams that would cook another meal than today. */
export const mealChanges = (preview: Pick<OptimizationPreview, 'routes'>) =>
  preview.routes.filter((route) => route.mealIdBefore !== route.mealIdAfter).length;

/**
 * The run the panel follows: the one this browser knows, else one the server reports running, else the proposal the
 * server keeps for today's teams (started in whichever browser), but not the one the organiser just put away (the
 * report may still name it for a moment).
 */
export function runToFollow(
  remembered: string | undefined,
  reported: Pick<OptimizationPredictionResponse, 'runningOptimizationIds' | 'proposalOptimizationId'> | undefined,
  dismissed?: string,
): string | null {
  if (remembered) return remembered;
  const candidates = [...(reported?.runningOptimizationIds ?? []), reported?.proposalOptimizationId];
  return candidates.find((id): id is string => !!id && id !== dismissed) ?? null;
}

/**
 * The cockpit's routes as the proposal would make them, for the map during its preview: every team with the meal it
 * would cook and the hosts it would visit; the hosts' places stay.
 */
export function proposedRoutes(
  data: DinnerRoutesResponse,
  preview: Pick<OptimizationPreview, 'routes'>,
): DinnerRoutesResponse {
  const meals = new Map(data.meals.map((meal) => [meal.id, meal]));
  const teams = new Map(data.teams.map((team) => [team.id, team]));
  const proposals = new Map(preview.routes.map((route) => [route.teamId, route]));
  return {
    ...data,
    teams: data.teams.map((team) => {
      const route = proposals.get(team.id);
      if (!route) return team;
      return {
        ...team,
        meal: meals.get(route.mealIdAfter)!,
        stops: route.stopsAfter.map((stop) => {
          const host = teams.get(stop.teamId)!;
          const { lat, lng, street, streetNr, zip, cityName } = host.host;
          return {
            lat,
            lng,
            street,
            streetNr,
            zip,
            cityName,
            meal: meals.get(stop.mealId)!,
            teamId: host.id,
            teamNumber: host.teamNumber,
            isOwnTeam: host.id === team.id,
            hostNames: host.memberNames.join(', '),
            status: host.status,
          };
        }),
      };
    }),
  };
}

/** The refusals of POST …/optimization and PUT …/optimization/:id the panel explains in place (the others become a toast). */
export type Refusal = 'busy' | 'no_teams' | 'too_few_positions' | 'teams_changed';

export function refusalOf(error: { status: number; code?: string }): Refusal | null {
  if (error.status === 429) return 'busy';
  if (
    error.status === 409 &&
    (error.code === 'no_teams' || error.code === 'too_few_positions' || error.code === 'teams_changed')
  )
    return error.code;
  return null;
}
