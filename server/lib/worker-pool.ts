import { Piscina } from 'piscina';
import type { TeamsTask, TeamsTaskResult } from '../../workers/teams.worker.js';

/** The heavy computation off the main thread: the server keeps answering while plans are made. */
export interface WorkerPool {
  run<T extends TeamsTask>(task: T): Promise<TeamsTaskResult<T>>;
  close(): Promise<void>;
}

/**
 * The Piscina pool of the teams worker. From source (tsx, vitest) the worker is the .ts file and needs tsx
 * in its threads, which vitest does not pass on; from the tsc-emitted dist it is the .js file next door.
 */
export function createWorkerPool(): WorkerPool {
  const isTs = import.meta.url.endsWith('.ts');
  const pool = new Piscina({
    filename: new URL(`../../workers/teams.worker.${isTs ? 'ts' : 'js'}`, import.meta.url).href,
    execArgv: isTs && !process.execArgv.some((a) => a.includes('tsx')) ? [...process.execArgv, '--import', 'tsx'] : undefined,
    // Threads start with the first task and leave when idle: a server without team work holds none.
    minThreads: 0,
    idleTimeout: 60_000,
  });
  return {
    run: (task) => pool.run(task),
    close: () => pool.close(),
  };
}
