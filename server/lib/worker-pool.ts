import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { RoutesInput } from '../../domain/routes/routes.js';
import type { OptimiseRoutesTask, RoutesTaskOutcome, RoutesWorkerCommand, RoutesWorkerMessage } from '../../workers/routes.worker.js';
import type { TeamsTask, TeamsTaskResult } from '../../workers/teams.worker.js';
import type { SheetReading, SheetReadingTask } from '../../domain/participants/sheet-reading.js';

/** The heavy computation off the main thread: the server keeps answering while plans are made and files read. */
export interface WorkerPool {
  run<T extends TeamsTask>(task: T): Promise<TeamsTaskResult<T>>;
  /**
   * Reads an uploaded list of participants in a thread with little memory: a file that needs more ends that
   * thread and rejects, as does the signal's abort; the server goes on.
   */
  readParticipantSheet(task: SheetReadingTask, signal: AbortSignal): Promise<SheetReading>;
  /** Runs the route optimiser in its own threads; `progress` hears from it a few times a second. */
  optimiseRoutes(task: Omit<OptimiseRoutesTask, 'kind' | 'port'>, progress: (message: RoutesWorkerMessage) => void): RouteRun;
  /** The lower bound of every plan with the input's hosts of each meal (workers/routes.worker.ts lowerBoundTask). */
  routesLowerBound(input: RoutesInput): Promise<number>;
  close(): Promise<void>;
}

export interface RouteRun {
  outcome: Promise<RoutesTaskOutcome>;
  /** Ends the search at its next batch of moves: the outcome is then the best routes so far, marked cancelled. */
  cancel(): void;
}

type PoolOptions = NonNullable<ConstructorParameters<typeof Piscina>[0]>;

/**
 * A Piscina pool of one worker under workers/. From source (tsx, vitest) the worker is the .ts file and needs
 * tsx in its threads, which vitest does not pass on; from the tsc-emitted dist it is the .js file there.
 */
function workerThreads(worker: string, options: PoolOptions = {}): Piscina {
  const isTs = import.meta.url.endsWith('.ts');
  return new Piscina({
    filename: new URL(`../../workers/${worker}.${isTs ? 'ts' : 'js'}`, import.meta.url).href,
    execArgv: isTs && !process.execArgv.some((a) => a.includes('tsx')) ? [...process.execArgv, '--import', 'tsx'] : undefined,
    // Threads start with the first task and leave when idle: a server without such work holds none.
    minThreads: 0,
    idleTimeout: 60_000,
    ...options,
  });
}

/**
 * The most wasteful workbook within the import's size limits (a million tiny cells or styles) is read within
 * half of this heap. The limit is a last line only: a thread that reaches it usually ends alone, but V8 may
 * abort the whole process instead (nodejs/node#47224), so the size limits must keep every file well below it.
 * Two threads at most, so that hostile uploads at once take no more than twice this.
 */
const IMPORT_THREADS: PoolOptions = { maxThreads: 2, resourceLimits: { maxOldGenerationSizeMb: 512 } };

/**
 * Piscina wants the transfer list as an array at run time, but its type (inferred from MessagePort.postMessage) is
 * StructuredSerializeOptions with @types/node 26: hence the cast.
 */
type TransferList = NonNullable<Parameters<Piscina['run']>[1]>['transferList'];
const transferring = (port: MessagePort) => ({ transferList: [port] as unknown as TransferList });

/** Two route threads at most: two runs share the two cores, more wait their turn, and the server stays free. */
const ROUTE_THREADS: PoolOptions = { maxThreads: 2 };

function startRouteRun(routes: Piscina, task: Omit<OptimiseRoutesTask, 'kind' | 'port'>, progress: (message: RoutesWorkerMessage) => void): RouteRun {
  const { port1, port2 } = new MessageChannel();
  port1.on('message', progress);
  const outcome = (routes.run({ ...task, kind: 'optimise-routes', port: port2 } satisfies OptimiseRoutesTask, transferring(port2)) as Promise<RoutesTaskOutcome>).finally(() =>
    port1.close(),
  );
  return { outcome, cancel: () => port1.postMessage({ type: 'cancel' } satisfies RoutesWorkerCommand) };
}

export function createWorkerPool(): WorkerPool {
  const teams = workerThreads('teams.worker');
  const imports = workerThreads('participants-import.worker', IMPORT_THREADS);
  const routes = workerThreads('routes.worker', ROUTE_THREADS);
  // Threads of their own, so that a prediction never waits behind two searches.
  const routeBounds = workerThreads('routes.worker', { maxThreads: 1 });
  return {
    run: (task) => teams.run(task),
    readParticipantSheet: (task, signal) => imports.run(task, { signal }),
    optimiseRoutes: (task, progress) => startRouteRun(routes, task, progress),
    routesLowerBound: (input) => routeBounds.run(input, { name: 'lowerBoundTask' }),
    close: async () => {
      await Promise.all([teams.close(), imports.close(), routes.close(), routeBounds.close()]);
    },
  };
}
