import type { Db } from '../../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { PermanentMailError, type Mailer } from '../../lib/mailer.js';
import { redactIds } from '../../lib/ids.js';
import { claimDueTasks, markFailedAttempt, markSent, nextDueTime, requeueInFlight } from './messages.queue.js';

export interface MailSender {
  start(): Promise<void>;
  /** Called after a commit that queued mail: send now instead of at the next poll. */
  wake(): void;
  stop(): Promise<void>;
}

interface SenderOptions {
  from: string;
  retryBaseMs: number;
  pollMs: number;
  batchSize: number;
}

/** The background loop that delivers queued mail; the database row is the truth, the loop only moves it on. */
export function createMailSender(db: Db, mailer: Mailer, clock: Clock, options: SenderOptions): MailSender {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let wakeAgain = false;

  async function drain(): Promise<void> {
    for (;;) {
      const tasks = await claimDueTasks(db, clock.now(), options.batchSize);
      if (tasks.length === 0) return;
      for (const task of tasks) {
        try {
          await mailer.send({ from: options.from, to: task.recipient_email, subject: task.subject, text: task.body_text, messageId: task.message_id });
          await markSent(db, task.id, clock.now());
        } catch (error) {
          const permanent = error instanceof PermanentMailError;
          console.warn(`mail ${task.id.slice(0, 8)} not delivered (attempt ${task.attempts}${permanent ? ', permanent' : ''}): ${redactIds((error as Error).message)}`);
          await markFailedAttempt(db, task, (error as Error).message, permanent, clock.now(), options.retryBaseMs);
        }
      }
      if (stopped) return;
    }
  }

  async function schedule(): Promise<void> {
    if (stopped) return;
    const next = await nextDueTime(db);
    const wait = next ? Math.max(0, next.getTime() - clock.now().getTime()) : options.pollMs;
    timer = setTimeout(run, Math.min(wait, options.pollMs));
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      wakeAgain = true;
      return;
    }
    clearTimeout(timer);
    running = drain()
      .catch((error) => console.error('mail sender:', redactIds(String(error))))
      .then(() => {
        running = undefined;
        if (wakeAgain) {
          wakeAgain = false;
          run();
        } else return schedule();
      });
  }

  return {
    async start() {
      stopped = false;
      await requeueInFlight(db);
      run();
    },
    wake: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
