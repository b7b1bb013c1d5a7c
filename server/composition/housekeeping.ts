import type { Deps } from '../deps.js';
import { applyRetention } from '../features/events/event-retention.js';
import { pruneEventMailUse } from '../features/mail/mail-limits.js';
import { sweepOutbox } from '../features/mailbox/outbox.js';
import { pruneSharedState } from '../instances/shared-state.js';
import type { Stops } from '../lib/stops.js';

export const CLEANUP_INTERVAL_MS = 60 * 60_000;

/**
 * The clean-up at start-up and every hour: the notices before deletion and the events due for it (cancelled ones
 * past their days, every other `EVENT_RETENTION_DAYS` after its date), then what instances share and the mail counts.
 */
export async function cleanUp(deps: Deps): Promise<void> {
  const { warned, deleted } = await applyRetention(deps).catch((e) => {
    console.error('clean-up failed:', e);
    return { warned: 0, deleted: 0 };
  });
  if (warned > 0) console.log(`told the organisers of ${warned} running dinner(s) of their deletion in two days`);
  if (deleted > 0) console.log(`deleted ${deleted} running dinner(s) with all their data`);
  await pruneSharedState(deps).catch((e) => console.error('clean-up failed:', e));
  await pruneEventMailUse(deps).catch((e) => console.error('clean-up failed:', e));
}

/** Sweeps the outbox now and after every deletion of mails (nothing to sweep when mail goes over SMTP). */
export async function startOutboxSweeps(deps: Deps, stops: Stops): Promise<void> {
  const { db, config, mailQueue } = deps;
  const sweep = (atStartUp = false) =>
    config.smtpUrl
      ? Promise.resolve()
      : sweepOutbox(db, config.outboxDir, { atStartUp }).then(
          () => undefined,
          (e) => console.error('outbox clean-up failed:', e),
        );
  await stops.during(sweep(true));
  const sweepAfterDeletion = () => void sweep();
  mailQueue.on('forgotten', sweepAfterDeletion);
  stops.add('the outbox clean-up', () => mailQueue.off('forgotten', sweepAfterDeletion), { database: false });
}
