import type { MessageJob, MessageJobOverview } from '@contract/messages';
import { Plural, Trans } from '@lingui/react/macro';
import { Card } from '../../../components/Card';
import { Loaded } from '../../../components/Loaded';
import { Skeleton } from '../../../components/Skeleton';
import { useJobOverview } from '../hooks';
import { JobProgress } from '../JobProgress';
import { JobStatusBadge } from '../labels';

/** How far the sending is: the bar of sent and failed mails, and whether the numbers move live. */
export function ProgressCard({ job, live, polling }: { job: MessageJob; live: boolean; polling: boolean }) {
  const { data: overview, error, mutate } = useJobOverview(job.id);
  const finished = job.sendingStatus === 'SENDING_FINISHED' || overview?.sendingFinished === true;
  return (
    <Card
      title={<Trans>Progress</Trans>}
      action={<JobStatusBadge job={overview?.sendingFinished ? { ...job, sendingStatus: 'SENDING_FINISHED' } : job} />}
      testId="job-progress-card"
    >
      <Loaded
        data={overview}
        error={error}
        failure={(e) => e.message}
        onRetry={() => void mutate()}
        keepData
        loading={
          <div className="space-y-3" aria-hidden="true">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-3 w-full" />
          </div>
        }
      >
        {(loaded) => (
          <>
            <JobProgress
              total={job.numberOfMessageTasks}
              sent={loaded.numMessagesSucceeded}
              failed={loaded.numMessagesFailed}
            />
            <ProgressNote overview={loaded} finished={finished} live={live} polling={polling} />
          </>
        )}
      </Loaded>
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
