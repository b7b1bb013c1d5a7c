import type { MessageJob, MessageJobOverview, MessageTask, MessageType } from '../../../contract/messages.js';
import type { MessageJobRow, RunningDinnerRow } from '../../../db/schema.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { toJob, toTask } from './message-jobs.view.js';
import * as repo from './messages.repo.js';

export async function jobOf(deps: Deps, row: MessageJobRow): Promise<MessageJob> {
  const counts = await repo.taskCountsOf(deps.db, [row.id]);
  return toJob(row, counts.get(row.id)!.total);
}

export async function listJobs(deps: Deps, dinner: RunningDinnerRow, messageType: MessageType): Promise<MessageJob[]> {
  const rows = await repo.listJobs(deps.db, dinner.id, messageType);
  const counts = await repo.taskCountsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toJob(row, counts.get(row.id)!.total));
}

async function openJob(deps: Deps, dinner: RunningDinnerRow, jobId: string): Promise<MessageJobRow> {
  const job = await repo.findJob(deps.db, dinner.id, jobId);
  if (!job) throw notFound();
  return job;
}

export async function findJob(deps: Deps, dinner: RunningDinnerRow, jobId: string): Promise<MessageJob> {
  return jobOf(deps, await openJob(deps, dinner, jobId));
}

export async function jobOverview(deps: Deps, dinner: RunningDinnerRow, jobId: string): Promise<MessageJobOverview> {
  const job = await openJob(deps, dinner, jobId);
  const counts = (await repo.taskCountsOf(deps.db, [job.id])).get(job.id)!;
  return {
    messageJobId: job.id,
    numMessagesSucceeded: counts.sent,
    numMessagesFailed: counts.failed,
    numMessagesQueued: counts.queued + counts.sending,
    sendingFinished: counts.queued + counts.sending === 0,
  };
}

export async function listTasks(deps: Deps, dinner: RunningDinnerRow, jobId: string): Promise<MessageTask[]> {
  const job = await openJob(deps, dinner, jobId);
  return (await repo.listTasks(deps.db, job.id)).map(toTask);
}
