import type { Db } from '../db/connection.js';
import type { Config } from './config.js';
import type { OptimizationRuns } from './features/dinnerroutes/optimization-runs.js';
import type { GeocodingEvents } from './features/geocoding/geocoding-events.js';
import type { MailQueueEvents } from './features/mail/mail-queue-events.js';
import type { MailServerHealth } from './features/mail/mail-server-health.js';
import type { Clock } from './lib/clock.js';
import type { DiskFullWatch } from './lib/disk-full.js';
import type { EventBus } from './lib/event-bus.js';
import type { RateLimit } from './lib/shared-limits.js';
import type { WorkerPool } from './lib/worker-pool.js';

/** What services need from the outside world; built once in main.ts (or by a test). */
export interface Deps {
  db: Db;
  clock: Clock;
  config: Config;
  /** This server process; `shared` when other instances work on the same database (PostgreSQL). */
  instance: { id: string; shared: boolean };
  /** The Piscina pool for team generation (and later route optimisation). */
  workers: WorkerPool;
  /** Where services publish after commit what the SSE streams send on. */
  bus: EventBus;
  /** What the sender's delivery attempts tell of the mail server: the messaging pages' outage banner. */
  mailServerHealth: MailServerHealth;
  /** What changed in the mail queue (after commits): wakes the sender, has forgotten mails' files deleted, moves job progress. */
  mailQueue: MailQueueEvents;
  /** `queued` after a commit that left addresses to locate: wakes the geocoding loop. */
  geocodingQueue: GeocodingEvents;
  /** The route runs this server searches, and the lower bounds it computed last. */
  optimizationRuns: OptimizationRuns;
  /** The stores (database, outbox) whose writes failed for a full disk: /healthz fails until they take writes again. */
  diskFull: DiskFullWatch;
  /**
   * Per-address allowances (see config: MAILS_PER_RECIPIENT_PER_HOUR, EVENT_CREATIONS_PER_CLIENT_PER_HOUR,
   * GUESS_LIMIT_PER_MINUTE), counted in the database: kept across restarts and shared by all instances.
   */
  limits: {
    mailsPerRecipient: RateLimit;
    eventCreationsPerClient: RateLimit;
    guessesPerClient: RateLimit;
  };
}
