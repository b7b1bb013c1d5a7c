import { pruneEvents } from '../../db/event-log.js';
import type { Deps } from '../deps.js';
import { pruneRateLimitHits } from '../lib/shared-limits.js';

/** How long a browser may stay away and still resume its event stream on any instance. */
const EVENT_RESUME_WINDOW_MS = 24 * 3600_000;

/** The hourly clean-up of what is kept in the database for a while: counted requests and (of several instances) old bus events. */
export async function pruneSharedState(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  await pruneRateLimitHits(deps.db, now);
  if (deps.instance.shared) await pruneEvents(deps.db, new Date(now.getTime() - EVENT_RESUME_WINDOW_MS));
}
