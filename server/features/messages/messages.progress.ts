import type { MessageJobProgress, SendingStatus } from '../../../contract/messages.js';
import type { MessageJobRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { Topic } from '../../lib/event-bus.js';
import { redactIds } from '../../lib/ids.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import type { TaskChange } from '../mail/mail-queue-events.js';
import { findJobById, listUnfinishedJobs, type TaskCounts, taskCountsOf, updateJob } from './messages.repo.js';

/** At most this often per job the stream hears of it: a 300-mail job makes ~10 events a second, not 600. */
const PROGRESS_INTERVAL_MS = 100;

function statusOf(counts: TaskCounts): SendingStatus {
  if (counts.queued + counts.sending === 0) return 'SENDING_FINISHED';
  return counts.sent + counts.failed + counts.sending > 0 ? 'SENDING_STARTED' : 'QUEUED';
}

export const progressOf = (
  job: Pick<MessageJobRow, 'id' | 'message_type' | 'status'>,
  counts: TaskCounts,
): MessageJobProgress => ({
  messageJobId: job.id,
  messageType: job.message_type as MessageJobProgress['messageType'],
  total: counts.total,
  sent: counts.sent,
  failed: counts.failed,
  queued: counts.queued + counts.sending,
  // A scheduled job has no tasks yet: it is not finished, it waits.
  sendingStatus: job.status === 'SCHEDULED' ? 'SCHEDULED' : statusOf(counts),
});

/**
 * Brings a job's row in line with its tasks (status, failure flag, when it finished) and tells its stream:
 * `progress` every time, `finished` when it just finished. A job that finished with failures is an activity.
 */
export async function refreshJob(deps: Deps, jobId: string): Promise<SendingStatus | undefined> {
  const job = await findJobById(deps.db, jobId);
  if (!job || job.status === 'SCHEDULED') return job?.status;
  const counts = (await taskCountsOf(deps.db, [jobId])).get(jobId)!;
  const status = statusOf(counts);
  const failed = counts.failed > 0 ? 1 : 0;
  const justFinished = status === 'SENDING_FINISHED' && job.status !== 'SENDING_FINISHED';
  const topic = Topic.messageJobs(job.running_dinner_id);
  const progress = progressOf(job, counts);
  if (status === job.status && failed === job.sending_failed) {
    deps.bus.publish(topic, 'progress', progress);
    return status;
  }
  await writeTransaction(deps.db, async (trx) => {
    // Two refreshes may overlap: only the one that still finds the old row moves it on (and tells of it).
    const current = await findJobById(trx, job.id);
    if (current?.status !== job.status || current.sending_failed !== job.sending_failed) return;
    await updateJob(trx, job.id, {
      status,
      sending_failed: failed,
      finished_at: status === 'SENDING_FINISHED' ? deps.clock.now().toISOString() : null,
    });
    if (justFinished && failed) {
      await recordActivity(
        deps,
        trx,
        job.running_dinner_id,
        ActivityType.messageJobSendingFailed,
        'SYSTEM',
        deps.clock.now(),
        {
          messageType: job.message_type,
          failed: counts.failed,
          total: counts.total,
        },
      );
    }
    trx.afterCommit(() => {
      deps.bus.publish(topic, 'progress', progress);
      if (justFinished) deps.bus.publish(topic, 'finished', progress);
    });
  });
  return status;
}

export interface JobProgress {
  stop(): void;
}

/** Listens to the sender's task changes and refreshes each job at most every PROGRESS_INTERVAL_MS. */
export function startJobProgress(deps: Deps): JobProgress {
  const timers = new Map<string, NodeJS.Timeout>();
  const lastRefresh = new Map<string, number>();

  function refreshSoon({ messageJobId }: TaskChange): void {
    if (timers.has(messageJobId)) return;
    const wait = Math.max(0, (lastRefresh.get(messageJobId) ?? 0) + PROGRESS_INTERVAL_MS - Date.now());
    const timer = setTimeout(() => {
      timers.delete(messageJobId);
      lastRefresh.set(messageJobId, Date.now());
      refreshJob(deps, messageJobId)
        .then((status) => {
          if (status === 'SENDING_FINISHED' || status === undefined) lastRefresh.delete(messageJobId);
        })
        .catch((error) => console.error('message job progress:', redactIds(String(error))));
    }, wait);
    timers.set(messageJobId, timer);
  }

  deps.mailQueue.on('taskChanged', refreshSoon);
  // Tasks that moved on before a crash left their job behind.
  void listUnfinishedJobs(deps.db).then(
    (jobs) => {
      for (const job of jobs) refreshSoon({ runningDinnerId: job.running_dinner_id, messageJobId: job.id });
    },
    (error) => console.error('message job progress:', redactIds(String(error))),
  );
  return {
    stop() {
      deps.mailQueue.off('taskChanged', refreshSoon);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
