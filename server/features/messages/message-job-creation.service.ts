import type { AnyMessage, MessageJob } from '../../../contract/messages.js';
import { MessagesMessage } from '../../../contract/messages.messages.js';
import type { MessageJobRow, RunningDinnerRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { Topic } from '../../lib/event-bus.js';
import { newId } from '../../lib/ids.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { enqueueMails } from '../mail/mail-queue.js';
import { recordTold } from '../updates/told.queries.js';
import { composeAll, composeChecked } from './message-composing.js';
import { jobOf } from './message-jobs-reading.service.js';
import type { ComposedMail } from './messages.compose.js';
import { progressOf } from './messages.progress.js';
import * as repo from './messages.repo.js';
import { assertMessagingUnlocked } from './messaging-unlocked.js';
import { scheduledInstant } from './scheduled-time.js';

const ACTIVITY_OF_TYPE = {
  PARTICIPANT: ActivityType.participantMailSent,
  TEAM: ActivityType.teamArrangementMailSent,
  DINNER_ROUTE: ActivityType.dinnerRouteMailSent,
  UPDATE: ActivityType.updateMailSent,
} as const;

export function assertJobSize(deps: Deps, count: number): void {
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

/** The message a job row was made of. */
export const messageOfJob = (job: MessageJobRow) =>
  ({ messageType: job.message_type, message: JSON.parse(job.payload) }) as AnyMessage;

/**
 * Writes a job's tasks in `trx`: one per mail, counted against the allowances (or refused), recorded as an activity
 * and told to the job's stream after the commit.
 */
export async function enqueueJobMails(
  deps: Deps,
  trx: Trx,
  job: MessageJobRow,
  message: AnyMessage,
  mails: ComposedMail[],
  origin: 'ORGANIZER' | 'SYSTEM' = 'ORGANIZER',
): Promise<void> {
  const outgoing = mails.map((mail) => ({
    runningDinnerId: job.running_dinner_id,
    messageJobId: job.id,
    cause: 'ORGANISER' as const,
    ...mail,
  }));
  await enqueueMails(deps, trx, outgoing, dailyLimitOf(deps, mails.length));
  await recordWhatMailsTell(deps, trx, job, mails);
  await recordActivity(
    deps,
    trx,
    job.running_dinner_id,
    ACTIVITY_OF_TYPE[message.messageType],
    origin,
    deps.clock.now(),
    {
      recipients: mails.length,
      subject: message.message.subject,
    },
  );
  const counts = { total: mails.length, queued: mails.length, sending: 0, sent: 0, failed: 0 };
  trx.afterCommit(() =>
    deps.bus.publish(Topic.messageJobs(job.running_dinner_id), 'progress', progressOf(job, counts)),
  );
}

/** What each task of the job tells about team and route, kept with the task: it counts while the task has not failed. */
async function recordWhatMailsTell(deps: Deps, trx: Trx, job: MessageJobRow, mails: ComposedMail[]): Promise<void> {
  if (!mails.some((mail) => mail.told.length > 0)) return;
  const taskOf = new Map((await repo.listTaskRecipients(trx, job.id)).map((t) => [t.participant_id, t.id]));
  const tellings = mails.flatMap((mail) => {
    const taskId = taskOf.get(mail.participantId);
    return taskId ? mail.told.map((told) => ({ ...told, messageTaskId: taskId })) : [];
  });
  await recordTold(trx, job.running_dinner_id, tellings, deps.clock.now());
}

/**
 * Creates the job and one task per address, and answers at once: the sender delivers in the background. With
 * `sendAt` the job waits as SCHEDULED and its mails are written when it starts, from the data as it is then. The same
 * Idempotency-Key (per dinner) answers the job it created the first time, so a double submit makes one job.
 */
export async function createJob(
  deps: Deps,
  dinner: RunningDinnerRow,
  message: AnyMessage,
  idempotencyKey: string | undefined,
  sendAt?: string,
): Promise<MessageJob> {
  assertMessagingUnlocked(dinner);
  const key = idempotencyKey === undefined ? null : `${dinner.id}:${idempotencyKey}`;
  const earlier = key === null ? undefined : await repo.findJobByKey(deps.db, key);
  if (earlier) return jobOf(deps, earlier);
  const startsAt = sendAt === undefined ? null : scheduledInstant(deps, sendAt);
  // Composed now also for a later job: what would be refused then is refused now.
  const mails = await composeChecked(deps, dinner, message, composeAll);
  assertJobSize(deps, mails.length);
  const job: MessageJobRow = {
    id: newId(),
    running_dinner_id: dinner.id,
    message_type: message.messageType,
    status: startsAt ? 'SCHEDULED' : 'QUEUED',
    sending_failed: 0,
    idempotency_key: key,
    payload: JSON.stringify(message.message),
    send_at: startsAt,
    created_at: deps.clock.now().toISOString(),
    finished_at: null,
  };
  const created = await writeTransaction(deps.db, async (trx) => {
    // Checked again under the write lock: two submits racing with one key make one job.
    const raced = key === null ? undefined : await repo.findJobByKey(trx, key);
    if (raced) return raced;
    await repo.insertJob(trx, job);
    if (startsAt) announceScheduled(deps, trx, job);
    else await enqueueJobMails(deps, trx, job, message, mails);
    return job;
  });
  return jobOf(deps, created);
}

/** Tells the job's stream and this instance's starter of a scheduled job (its time is new or changed). */
export function announceScheduled(deps: Deps, trx: Trx, job: MessageJobRow): void {
  const counts = { total: 0, queued: 0, sending: 0, sent: 0, failed: 0 };
  trx.afterCommit(() => {
    deps.bus.publish(Topic.messageJobs(job.running_dinner_id), 'progress', progressOf(job, counts));
    deps.mailQueue.emit('scheduled');
  });
}
