import type { AnyMessage, MessageJob } from '../../../contract/messages.js';
import { MessagesMessage } from '../../../contract/messages.messages.js';
import type { MessageJobRow, RunningDinnerRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { Topic } from '../../lib/event-bus.js';
import { newId } from '../../lib/ids.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { enqueueMails } from '../mail/mail-queue.js';
import { composeAll, composeChecked } from './message-composing.js';
import { jobOf } from './message-jobs-reading.service.js';
import { progressOf } from './messages.progress.js';
import * as repo from './messages.repo.js';
import { assertMessagingUnlocked } from './messaging-unlocked.js';

const ACTIVITY_OF_TYPE = {
  PARTICIPANT: ActivityType.participantMailSent,
  TEAM: ActivityType.teamArrangementMailSent,
  DINNER_ROUTE: ActivityType.dinnerRouteMailSent,
} as const;

function assertJobSize(deps: Deps, count: number): void {
  const { mailMaxPerJob } = deps.config;
  if (count > mailMaxPerJob)
    throw new AppError('mail_job_too_large', MessagesMessage.jobTooLarge.id, {
      count: String(count),
      max: String(mailMaxPerJob),
    });
}

/** The refusal of a job the event's daily allowance has no room for, with what is left. */
const dailyLimitOf =
  (deps: Deps, count: number) =>
  (left: number): AppError =>
    new AppError('mail_daily_limit', MessagesMessage.dailyLimit.id, {
      count: String(count),
      max: String(deps.config.mailMaxPerEventPerDay),
      left: String(left),
    });

/**
 * Creates the job and one task per address, and answers at once: the sender delivers in the background. The same
 * Idempotency-Key (per dinner) answers the job it created the first time, so a double submit makes one job.
 */
export async function createJob(
  deps: Deps,
  dinner: RunningDinnerRow,
  message: AnyMessage,
  idempotencyKey: string | undefined,
): Promise<MessageJob> {
  assertMessagingUnlocked(dinner);
  const key = idempotencyKey === undefined ? null : `${dinner.id}:${idempotencyKey}`;
  const earlier = key === null ? undefined : await repo.findJobByKey(deps.db, key);
  if (earlier) return jobOf(deps, earlier);
  const mails = await composeChecked(deps, dinner, message, composeAll);
  assertJobSize(deps, mails.length);
  const now = deps.clock.now();
  const job: MessageJobRow = {
    id: newId(),
    running_dinner_id: dinner.id,
    message_type: message.messageType,
    status: 'QUEUED',
    sending_failed: 0,
    idempotency_key: key,
    payload: JSON.stringify(message.message),
    created_at: now.toISOString(),
    finished_at: null,
  };
  const created = await writeTransaction(deps.db, async (trx) => {
    // Checked again under the write lock: two submits racing with one key make one job.
    const raced = key === null ? undefined : await repo.findJobByKey(trx, key);
    if (raced) return raced;
    await repo.insertJob(trx, job);
    const outgoing = mails.map((mail) => ({
      runningDinnerId: dinner.id,
      messageJobId: job.id,
      cause: 'ORGANISER' as const,
      ...mail,
    }));
    await enqueueMails(deps, trx, outgoing, dailyLimitOf(deps, mails.length));
    await recordActivity(deps, trx, dinner.id, ACTIVITY_OF_TYPE[message.messageType], 'ORGANIZER', now, {
      recipients: mails.length,
      subject: message.message.subject,
    });
    trx.afterCommit(() =>
      deps.bus.publish(
        Topic.messageJobs(dinner.id),
        'progress',
        progressOf(job, { total: mails.length, queued: mails.length, sending: 0, sent: 0, failed: 0 }),
      ),
    );
    return job;
  });
  return jobOf(deps, created);
}
