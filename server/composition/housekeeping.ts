import type { Deps } from '../deps.js';
import { deleteCancelledDinners } from '../features/events/events.service.js';
import { pruneEventMailUse } from '../features/mail/mail-limits.js';
import { sweepOutbox } from '../features/mailbox/outbox.js';
import { pruneSharedState } from '../instances/shared-state.js';
import type { Stops } from '../lib/stops.js';

export const CLEANUP_INTERVAL_MS = 60 * 60_000;

/** The hourly clean-up: cancelled dinners past their days, then what instances share and the mail counts. */
export async function cleanUp(deps: Deps): Promise<void> {
  const deleted = await deleteCancelledDinners(deps).catch((e) => {
    console.error('clean-up failed:', e);
    return 0;
  });
  if (deleted > 0) console.log(`deleted ${deleted} cancelled running dinner(s)`);
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
