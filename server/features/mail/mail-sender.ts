import { type Db, isDatabaseBusyOrUnreachable } from '../../../db/connection.js';
import type { MessageTaskRow } from '../../../db/schema.js';
import { mailHtml } from '../../../domain/messages/mail-html.js';
import type { Clock } from '../../lib/clock.js';
import { redactIds } from '../../lib/ids.js';
import { type Mailer, MailServerUnreachableError, PermanentMailError } from '../../lib/mailer.js';
import { TokenBucket } from '../../lib/token-bucket.js';
import { wakeLoop } from '../../lib/wake-loop.js';
import {
  claimDueTasks,
  isStillSending,
  type MailClaim,
  markFailedAttempt,
  markSent,
  nextDueTime,
  requeueInFlight,
} from './mail-claims.js';
import { htmlWordsOf } from './mail-html-words.js';
import type { MailQueueEvents } from './mail-queue-events.js';
import { senderOf } from './mail-sender-identity.js';
import type { MailServerHealth } from './mail-server-health.js';

/** Delivers queued mail in the background; mail queued by a commit (see enqueueMail) is sent at once. */
export interface MailSender {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Looks for due mail now (another instance queued some). */
  wake(): void;
}

interface SenderOptions {
  from: string;
  /** Where the app's own links begin (PUBLIC_URL): the first of them is a mail's button. */
  appUrl: string;
  retryBaseMs: number;
  pollMs: number;
  /** Deliveries in flight at once: a delivery that hangs takes one of them, the others go on. */
  concurrency: number;
  /** Mails handed to the mail server per second, at most. */
  ratePerSecond: number;
  /** How long `stop` waits for deliveries in flight before it puts their tasks back in the queue. */
  stopGraceMs: number;
  /** Who claims, for how long, and whether other instances send from the same database (see claimDueTasks). */
  claim: MailClaim;
  /** The server's mail-queue events: `queued` wakes the sender, and it tells `taskChanged`. */
  events: MailQueueEvents;
}

/** Pause between tries to write down a delivered mail while the database cannot be reached. */
const RECORD_RETRY_MS = 1_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Bursts of a tenth of a second's mails: evenly spread at a low rate, claimed in batches at a high one. */
const burstOf = (ratePerSecond: number) => Math.max(1, Math.floor(ratePerSecond / 10));

type JobOfTask = Pick<MessageTaskRow, 'running_dinner_id' | 'message_job_id'>;

/** Tells the listeners of a message job (its progress stream) that tasks of it moved. */
function tellJobsChanged(events: MailQueueEvents, tasks: JobOfTask[]): void {
  const jobs = new Map(
    tasks.filter((t) => t.message_job_id && t.running_dinner_id).map((t) => [t.message_job_id, t.running_dinner_id]),
  );
  for (const [messageJobId, runningDinnerId] of jobs) {
    events.emit('taskChanged', { runningDinnerId: runningDinnerId as string, messageJobId: messageJobId as string });
  }
}

/** The background loop that delivers queued mail; the database row is the truth, the loop only moves it on. */
export function createMailSender(
  db: Db,
  mailer: Mailer,
  clock: Clock,
  health: MailServerHealth,
  options: SenderOptions,
): MailSender {
  const loop = wakeLoop({
    pass: fillSlots,
    pollMs: options.pollMs,
    now: () => clock.now(),
    onError: (error) => console.error('mail sender:', redactIds(String(error))),
  });
  const stopped = () => loop.isStopped();
  const inFlight = new Set<Promise<void>>();
  const rate = new TokenBucket(options.ratePerSecond, burstOf(options.ratePerSecond));

  const handOver = (task: MessageTaskRow) =>
    mailer.send({
      ...senderOf(task, options.from),
      to: task.recipient_email,
      subject: task.subject,
      text: task.body_text,
      html: mailHtml(task.body_text, {
        appUrl: options.appUrl,
        heading: task.event_title,
        ...(task.language ? htmlWordsOf(task.language, options.appUrl) : {}),
      }),
      messageId: task.message_id,
      calendar: task.calendar,
    });

  /**
   * Writes down a mail the mail server took. The database may be away for a moment (a restart, a failover): the row
   * is written once it is back, so the claim does not run out and the mail go out a second time.
   */
  async function recordSent(task: MessageTaskRow): Promise<void> {
    const giveUpAt = Date.now() + options.claim.leaseMs;
    for (;;) {
      try {
        if (await markSent(db, task, clock.now())) tellJobsChanged(options.events, [task]);
        return;
      } catch (error) {
        if (stopped() || !isDatabaseBusyOrUnreachable(error) || Date.now() + RECORD_RETRY_MS > giveUpAt) throw error;
        await delay(RECORD_RETRY_MS);
      }
    }
  }

  async function recordFailure(task: MessageTaskRow, error: Error): Promise<void> {
    const permanentType = error instanceof PermanentMailError ? error.failureType : null;
    if (!permanentType) health.failedTemporarily(clock.now());
    console.warn(
      `mail ${task.id.slice(0, 8)} not delivered (attempt ${task.attempts}${permanentType ? `, ${permanentType}` : ''}): ${redactIds(error.message)}`,
    );
    if (
      await markFailedAttempt(
        db,
        task,
        { error: error.message, permanentType, unreachable: error instanceof MailServerUnreachableError },
        clock.now(),
        options.retryBaseMs,
      )
    )
      tellJobsChanged(options.events, [task]);
  }

  async function deliver(task: MessageTaskRow): Promise<void> {
    if (!(await isStillSending(db, task))) return;
    try {
      await handOver(task);
    } catch (error) {
      // A stop puts the task back in the queue and has the mailer drop what it still holds: no failure of the mail.
      if (!stopped()) await recordFailure(task, error as Error);
      return;
    }
    health.delivered();
    await recordSent(task);
  }

  function startDelivery(task: MessageTaskRow): void {
    const delivery = deliver(task)
      // After a stop the database may be closed; the task went back to the queue.
      .catch((error) => {
        if (!stopped()) console.error('mail sender:', redactIds(String(error)));
      })
      .finally(() => {
        inFlight.delete(delivery);
        loop.wake();
      });
    inFlight.add(delivery);
  }

  const freeSlots = () => options.concurrency - inFlight.size;

  /** Claims due tasks for the free delivery slots as the rate allows; else sleeps until a token or a task is due. */
  async function fillSlots(): Promise<void> {
    while (!stopped() && freeSlots() > 0) {
      const allowed = Math.min(freeSlots(), rate.available());
      if (allowed === 0) return loop.sleep(rate.msUntilNext());
      const tasks = await claimDueTasks(db, clock.now(), allowed, options.claim);
      if (stopped() || tasks.length === 0) break;
      rate.take(tasks.length);
      tellJobsChanged(options.events, tasks);
      tasks.forEach(startDelivery);
    }
    if (!stopped() && freeSlots() > 0) loop.sleepUntil(await nextDueTime(db));
  }

  return {
    wake: () => loop.wake(),
    async start() {
      if (!options.claim.shared) tellJobsChanged(options.events, await requeueInFlight(db));
      options.events.on('queued', loop.wake);
      loop.start();
    },
    async stop() {
      options.events.off('queued', loop.wake);
      const claimed = loop.stop();
      // A mail server that holds a delivery must not hold the shutdown: its task goes back to the queue.
      await Promise.race([Promise.all([claimed, ...inFlight]), delay(options.stopGraceMs)]);
      tellJobsChanged(options.events, await requeueInFlight(db, options.claim.instanceId));
    },
  };
}
