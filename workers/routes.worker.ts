import { type MessagePort, receiveMessageOnPort } from 'node:worker_threads';
import { optimiseRoutes, type RouteProgress, type RoutesResult } from '../domain/routes/optimise.js';
import { type RoutesInput, RoutesInputError } from '../domain/routes/routes.js';

// The route optimisation as a Piscina task: plain data in, optimiseRoutes (domain/routes/optimise.ts), plain data out.
// Progress and cooperative cancellation travel through a MessagePort the caller transfers with the task. How to call
// it (a pool of its own; two threads at most, so that two runs share the two cores and the server stays free):
//
//   const isTs = import.meta.url.endsWith('.ts');          // as workerThreads() in server/lib/worker-pool.ts
//   const routes = new Piscina({
//     filename: new URL(`../../workers/routes.worker.${isTs ? 'ts' : 'js'}`, import.meta.url).href,
//     execArgv: isTs && !process.execArgv.some((a) => a.includes('tsx')) ? [...process.execArgv, '--import', 'tsx'] : undefined,
//     maxThreads: 2, minThreads: 0, idleTimeout: 60_000,
//   });
//   const { port1, port2 } = new MessageChannel();
//   port1.on('message', (message: RoutesWorkerMessage) => …);   // {type: 'progress', elapsedMs, bestTotalMeters, …}
//   const controller = new AbortController();
//   const outcome: RoutesTaskOutcome = await routes.run(
//     { kind: 'optimise-routes', input, seed, seconds, port: port2 } satisfies OptimiseRoutesTask,
//     { transferList: [port2] as never, signal: controller.signal },   // an array at run time; Piscina's type
//   );                                                                  // for it is wrong with @types/node 26
//   port1.close();
//
// Stopping a run: `port1.postMessage({ type: 'cancel' } satisfies RoutesWorkerCommand)` ends the search at its next
// batch of moves (within a few milliseconds) and the task resolves with the best valid routes so far
// (`result.cancelled` true) — the caller may discard them. `controller.abort()` instead ends the thread at once and the
// run rejects with Piscina's AbortError. Input the optimiser refuses resolves as {ok: false, code: 'invalid_input'};
// anything else (a broken invariant: a bug) rejects.

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

export type RoutesTaskOutcome = { ok: true; result: RoutesResult } | { ok: false; code: 'invalid_input'; message: string };

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
      onProgress: port ? (progress) => port.postMessage({ type: 'progress', ...progress } satisfies RoutesWorkerMessage) : undefined,
    });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof RoutesInputError) return { ok: false, code: 'invalid_input', message: error.message };
    throw error;
  } finally {
    port?.close();
  }
}
