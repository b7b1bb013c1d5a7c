import { MAX_RESENDS, type MessageJob, type MessageJobOverview, type MessageTask } from '@contract/messages';
import { fullName } from '@domain/participants/names';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { BackLink } from '../../components/BackLink';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { formatTimestamp } from '../../components/dateFormat';
import { PageMessage } from '../../components/PageMessage';
import { PageTitle } from '../../components/PageTitle';
import { RetryLine } from '../../components/RetryLine';
import { Skeleton, SkeletonLines } from '../../components/Skeleton';
import { StackedTable } from '../../components/Table';
import { TAB_OF_TYPE } from './api';
import { useJobOverview, useLiveMessageJobs, useMessageJob, useMessageTasks, useRecipients } from './hooks';
import { JobProgress } from './JobProgress';
import { failureTypeLabel, JobStatusBadge, jobTypeLabel, type TaskState, TaskStatusBadge, taskState } from './labels';
import { MailServerBanner } from './MailServerBanner';
import { ResendDialog, TaskMailDialog } from './TaskDialogs';

/** /admin/{adminId}/messages/jobs/{jobId} — one sending: its progress live, every mail with its outcome, and resending the failed ones. */
export function JobPage({ jobId }: { jobId: string }) {
  const { t } = useLingui();
  const stream = useLiveMessageJobs({ jobId });
  const { data: job, error, mutate } = useMessageJob(jobId);
  if (error?.status === 404)
    return (
      <PageMessage
        className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
        testId="job-not-found"
        title={<Trans>This message does not exist</Trans>}
        actions={
          <div className="mt-5">
            <BackLink href="/messages" testId="job-back">
              <Trans>All messages</Trans>
            </BackLink>
          </div>
        }
      >
        <Trans>The link may be wrong, or the message belongs to another running dinner.</Trans>
      </PageMessage>
    );
  if (error && !job)
    return (
      <Card>
        <RetryLine message={`${t`The message could not be loaded.`} ${error.message}`} onRetry={() => void mutate()} />
      </Card>
    );
  if (!job) return <JobSkeleton />;
  return (
    <>
      <BackLink href={`/messages/${TAB_OF_TYPE[job.messageType]}`} testId="job-back">
        <Trans>All messages</Trans>
      </BackLink>
      <PageTitle
        sub={
          <>
            {jobTypeLabel[job.messageType]} · <Trans>started {formatTimestamp(job.createdAt)}</Trans>
          </>
        }
      >
        <span className="break-words" data-testid="job-subject">
          {job.subject || t`(no subject)`}
        </span>
      </PageTitle>
      <MailServerBanner />
      <ProgressCard job={job} live={stream.live} polling={stream.polling} />
      <TasksCard job={job} />
    </>
  );
}

function ProgressCard({ job, live, polling }: { job: MessageJob; live: boolean; polling: boolean }) {
  const { data: overview, error, mutate } = useJobOverview(job.id);
  const finished = job.sendingStatus === 'SENDING_FINISHED' || overview?.sendingFinished === true;
  return (
    <Card
      title={<Trans>Progress</Trans>}
      action={<JobStatusBadge job={overview?.sendingFinished ? { ...job, sendingStatus: 'SENDING_FINISHED' } : job} />}
      testId="job-progress-card"
    >
      {error && !overview ? (
        <RetryLine message={error.message} onRetry={() => void mutate()} />
      ) : !overview ? (
        <div className="space-y-3" aria-hidden="true">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-3 w-full" />
        </div>
      ) : (
        <>
          <JobProgress
            total={job.numberOfMessageTasks}
            sent={overview.numMessagesSucceeded}
            failed={overview.numMessagesFailed}
          />
          <ProgressNote overview={overview} finished={finished} live={live} polling={polling} />
        </>
      )}
    </Card>
  );
}

function ProgressNote({
  overview,
  finished,
  live,
  polling,
}: {
  overview: MessageJobOverview;
  finished: boolean;
  live: boolean;
  polling: boolean;
}) {
  const failed = overview.numMessagesFailed;
  if (finished)
    return (
      <p className={`mt-3 text-sm ${failed > 0 ? 'text-red-900' : 'text-gray-700'}`} data-testid="job-finished-note">
        {failed > 0 ? (
          <Plural
            value={failed}
            one="# mail could not be delivered. Look at the reason below, correct the address if it was mistyped, and send it again."
            other="# mails could not be delivered. Look at the reasons below, correct the addresses if they were mistyped, and send them again."
          />
        ) : (
          <Trans>Every mail was handed to the mail server.</Trans>
        )}
      </p>
    );
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700">
      {overview.numMessagesQueued > 0 && (
        <span>
          <Plural value={overview.numMessagesQueued} one="# mail waiting" other="# mails waiting" />
        </span>
      )}
      <span className="inline-flex items-center gap-1.5" data-testid="job-live" data-live={live}>
        <span
          aria-hidden="true"
          className={`size-2 rounded-full ${live ? 'animate-pulse bg-primary-600' : 'bg-gray-400'}`}
        />
        {live ? (
          <Trans>Live: the numbers move as the mails go out. You can leave this page, sending goes on.</Trans>
        ) : polling ? (
          <Trans>Updated every few seconds.</Trans>
        ) : (
          <Trans>Connecting…</Trans>
        )}
      </span>
    </p>
  );
}

