import type { MessageJob, MessageType } from '@contract/messages';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Card } from '../../components/Card';
import { formatTimestamp } from '../../components/dateFormat';
import { Loaded } from '../../components/Loaded';
import { RelativeTime } from '../../components/RelativeTime';
import { SkeletonLines } from '../../components/Skeleton';
import { useJobOverview, useMessageJobs } from './hooks';
import { JobProgress } from './JobProgress';
import { JobStatusBadge } from './labels';

/** The jobs of one type, newest first, each leading to its page; unfinished ones with their progress. */
export function JobHistory({ type, hideWhenEmpty = false }: { type: MessageType; hideWhenEmpty?: boolean }) {
  const { t } = useLingui();
  const { data, error, mutate } = useMessageJobs(type);
  if (hideWhenEmpty && (!data || data.length === 0) && !error) return null;
  return (
    <Card title={<Trans>Sent before</Trans>} testId="job-history" className="mt-6">
      <Loaded
        data={data}
        error={error}
        failure={(e) => `${t`The sent messages could not be loaded.`} ${e.message}`}
        onRetry={() => void mutate()}
        keepData
        loading={<SkeletonLines lines={3} />}
        empty={
          data?.length === 0 && (
            <p className="text-sm text-gray-600" data-testid="job-history-empty">
              <Trans>
                Nothing sent yet. Every message you send shows up here, with how many mails went out and which failed.
              </Trans>
            </p>
          )
        }
      >
        {(jobs) => (
          <ul className="-mx-2 divide-y divide-gray-100">
            {jobs.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </ul>
        )}
      </Loaded>
    </Card>
  );
}

function JobRow({ job }: { job: MessageJob }) {
  const { t } = useLingui();
  const running = job.sendingStatus !== 'SENDING_FINISHED' && job.sendingStatus !== 'SCHEDULED';
  const { data: overview } = useJobOverview(job.id, running);
  return (
    <li>
      <Link
        href={`/messages/jobs/${job.id}`}
        className="block rounded-lg px-2 py-3 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
        data-testid="job-row"
        data-job-id={job.id}
      >
        <span className="flex items-start justify-between gap-3">
          <span className="min-w-0 font-medium break-words text-primary-800">{job.subject || t`(no subject)`}</span>
          <JobStatusBadge job={job} />
        </span>
        <span className="mt-0.5 block text-xs text-gray-600">
          {job.sendingStatus === 'SCHEDULED' ? (
            <span data-testid="job-row-send-at">
              <Trans>goes out on {formatTimestamp(job.sendAt)}</Trans>
            </span>
          ) : (
            <>
              <RelativeTime at={job.createdAt} /> ·{' '}
              <Plural value={job.numberOfMessageTasks} one="# mail" other="# mails" />
            </>
          )}
        </span>
        {running && overview && (
          <div className="mt-2">
            <JobProgress
              total={job.numberOfMessageTasks}
              sent={overview.numMessagesSucceeded}
              failed={overview.numMessagesFailed}
              compact
            />
          </div>
        )}
      </Link>
    </li>
  );
}
