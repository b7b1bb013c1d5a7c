import type { Stops } from '../lib/stops.js';

/**
 * SIGTERM ends the process within 8 s whatever happens, also while the database cannot be reached: every step of the
 * stop is bounded, and all of them end within the stop's budget (lib/stops.ts); the deadline is the last resort.
 */
const EXIT_DEADLINE_MS = 7_500;

/**
 * A SIGTERM or SIGINT runs the stop and ends the process with its outcome. A second signal changes nothing: the stop
 * under way ends within the deadline.
 */
export function exitOnSignals(stops: Stops): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stops.requested) return;
      // Kept alive by this timer, the process ends by the deadline even if a step leaves nothing else running.
      setTimeout(() => {
        console.error(`running-dinner: not stopped within ${EXIT_DEADLINE_MS} ms, exiting anyway`);
        process.exit(1);
      }, EXIT_DEADLINE_MS);
      const signalledAt = performance.now();
      stops.run().then(
        (clean) => {
          // Measured by the process itself from its handler: what the machine's load added before it ran is not the stop's.
          console.log(`running-dinner: stopped in ${Math.round(performance.now() - signalledAt)} ms`);
          process.exit(clean ? 0 : 1);
        },
        (error) => {
          console.error('running-dinner: stop failed:', error);
          process.exit(1);
        },
      );
    });
  }
}
