import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { SheetReading, SheetReadingTask } from '../../domain/participants/sheet-reading.js';
import type { RoutesInput } from '../../domain/routes/routes.js';
import type {
  OptimiseRoutesTask,
  RoutesTaskOutcome,
  RoutesWorkerCommand,
  RoutesWorkerMessage,
} from '../../workers/routes.worker.js';
import type { TeamsTask, TeamsTaskResult } from '../../workers/teams.worker.js';
import { AppError, ErrorMessage, tooManyRequests } from './errors.js';
import { FairQueue, type QueuePlace } from './fair-queue.js';

/**
 * The heavy computation off the main thread: the server keeps answering while plans are made and files read. Team
 * generations, route runs and their lower bounds wait for a thread in fair, bounded queues (fair-queue.ts): the
 * owner is the event, a full queue refuses with 429 and Retry-After.
 */
export interface WorkerPool {
  /** Makes an event's teams in its turn; 409 while another generation of the event waits or runs. */
  run<T extends TeamsTask>(task: T, owner: string): Promise<TeamsTaskResult<T>>;
  /**
   * Reads an uploaded list of participants in a thread with little memory: a file that needs more ends that
   * thread and rejects, as does the signal's abort; the server goes on.
   */
  readParticipantSheet(task: SheetReadingTask, signal: AbortSignal): Promise<SheetReading>;
  /**
   * A place in the route runs' queue for an event, taken before the run is stored (429 when the queue is full);
   * `admitted`: a run another instance accepted, taken over here, is not refused.
   */
  routeRunPlace(owner: string, options?: { admitted?: boolean }): RouteRunPlace;
  /** The lower bound of every plan with the input's hosts of each meal (workers/routes.worker.ts lowerBoundTask). */
  routesLowerBound(input: RoutesInput, owner: string): Promise<number>;
  /** The queues in front of the threads: a test holds threads busy through them, without timing. */
  queues: { teams: FairQueue; routes: FairQueue; bounds: FairQueue };
  close(): Promise<void>;
}

export interface RouteRunPlace {
  /** Runs the route optimiser once a thread is free; `progress` hears from it a few times a second. */
  start(task: Omit<OptimiseRoutesTask, 'kind' | 'port'>, progress: (message: RoutesWorkerMessage) => void): RouteRun;
  /** Gives the place back unused (the run was not stored). */
  leave(): void;
}

/** The search's outcome, or that it was cancelled before a thread was free. */
type RouteRunOutcome = RoutesTaskOutcome | { ok: false; code: 'cancelled'; message: string };

export interface RouteRun {
  outcome: Promise<RouteRunOutcome>;
  /** Ends the search at its next batch of moves: the outcome is then the best routes so far, marked cancelled; before its turn, it never starts. */
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
    execArgv:
      isTs && !process.execArgv.some((a) => a.includes('tsx')) ? [...process.execArgv, '--import', 'tsx'] : undefined,
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

/** Waits for the place's turn, then searches; a run cancelled before its turn ends without taking a thread. */
function startRouteRun(
  routes: Piscina,
  place: QueuePlace,
  task: Omit<OptimiseRoutesTask, 'kind' | 'port'>,
  progress: (message: RoutesWorkerMessage) => void,
): RouteRun {
  const { port1, port2 } = new MessageChannel();
  port1.on('message', progress);
  let searching = false;
  let cancelWaiting!: () => void;
  const cancelled = new Promise<'cancelled'>((resolve) => {
    cancelWaiting = () => resolve('cancelled');
  });
  const search = async (): Promise<RouteRunOutcome> => {
    if ((await Promise.race([place.granted, cancelled])) === 'cancelled')
      return { ok: false, code: 'cancelled', message: 'cancelled before a thread was free' };
    searching = true;
    return routes.run(
      { ...task, kind: 'optimise-routes', port: port2 } satisfies OptimiseRoutesTask,
      transferring(port2),
    ) as Promise<RoutesTaskOutcome>;
  };
  const outcome = search().finally(() => {
    place.leave();
    port1.close();
  });
  const cancel = () => {
    if (!searching) cancelWaiting();
    port1.postMessage({ type: 'cancel' } satisfies RoutesWorkerCommand);
  };
  return { outcome, cancel };
}

/** Seconds after which a refused client may try again: about the time a queued task of each kind takes. */
const RETRY_AFTER_SECONDS = { teams: 10, routes: 30, bounds: 10 };

const queueFull = (retryAfterSeconds: number) => () =>
  tooManyRequests('work_queue_full', ErrorMessage.workQueueFull, retryAfterSeconds);

function queueFor(
  pool: Piscina,
  kind: keyof typeof RETRY_AFTER_SECONDS,
  maxWaiting: number,
  perOwner: number,
  ownerBusy: () => Error,
): FairQueue {
  return new FairQueue({
    slots: pool.maxThreads,
    maxWaiting,
    perOwner,
    full: queueFull(RETRY_AFTER_SECONDS[kind]),
    ownerBusy,
  });
}

/** Runs `work` when the place's turn comes and gives the place back when it ends. */
async function inTurn<T>(place: QueuePlace, work: () => Promise<T>): Promise<T> {
  try {
    await place.granted;
    return await work();
  } finally {
    place.leave();
  }
}

/** `queueLength`: tasks of each kind that may wait for a thread beyond the running ones (WORK_QUEUE_LENGTH). */
export function createWorkerPool({ queueLength }: { queueLength: number }): WorkerPool {
  const teams = workerThreads('teams.worker');
  const imports = workerThreads('participants-import.worker', IMPORT_THREADS);
  const routes = workerThreads('routes.worker', ROUTE_THREADS);
  // Threads of their own, so that a prediction never waits behind two searches.
  const routeBounds = workerThreads('routes.worker', { maxThreads: 1 });
  const queues = {
    teams: queueFor(
      teams,
      'teams',
      queueLength,
      1,
      () => new AppError('task_in_progress', ErrorMessage.generationInProgress.id),
    ),
    // The service lets an event run two (MAX_RUNNING_OPTIMIZATIONS, across instances); a cancelled run holds its
    // place until its thread stops, so one more never refuses a run the service accepted.
    routes: queueFor(routes, 'routes', queueLength, 3, queueFull(RETRY_AFTER_SECONDS.routes)),
    bounds: queueFor(routeBounds, 'bounds', queueLength, 2, queueFull(RETRY_AFTER_SECONDS.bounds)),
  };
  return {
    run: (task, owner) => inTurn(queues.teams.enter(owner), () => teams.run(task)),
    readParticipantSheet: (task, signal) => imports.run(task, { signal }),
    routeRunPlace: (owner, options) => {
      const place = queues.routes.enter(owner, options);
      return { start: (task, progress) => startRouteRun(routes, place, task, progress), leave: place.leave };
    },
    routesLowerBound: async (input, owner) =>
      inTurn(queues.bounds.enter(owner), () => routeBounds.run(input, { name: 'lowerBoundTask' })),
    queues,
    close: async () => {
      await Promise.all([teams.close(), imports.close(), routes.close(), routeBounds.close()]);
    },
  };
}
