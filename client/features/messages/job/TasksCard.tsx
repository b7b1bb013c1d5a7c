import type { MessageJob, MessageJobOverview, MessageTask } from '@contract/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Card } from '../../../components/Card';
import { Loaded } from '../../../components/Loaded';
import { SkeletonLines } from '../../../components/Skeleton';
import { useJobOverview, useMessageTasks } from '../hooks';
import { type TaskState, taskState } from '../labels';
import { ResendDialog, TaskMailDialog } from '../TaskDialogs';
import { TaskTable } from './TaskTable';

type Filter = 'ALL' | Exclude<TaskState, 'SENDING'>;
const FILTERS: Filter[] = ['ALL', 'FAILED', 'QUEUED', 'SENT'];

/**
 * How many mails each filter holds: the job's live numbers, the same the progress card shows. The task list is
 * fetched again at most once a second, so counting its rows would lag behind the bar.
 */
const countsOf = (job: MessageJob, overview: MessageJobOverview): Record<Filter, number> => ({
  ALL: job.numberOfMessageTasks,
  FAILED: overview.numMessagesFailed,
  QUEUED: overview.numMessagesQueued,
  SENT: overview.numMessagesSucceeded,
});

/** Every mail of the sending with its outcome, filtered by state, to read and to send again. */
export function TasksCard({ job }: { job: MessageJob }) {
  const { t } = useLingui();
  const { data: tasks, error, mutate } = useMessageTasks(job.id);
  const { data: overview, error: overviewError, mutate: mutateOverview } = useJobOverview(job.id);
  const [filter, setFilter] = useState<Filter>('ALL');
  const [resending, setResending] = useState<MessageTask | null>(null);
  const [reading, setReading] = useState<MessageTask | null>(null);
  const counts = overview && countsOf(job, overview);
  const count = (f: Filter) => counts?.[f] ?? 0;
  const shown = tasks?.filter((task) => filter === 'ALL' || matches(task, filter)) ?? [];
  const filterLabel: Record<Filter, ReactNode> = {
    ALL: <Trans>All ({count('ALL')})</Trans>,
    FAILED: <Trans>Failed ({count('FAILED')})</Trans>,
    QUEUED: <Trans>Waiting ({count('QUEUED')})</Trans>,
    SENT: <Trans>Sent ({count('SENT')})</Trans>,
  };
  // Reopened with the newest copy of the task, so a row that changed meanwhile shows its state.
  const current = (task: MessageTask | null) => (task ? (tasks?.find((each) => each.id === task.id) ?? task) : null);
  return (
    <Card title={<Trans>Mails</Trans>} className="mt-6" testId="job-tasks">
      <Loaded
        data={counts && tasks}
        error={error ?? overviewError}
        failure={(e) => `${t`The mails could not be loaded.`} ${e.message}`}
        onRetry={() => {
          void mutate();
          void mutateOverview();
        }}
        keepData
        loading={<SkeletonLines lines={6} />}
        empty={
          tasks?.length === 0 && (
            <p className="text-sm text-gray-600">
              <Trans>This message has no mails.</Trans>
            </p>
          )
        }
      >
        {() => (
          <>
            <fieldset className="mb-4 flex flex-wrap gap-2" aria-label={t`Show`}>
              {FILTERS.map((f) => (
                <button
                  key={f}
                  type="button"
                  aria-pressed={filter === f}
                  onClick={() => setFilter(f)}
                  data-testid={`task-filter-${f.toLowerCase()}`}
                  className="rounded-full border border-gray-300 bg-white px-3 py-1 text-sm font-medium text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 aria-pressed:border-primary-700 aria-pressed:bg-primary-700 aria-pressed:text-white"
                >
                  {filterLabel[f]}
                </button>
              ))}
            </fieldset>
            {shown.length === 0 ? (
              <p className="py-2 text-sm text-gray-600" data-testid="task-filter-empty">
                <Trans>No mail is in this state.</Trans>
              </p>
            ) : (
              <TaskTable tasks={shown} onResend={setResending} onRead={setReading} />
            )}
          </>
        )}
      </Loaded>
      <ResendDialog jobId={job.id} task={current(resending)} onClose={() => setResending(null)} />
      <TaskMailDialog
        task={current(reading)}
        onClose={() => setReading(null)}
        onResend={(task) => {
          setReading(null);
          setResending(task);
        }}
      />
    </Card>
  );
}

const matches = (task: MessageTask, filter: Exclude<Filter, 'ALL'>) => {
  const state = taskState(task);
  return filter === 'QUEUED' ? state === 'QUEUED' || state === 'SENDING' : state === filter;
};
