import type { MessageJob } from '../../../contract/messages.js';
import { MessagesMessage } from '../../../contract/messages.messages.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { Topic } from '../../lib/event-bus.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { announceScheduled } from './message-job-creation.service.js';
import { jobOf } from './message-jobs-reading.service.js';
import { findJobById } from './messages.repo.js';
import { deleteScheduledJob, moveScheduledJob } from './scheduled-jobs.repo.js';
import { scheduledInstant } from './scheduled-time.js';

const started = () => new AppError('message_job_started', MessagesMessage.jobStarted.id);

/** PUT …/messagejobs/:jobId/schedule — another time for a job that has not started (409 once it has). */
export async function rescheduleJob(
  deps: Deps,
  dinner: RunningDinnerRow,
  jobId: string,
  sendAt: string,
): Promise<MessageJob> {
  assertWritable(deps, dinner);
  const startsAt = scheduledInstant(deps, sendAt);
  const moved = await writeTransaction(deps.db, async (trx) => {
    const job = await findJobById(trx, jobId);
    if (job?.running_dinner_id !== dinner.id) throw notFound();
    if (!(await moveScheduledJob(trx, job.id, { send_at: startsAt }))) throw started();
    const rescheduled = { ...job, send_at: startsAt };
    announceScheduled(deps, trx, rescheduled);
    return rescheduled;
  });
  return jobOf(deps, moved);
}

/** DELETE …/messagejobs/:jobId — a job that has not started is dropped and sends nothing (409 once it started). */
export async function cancelScheduledJob(deps: Deps, dinner: RunningDinnerRow, jobId: string): Promise<void> {
  assertWritable(deps, dinner);
  await writeTransaction(deps.db, async (trx) => {
    const job = await findJobById(trx, jobId);
    if (job?.running_dinner_id !== dinner.id) throw notFound();
    if (!(await deleteScheduledJob(trx, dinner.id, job.id))) throw started();
    trx.afterCommit(() => deps.bus.publish(Topic.messageJobs(dinner.id), 'cancelled', { messageJobId: job.id }));
  });
}
