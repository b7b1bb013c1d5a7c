/**
 * The timing of a background worker that works off due rows (the mail sender, the geocoder): one pass at a time,
 * a wake-up during a pass runs one more pass after it, and between passes it sleeps until the next row is due but
 * never longer than `pollMs` (rows written by other paths are found then). The rows are the truth; the loop only
 * decides when to look at them.
 */
export interface WakeLoop {
  /** Starts a pass now (or once the running one ends). */
  wake(): void;
  /** Sleeps until `next` (none: nothing is due), at most `pollMs`. */
  sleepUntil(next: Date | null | undefined): void;
  /** Sleeps `ms`, at most `pollMs`. */
  sleep(ms: number): void;
  isStopped(): boolean;
  start(): void;
  /** Wakes no more; answers the running pass, which may still be going. */
  stop(): Promise<void>;
}

interface WakeLoopOptions {
  pass: () => Promise<void>;
  pollMs: number;
  now: () => Date;
  /** A pass that threw (not after a stop). */
  onError: (error: unknown) => void;
}

export function wakeLoop({ pass, pollMs, now, onError }: WakeLoopOptions): WakeLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  const sleep = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(wake, Math.min(ms, pollMs));
  };

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = pass()
      .catch((error) => {
        if (!stopped) onError(error);
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return {
    wake,
    sleep,
    sleepUntil: (next) => sleep(next ? Math.max(0, next.getTime() - now().getTime()) : pollMs),
    isStopped: () => stopped,
    start() {
      stopped = false;
      wake();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
