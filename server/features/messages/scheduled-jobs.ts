import type { MessageJobRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound, ValidationError } from '../../lib/errors.js';
import { Topic } from '../../lib/event-bus.js';
import { redactIds } from '../../lib/ids.js';
import { wakeLoop } from '../../lib/wake-loop.js';
import { findDinner } from '../dinner/dinner.queries.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { composeAll, composeChecked } from './message-composing.js';
import { enqueueJobMails, messageOfJob } from './message-job-creation.service.js';
import type { ComposedMail } from './messages.compose.js';
import { progressOf } from './messages.progress.js';
import { assertMessagingUnlocked } from './messaging-unlocked.js';
import { listDueScheduledJobs, moveScheduledJob, nextScheduledTime } from './scheduled-jobs.repo.js';

// Scheduled message jobs start at their time on whichever instance looks first: the row moves from SCHEDULED once,
// and its mails are composed then, so changes made after scheduling are in them.

/** The mails of the job as the data is now, or the reason it cannot go out (no recipient left, messaging locked). */
async function composeNow(deps: Deps, job: MessageJobRow): Promise<ComposedMail[] | AppError | ValidationError> {
  const dinner = await findDinner(deps.db, job.running_dinner_id);
  if (!dinner) return notFound();
  try {
    assertMessagingUnlocked(dinner);
    return await composeChecked(deps, dinner, messageOfJob(job), composeAll);
  } catch (error) {
    if (error instanceof AppError || error instanceof ValidationError) return error;
    throw error;
  }
}

/** Ends a job that could not start: finished with a failure, told to its stream and the event's activities. */
async function failToStart(deps: Deps, job: MessageJobRow): Promise<void> {
  const now = deps.clock.now();
  await writeTransaction(deps.db, async (trx) => {
    const ended = { status: 'SENDING_FINISHED', sending_failed: 1, finished_at: now.toISOString() } as const;
    if (!(await moveScheduledJob(trx, job.id, ended))) return;
    await recordActivity(deps, trx, job.running_dinner_id, ActivityType.messageJobSendingFailed, 'SYSTEM', now, {
      messageType: job.message_type,
      failed: 0,
      total: 0,
    });
    const progress = progressOf({ ...job, ...ended }, { total: 0, queued: 0, sending: 0, sent: 0, failed: 0 });
    trx.afterCommit(() => deps.bus.publish(Topic.messageJobs(job.running_dinner_id), 'finished', progress));
  });
}

export async function startScheduledJob(deps: Deps, job: MessageJobRow): Promise<void> {
  const mails = await composeNow(deps, job);
  if (!Array.isArray(mails)) return failToStart(deps, job);
  try {
    await writeTransaction(deps.db, async (trx) => {
      if (!(await moveScheduledJob(trx, job.id, { status: 'QUEUED' }))) return;
      await enqueueJobMails(deps, trx, { ...job, status: 'QUEUED' }, messageOfJob(job), mails);
    });
  } catch (error) {
    // The day's allowance has no room left: the job ends failed rather than waiting for ever.
    if (!(error instanceof AppError)) throw error;
    await failToStart(deps, job);
  }
}

export interface ScheduledJobs {
  /** Looks now (a job was scheduled on another instance). */
  wake(): void;
  stop(): Promise<void>;
}

/** Looks for due scheduled jobs when the next one is due, when one is scheduled here, and every `pollMs`. */
export function startScheduledJobs(deps: Deps, pollMs: number): ScheduledJobs {
  const loop = wakeLoop({
    pollMs,
    now: () => deps.clock.now(),
    onError: (error) => console.error('scheduled messages:', redactIds(String(error))),
    async pass() {
      for (const job of await listDueScheduledJobs(deps.db, deps.clock.now())) await startScheduledJob(deps, job);
      loop.sleepUntil(await nextScheduledTime(deps.db));
    },
  });
  const wake = () => loop.wake();
  deps.mailQueue.on('scheduled', wake);
  loop.start();
  return {
    wake,
    async stop() {
      deps.mailQueue.off('scheduled', wake);
      await loop.stop();
    },
  };
}
