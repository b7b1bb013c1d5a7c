import { readFileSync } from 'node:fs';

/**
 * The descriptors this process may hold open (the soft RLIMIT_NOFILE, which Node raises to the hard one at its
 * start), read from Linux's /proc; null where that is not there or says "unlimited".
 */
export function openFilesLimit(limitsFile = '/proc/self/limits'): number | null {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

/** Descriptors kept for everything but the event streams: requests, the database, mail, files, workers. */
const RESERVED_DESCRIPTORS = 1_000;

/**
 * How many event streams fit in the descriptor limit beside everything else: the configured number, or fewer (with
 * the sentence that says so) when the limit is too low for it.
 */
export function streamsWithin(configured: number, limit: number | null): { max: number; warning?: string } {
  if (limit === null) return { max: configured };
  const reserve = Math.min(RESERVED_DESCRIPTORS, Math.floor(limit / 2));
  const fitting = limit - reserve;
  if (configured <= fitting) return { max: configured };
  return {
    max: fitting,
    warning:
      `SSE_STREAMS_MAX=${configured} does not fit in this process's limit of ${limit} open files with ${reserve} kept for everything else; ` +
      `at most ${fitting} live streams are open at once (raise the limit: ulimit -n, LimitNOFILE= or the container's nofile; or lower SSE_STREAMS_MAX)`,
  };
}
