import type { Db } from '../db/connection.js';
import type { Config } from './config.js';
import type { Clock } from './lib/clock.js';
import type { SlidingWindow } from './lib/sliding-window.js';
import type { WorkerPool } from './lib/worker-pool.js';

/** What services need from the outside world; built once in main.ts (or by a test). */
export interface Deps {
  db: Db;
  clock: Clock;
  config: Config;
  /** Tells the background sender that mail was queued (call after the transaction committed). */
  wakeMailSender: () => void;
  /** Deletes the outbox files of mails deleted from the database (call after the transaction committed). */
  sweepOutbox: () => Promise<void>;
  /** The Piscina pool for team generation (and later route optimisation). */
  workers: WorkerPool;
  /** Per-address allowances kept in memory (see config: MAILS_PER_RECIPIENT_PER_HOUR, EVENT_CREATIONS_PER_CLIENT_PER_HOUR). */
  limits: {
    mailsPerRecipient: SlidingWindow;
    eventCreationsPerClient: SlidingWindow;
  };
}
