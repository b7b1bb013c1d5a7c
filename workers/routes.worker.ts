import { type MessagePort, receiveMessageOnPort } from 'node:worker_threads';
import { splitLowerBound } from '../domain/routes/lower-bound.js';
import { optimiseRoutes, type RouteProgress, type RoutesResult } from '../domain/routes/optimise.js';
import { type RoutesInput, RoutesInputError, routeProblem } from '../domain/routes/routes.js';

// The route optimisation as a Piscina task: plain data in, optimiseRoutes (domain/routes/optimise.ts), plain data out.
// Progress and cooperative cancellation travel through a MessagePort the caller transfers with the task;
// server/lib/worker-pool.ts (optimiseRoutes, routesLowerBound) calls it from two threads of its own.
//
// Stopping a run: posting `{ type: 'cancel' }` on the port ends the search at its next batch of moves (within a few
// milliseconds) and the task resolves with the best valid routes so far (`result.cancelled` true) — the caller may
// discard them. Aborting Piscina's signal instead ends the thread at once. Input the optimiser refuses resolves as
// {ok: false, code: 'invalid_input'}; anything else (a broken invariant: a bug) rejects.

export interface OptimiseRoutesTask {
  kind: 'optimise-routes';
  input: RoutesInput;
  /** Seed of the search: the same seed and iterations give the same routes. */
  seed: number;
  /** Wall-clock budget in seconds (default: defaultSeconds(teams), about 4 s for 300 teams, 16 s for 1,200). */
  seconds?: number;
  /** A fixed number of moves instead of a time budget (tests, reproducible runs). */
  iterations?: number;
  /** Optional: receives RoutesWorkerMessage a few times a second; a RoutesWorkerCommand sent to its other end is obeyed. */
  port?: MessagePort;
}

/** What the worker posts on the port. */
export type RoutesWorkerMessage = { type: 'progress' } & RouteProgress;

/** What the caller may post to the worker. */
export type RoutesWorkerCommand = { type: 'cancel' };

export type RoutesTaskOutcome =
  | { ok: true; result: RoutesResult }
  | { ok: false; code: 'invalid_input'; message: string };

/** The Piscina task. */
export default function routesTask(task: OptimiseRoutesTask): RoutesTaskOutcome {
  const port = task.port;
  let cancelled = false;
  const isCancelled = () => {
    if (!port || cancelled) return cancelled;
    for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
      if ((message.message as RoutesWorkerCommand | undefined)?.type === 'cancel') cancelled = true;
    }
    return cancelled;
  };
  try {
    const result = optimiseRoutes(task.input, {
      seed: task.seed,
      seconds: task.seconds,
      iterations: task.iterations,
      isCancelled,
      onProgress: port
        ? (progress) => port.postMessage({ type: 'progress', ...progress } satisfies RoutesWorkerMessage)
        : undefined,
    });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof RoutesInputError) return { ok: false, code: 'invalid_input', message: error.message };
    throw error;
  } finally {
    port?.close();
  }
}

/**
 * A second task of the same file (Piscina `run(input, { name: 'lowerBoundTask' })`): the lower bound of every
 * meet-once plan with the input's hosts of each meal (lower-bound.ts), for the prediction of what a run may gain.
 */
export function lowerBoundTask(input: RoutesInput): number {
  const problem = routeProblem(input);
  const hostsOf = Array.from({ length: problem.meals }, (_, t) =>
    problem.ids.flatMap((_, i) => (problem.meal[i] === t ? [i] : [])),
  );
  return splitLowerBound(problem.meals, problem.positions, hostsOf).meters;
}
