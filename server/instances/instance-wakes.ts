import { listen, notify } from '../../db/cluster.js';
import type { Db } from '../../db/connection.js';
import { redactIds } from '../lib/ids.js';

const WAKE_CHANNEL = 'rd_wake';

/** What wakes a background loop of every instance: new mail queued, new addresses to locate. */
export interface InstanceWakes {
  /** Wakes the loop named `name` on every instance (several calls in one tick make one notification). */
  tell(name: string): void;
  close(): Promise<void>;
}

/**
 * Work queued on one instance is picked up at once by the others too (mail claimed by whichever instance is free,
 * addresses by the instance that geocodes) instead of at their next poll.
 */
export function instanceWakes(
  db: Db,
  url: string,
  loops: Record<string, () => void>,
): InstanceWakes & { listening: Promise<void> } {
  // A wake missed while the connection was lost costs nothing: the loops also poll.
  const session = listen(
    url,
    WAKE_CHANNEL,
    (name) => loops[name]?.(),
    () => undefined,
  );
  const pending = new Set<string>();
  return {
    listening: session.listening,
    tell(name) {
      if (pending.has(name)) return;
      pending.add(name);
      setImmediate(() => {
        pending.delete(name);
        notify(db as never, WAKE_CHANNEL, name).catch((error) => console.error('wake:', redactIds(String(error))));
      });
    },
    close: () => session.close(),
  };
}
