import { Piscina } from 'piscina';
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
  close(): Promise<void>;
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

export function createWorkerPool(): WorkerPool {
  const teams = workerThreads('teams.worker');
  const imports = workerThreads('participants-import.worker', IMPORT_THREADS);
  return {
    run: (task) => teams.run(task),
    readParticipantSheet: (task, signal) => imports.run(task, { signal }),
    close: async () => {
      await Promise.all([teams.close(), imports.close()]);
    },
  };
}
