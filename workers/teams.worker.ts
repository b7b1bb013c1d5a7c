import { meetOnceVisits } from '../domain/teams/design.js';
import { generatePlan } from '../domain/teams/generate.js';
import type { TeamRuleParticipant } from '../domain/teams/participants.js';
import type { GeneratedPlan, PlanOptions, Visit } from '../domain/teams/plan.types.js';

// Self-contained on purpose: a worker thread loads only the pure plan model and the waiting-list rule.

export interface GenerateTeamsTask {
  kind: 'generate';
  /** Confirmed participants in registration order. */
  confirmed: TeamRuleParticipant[];
  options: PlanOptions;
  seed: number;
}

/** Every task the teams worker runs (route optimisation joins later). */
export type TeamsTask = GenerateTeamsTask;

export type TeamsTaskResult<T extends TeamsTask = TeamsTask> = T extends GenerateTeamsTask
  ? GeneratedPlan & { visits: Visit[] }
  : never;

/** The Piscina task: a plan with its visits, made off the main thread (plain data in and out). */
export default function teamsTask(task: TeamsTask): TeamsTaskResult {
  const plan = generatePlan(task.confirmed, task.options, task.seed);
  return { ...plan, visits: meetOnceVisits(plan.teams, task.options.meals) };
}
