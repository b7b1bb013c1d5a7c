import type { Db } from '../../db/connection.js';
import { type Config, databaseDescription } from '../config.js';
import type { Deps } from '../deps.js';
import { OptimizationRuns } from '../features/dinnerroutes/optimization-runs.js';
import { geocodingEvents } from '../features/geocoding/geocoding-events.js';
import { mailQueueEvents } from '../features/mail/mail-queue-events.js';
import { createMailSender, type MailSender } from '../features/mail/mail-sender.js';
import { MailServerHealth } from '../features/mail/mail-server-health.js';
import { eventBusFor, rateLimits, thisInstance } from '../instances/instances.js';
import type { Clock } from '../lib/clock.js';
import { diskFullWatch } from '../lib/disk-full.js';
import { outboxMailer, type SmtpTimeouts, smtpMailer } from '../lib/mailer.js';
import type { Stops } from '../lib/stops.js';
import { createWorkerPool } from '../lib/worker-pool.js';

/** How long the mail sender waits at a stop for the mails it is handing over. */
export const MAIL_STOP_GRACE_MS = 1_000;

export interface WiringOptions {
  clock: Clock;
  /** First retry delay of a mail that could not be delivered; doubles with each attempt. */
  mailRetryBaseMs: number;
  smtpTimeouts?: SmtpTimeouts;
}

/**
 * Builds from the configuration what the services need (Deps) and the mail sender, not yet started; what needs
 * closing is registered with the stop.
 */
export async function wireDeps(
  config: Config,
  db: Db,
  stops: Stops,
  { clock, mailRetryBaseMs, smtpTimeouts }: WiringOptions,
): Promise<{ deps: Deps; sender: MailSender }> {
  const instance = thisInstance(config);
  const bus = await stops.during(eventBusFor(config, db, clock));
  stops.add('the event bus', () => bus.close());
  const diskFull = diskFullWatch(db, { database: databaseDescription(config), outboxDir: config.outboxDir });
  const mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailConcurrency, smtpTimeouts)
    : outboxMailer(config.outboxDir, diskFull);
  stops.add('the mailer', () => mailer.close(), { database: false });
  const mailServerHealth = new MailServerHealth();
  const mailQueue = mailQueueEvents();
  const sender = createMailSender(db, mailer, clock, mailServerHealth, {
    from: config.mailFrom,
    appUrl: config.publicUrl,
    retryBaseMs: mailRetryBaseMs,
    pollMs: 5_000,
    concurrency: config.mailConcurrency,
    ratePerSecond: config.mailRatePerSecond,
    stopGraceMs: MAIL_STOP_GRACE_MS,
    claim: { instanceId: instance.id, leaseMs: config.claimLeaseSeconds * 1000, shared: instance.shared },
    events: mailQueue,
  });
  const workers = createWorkerPool({ queueLength: config.workQueueLength });
  stops.add('the worker threads', () => workers.close(), { database: false });
  const deps: Deps = {
    db,
    clock,
    config,
    instance,
    workers,
    bus,
    mailServerHealth,
    diskFull,
    mailQueue,
    geocodingQueue: geocodingEvents(),
    optimizationRuns: new OptimizationRuns(),
    limits: rateLimits(db, config),
  };
  return { deps, sender };
}
