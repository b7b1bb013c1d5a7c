import { Trans, useLingui } from '@lingui/react/macro';
import { BackLink } from '../../components/BackLink';
import { formatTimestamp } from '../../components/dateFormat';
import { Loaded } from '../../components/Loaded';
import { PageMessage } from '../../components/PageMessage';
import { PageTitle } from '../../components/PageTitle';
import { TAB_OF_TYPE } from './api';
import { useLiveMessageJobs, useMessageJob } from './hooks';
import { JobSkeleton } from './job/JobSkeleton';
import { ProgressCard } from './job/ProgressCard';
import { ScheduledCard } from './job/ScheduledCard';
import { TasksCard } from './job/TasksCard';
import { jobTypeLabel } from './labels';
import { MailServerBanner } from './MailServerBanner';

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
  return (
    <Loaded
      data={job}
      error={error}
      failure={(e) => `${t`The message could not be loaded.`} ${e.message}`}
      onRetry={() => void mutate()}
      frame="card"
      keepData
      loading={<JobSkeleton />}
    >
      {(loaded) => (
        <>
          <BackLink href={`/messages/${TAB_OF_TYPE[loaded.messageType]}`} testId="job-back">
            <Trans>All messages</Trans>
          </BackLink>
          <PageTitle
            sub={
              <>
                {jobTypeLabel[loaded.messageType]} ·{' '}
                {loaded.sendAt ? (
                  <Trans>scheduled for {formatTimestamp(loaded.sendAt)}</Trans>
                ) : (
                  <Trans>started {formatTimestamp(loaded.createdAt)}</Trans>
                )}
              </>
            }
          >
            <span className="break-words" data-testid="job-subject">
              {loaded.subject || t`(no subject)`}
            </span>
          </PageTitle>
          <MailServerBanner />
          {loaded.sendingStatus === 'SCHEDULED' ? (
            <ScheduledCard job={loaded} />
          ) : (
            <>
              <ProgressCard job={loaded} live={stream.live} polling={stream.polling} />
              <TasksCard job={loaded} />
            </>
          )}
        </>
      )}
    </Loaded>
  );
}