type Filter = 'ALL' | Exclude<TaskState, 'SENDING'>;
const FILTERS: Filter[] = ['ALL', 'FAILED', 'QUEUED', 'SENT'];

function TasksCard({ job }: { job: MessageJob }) {
  const { t } = useLingui();
  const { data: tasks, error, mutate } = useMessageTasks(job.id);
  const [filter, setFilter] = useState<Filter>('ALL');
  const [resending, setResending] = useState<MessageTask | null>(null);
  const [reading, setReading] = useState<MessageTask | null>(null);
  const count = (f: Filter) =>
    f === 'ALL' ? (tasks?.length ?? 0) : (tasks?.filter((task) => matches(task, f)).length ?? 0);
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
      {error && !tasks ? (
        <RetryLine message={`${t`The mails could not be loaded.`} ${error.message}`} onRetry={() => void mutate()} />
      ) : !tasks ? (
        <SkeletonLines lines={6} />
      ) : tasks.length === 0 ? (
        <p className="text-sm text-gray-600">
          <Trans>This message has no mails.</Trans>
        </p>
      ) : (
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

const cell = 'md:table-cell md:px-3 md:py-3 md:align-top';

function TaskTable({
  tasks,
  onResend,
  onRead,
}: {
  tasks: MessageTask[];
  onResend: (task: MessageTask) => void;
  onRead: (task: MessageTask) => void;
}) {
  const { t } = useLingui();
  // The tasks know the address; the names come from the recipients (someone deleted since has none).
  const { data: recipients } = useRecipients();
  const nameOf = new Map(recipients?.map((r) => [r.id, fullName(r)]));
  const columns = [
    { label: <Trans>Recipient</Trans>, className: 'w-[32%] px-3 py-2' },
    { label: <Trans>Status</Trans>, className: 'w-32 px-3 py-2' },
    { label: <Trans>Reason</Trans>, className: 'px-3 py-2' },
    { label: <span className="sr-only">{t`Actions`}</span>, className: 'w-60 px-3 py-2' },
  ];
  return (
    <StackedTable caption={t`Mails of this message`} columns={columns} className="md:table-fixed" testId="task-table">
      {tasks.map((task) => {
        const state = taskState(task);
        const { failureType, failureMessage } = task.sendingResult;
        return (
          <tr
            key={task.id}
            data-testid="task-row"
            data-task-id={task.id}
            data-status={state}
            className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1.5 py-3 md:table-row md:py-0 ${state === 'FAILED' ? 'bg-red-50/60' : ''}`}
          >
            <td className={`col-start-1 row-span-2 row-start-1 min-w-0 ${cell}`}>
              {task.participantId && nameOf.get(task.participantId) && (
                <span className="block font-medium break-words text-gray-900" data-testid="task-name">
                  {nameOf.get(task.participantId)}
                </span>
              )}
              <span className="block break-all text-gray-700" data-testid="task-email">
                {task.recipientEmail}
              </span>
              {task.resendCount > 0 && (
                <span className="block text-xs text-gray-600">
                  <Plural value={task.resendCount} one="sent again once" other="sent again # times" />
                </span>
              )}
            </td>
            <td className={`col-start-2 row-start-1 text-right md:text-left ${cell}`}>
              <TaskStatusBadge task={task} />
            </td>
            <td className={`col-span-2 row-start-3 min-w-0 empty:hidden md:empty:table-cell ${cell}`}>
              {failureType && (
                <span className="block text-sm font-semibold text-red-900" data-testid="task-failure-type">
                  {failureTypeLabel[failureType]}
                </span>
              )}
              {failureMessage && state !== 'FAILED' && state !== 'SENT' && (
                <span className="block text-xs text-gray-600">
                  <Trans>Last attempt failed, it is tried again:</Trans>
                </span>
              )}
              {failureMessage && state !== 'SENT' && (
                <span className="block font-mono text-xs break-words text-gray-700" data-testid="task-failure-message">
                  {failureMessage}
                </span>
              )}
            </td>
            <td className="col-start-2 row-start-2 md:table-cell md:px-3 md:py-2 md:align-top">
              <span className="flex flex-col items-end gap-1.5 md:flex-row md:flex-wrap md:justify-end md:gap-2">
                <Button
                  variant="ghost"
                  className="px-1.5 py-0.5 md:px-2 md:py-1"
                  onClick={() => onRead(task)}
                  data-testid="task-read"
                >
                  <Trans>Show mail</Trans>
                </Button>
                {state === 'FAILED' && task.resendCount < MAX_RESENDS && (
                  <Button
                    variant="secondary"
                    className="px-3 py-1"
                    onClick={() => onResend(task)}
                    data-testid="task-resend"
                  >
                    <Trans>Send again…</Trans>
                  </Button>
                )}
              </span>
            </td>
          </tr>
        );
      })}
    </StackedTable>
  );
}

function JobSkeleton() {
  return (
    <div className="space-y-6" data-testid="job-loading">
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-9 w-2/3" />
      <div className="space-y-3 rounded-xl border border-gray-200 bg-white p-6">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-3 w-full" />
      </div>
      <div className="space-y-3 rounded-xl border border-gray-200 bg-white p-6">
        <SkeletonLines lines={6} />
      </div>
    </div>
  );
}
