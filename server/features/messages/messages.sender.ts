import type { Db } from '../../../db/connection.js';
import type { MessageTaskRow } from '../../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { PermanentMailError, type Mailer } from '../../lib/mailer.js';
import { redactIds } from '../../lib/ids.js';
import { claimDueTasks, mailQueueEvents, markFailedAttempt, markSent, nextDueTime, requeueInFlight } from './messages.queue.js';

/** Delivers queued mail in the background; mail queued by a commit (see enqueueMail) is sent at once. */
export interface MailSender {
  start(): Promise<void>;
  stop(): Promise<void>;
}

interface SenderOptions {
  from: string;
  retryBaseMs: number;
  pollMs: number;
  /** Deliveries in flight at once: a delivery that hangs takes one of them, the others go on. */
  concurrency: number;
  /** How long `stop` waits for deliveries in flight before it puts their tasks back in the queue. */
  stopGraceMs: number;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** The background loop that delivers queued mail; the database row is the truth, the loop only moves it on. */
export function createMailSender(db: Db, mailer: Mailer, clock: Clock, options: SenderOptions): MailSender {
  let timer: NodeJS.Timeout | undefined;
  let claiming: Promise<void> | undefined;
  let claimAgain = false;
  let stopped = true;
  const inFlight = new Set<Promise<void>>();

  async function deliver(task: MessageTaskRow): Promise<void> {
    try {
      await mailer.send({ from: options.from, to: task.recipient_email, subject: task.subject, text: task.body_text, messageId: task.message_id });
      await markSent(db, task.id, clock.now());
    } catch (error) {
      const permanent = error instanceof PermanentMailError;
      console.warn(`mail ${task.id.slice(0, 8)} not delivered (attempt ${task.attempts}${permanent ? ', permanent' : ''}): ${redactIds((error as Error).message)}`);
      await markFailedAttempt(db, task, (error as Error).message, permanent, clock.now(), options.retryBaseMs);
    }
  }

  function startDelivery(task: MessageTaskRow): void {
    const delivery = deliver(task)
      // After a stop the database may be closed; the task went back to the queue.
      .catch((error) => {
        if (!stopped) console.error('mail sender:', redactIds(String(error)));
      })
      .finally(() => {
        inFlight.delete(delivery);
        run();
      });
    inFlight.add(delivery);
  }

  /** Claims due tasks for the free delivery slots; when none is due, sleeps until the next one is. */
  async function fillSlots(): Promise<void> {
    while (!stopped && inFlight.size < options.concurrency) {
      const tasks = await claimDueTasks(db, clock.now(), options.concurrency - inFlight.size);
      if (stopped || tasks.length === 0) break;
      tasks.forEach(startDelivery);
    }
    if (!stopped && inFlight.size < options.concurrency) await schedule();
  }

  async function schedule(): Promise<void> {
    const next = await nextDueTime(db);
    const wait = next ? Math.max(0, next.getTime() - clock.now().getTime()) : options.pollMs;
    clearTimeout(timer);
    timer = setTimeout(run, Math.min(wait, options.pollMs));
  }

  function run(): void {
    if (stopped) return;
    if (claiming) {
      claimAgain = true;
      return;
    }
    clearTimeout(timer);
    claiming = fillSlots()
      .catch((error) => console.error('mail sender:', redactIds(String(error))))
      .finally(() => {
        claiming = undefined;
        if (claimAgain) {
          claimAgain = false;
          run();
        }
      });
  }

  return {
    async start() {
      stopped = false;
      await requeueInFlight(db);
      mailQueueEvents.on('queued', run);
      run();
    },
    async stop() {
      stopped = true;
      mailQueueEvents.off('queued', run);
      clearTimeout(timer);
      // A mail server that holds a delivery must not hold the shutdown: its task goes back to the queue.
      await Promise.race([Promise.all([claiming, ...inFlight]), delay(options.stopGraceMs)]);
      await requeueInFlight(db);
    },
  };
}
