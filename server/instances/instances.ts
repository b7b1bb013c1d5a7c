import { holdAdvisoryLock } from '../../db/cluster.js';
import type { Db } from '../../db/connection.js';
import type { Config } from '../config.js';
import type { Deps } from '../deps.js';
import type { GeocodingLoop } from '../features/geocoding/geocoding.loop.js';
import type { GeocodingEvents } from '../features/geocoding/geocoding-events.js';
import type { MailQueueEvents } from '../features/mail/mail-queue-events.js';
import type { MailSender } from '../features/mail/mail-sender.js';
import type { ScheduledJobs } from '../features/messages/scheduled-jobs.js';
import type { Clock } from '../lib/clock.js';
import { type EventBus, inProcessEventBus } from '../lib/event-bus.js';
import { newId } from '../lib/ids.js';
import { databaseLimit } from '../lib/shared-limits.js';
import { instanceWakes } from './instance-wakes.js';
import { postgresEventBus } from './postgres-event-bus.js';

// How this server shares the work with other instances of it. With SQLite it is the only one: everything stays in
// the process but the per-address limits. With PostgreSQL (DATABASE_URL) several may run: they share the event bus, the per-address limits, the
// wake-ups of the background loops, and one of them runs the jobs that must run once.

const HOUR_MS = 60 * 60_000;
/** The advisory lock whose holder runs the jobs that must run once across instances (see startSingletonJobs). */
const SINGLETON_LOCK_KEY = 73_110_002;
const LEADERSHIP_RETRY_MS = 5_000;

export const thisInstance = (config: Config): Deps['instance'] => ({
  id: newId(),
  shared: config.databaseUrl !== null,
});

export const eventBusFor = (config: Config, db: Db, clock: Clock): Promise<EventBus> =>
  config.databaseUrl ? postgresEventBus(db, config.databaseUrl, clock) : Promise.resolve(inProcessEventBus());

/** Kept in the database on SQLite too: a restart must not hand out a fresh allowance. */
export function rateLimits(db: Db, config: Config): Deps['limits'] {
  const limit = (name: string, count: number, windowMs: number) => databaseLimit(db, name, count, windowMs);
  return {
    mailsPerRecipient: limit('mails_per_recipient', config.mailsPerRecipientPerHour, HOUR_MS),
    eventCreationsPerClient: limit('event_creations_per_client', config.eventCreationsPerClientPerHour, HOUR_MS),
    guessesPerClient: limit('guesses_per_client', config.guessLimitPerMinute, 60_000),
  };
}

interface Stoppable {
  stop(): Promise<void>;
}

/**
 * The jobs that run on one instance at a time: the geocoding loop (the geocoder's rate limit is one for all
 * instances, so one loop asks it) and the clean-up every `cleanupIntervalMs`. The only instance runs them at once
 * (and its first clean-up before it serves); of several, the one holding an advisory lock runs them, and when it dies
 * its lock goes with its connection and another instance takes them over.
 */
export async function startSingletonJobs(
  config: Config,
  {
    geocoding,
    cleanup,
    cleanupIntervalMs,
  }: { geocoding: GeocodingLoop; cleanup: () => Promise<void>; cleanupIntervalMs: number },
): Promise<Stoppable> {
  let timer: NodeJS.Timeout | undefined;
  const begin = () => {
    geocoding.start();
    timer = setInterval(cleanup, cleanupIntervalMs);
    return cleanup();
  };
  const end = () => {
    clearInterval(timer);
    return geocoding.stop();
  };
  if (!config.databaseUrl) {
    await begin();
    return { stop: end };
  }
  let lost: Promise<void> = Promise.resolve();
  const lock = holdAdvisoryLock(config.databaseUrl, SINGLETON_LOCK_KEY, LEADERSHIP_RETRY_MS, {
    onAcquired: () => void begin(),
    onLost: () => {
      lost = end();
    },
  });
  return {
    async stop() {
      await lock.close();
      await lost;
      await end();
    },
  };
}

/**
 * Work queued on one instance wakes the loops of all (mail is claimed by whichever instance is free, addresses by
 * the one that geocodes) instead of waiting for their next poll. Nothing to do for the only instance. `stop` works
 * at once, also while `listening` still waits for the database: a stop during start-up closes the session.
 */
export function wakeOtherInstances(
  config: Config,
  db: Db,
  loops: { sender: MailSender; geocoding: GeocodingLoop; scheduled: ScheduledJobs },
  queues: { mail: MailQueueEvents; geocoding: GeocodingEvents },
): Stoppable & { listening: Promise<void> } {
  if (!config.databaseUrl) return { listening: Promise.resolve(), stop: async () => undefined };
  const wakes = instanceWakes(db, config.databaseUrl, {
    mail: loops.sender.wake,
    geocoding: loops.geocoding.wake,
    scheduled: loops.scheduled.wake,
  });
  const wakeMail = () => wakes.tell('mail');
  const wakeGeocoding = () => wakes.tell('geocoding');
  const wakeScheduled = () => wakes.tell('scheduled');
  let stopped = false;
  const listening = wakes.listening.then(() => {
    if (stopped) return;
    queues.mail.on('queued', wakeMail);
    queues.mail.on('scheduled', wakeScheduled);
    queues.geocoding.on('queued', wakeGeocoding);
  });
  return {
    listening,
    async stop() {
      stopped = true;
      queues.mail.off('queued', wakeMail);
      queues.mail.off('scheduled', wakeScheduled);
      queues.geocoding.off('queued', wakeGeocoding);
      await wakes.close();
    },
  };
}
