import type { RunningDinner } from '@contract/dinner';
import { ROUTE_MAILS_DAYS_BEFORE } from '@domain/events/dinner';
import { addDays } from '@domain/local-dates';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { formatDate, formatTimestamp } from '../../components/dateFormat';
import { useLiveMessageJobs, useMessageJobs } from '../messages/hooks';

/**
 * When the dinner routes go out: a scheduled sending with its time, one going out right now (live), or the
 * suggestion to send them three days before the dinner.
 */
export function RouteMailsTiming({ dinner, sent }: { dinner: RunningDinner; sent: boolean }) {
  useLiveMessageJobs({ type: 'DINNER_ROUTE' });
  const { data: jobs } = useMessageJobs('DINNER_ROUTE');
  const scheduled = jobs?.find((job) => job.sendingStatus === 'SCHEDULED');
  const going = jobs?.find((job) => job.sendingStatus === 'QUEUED' || job.sendingStatus === 'SENDING_STARTED');
  if (going)
    return (
      <span className="block" data-testid="routes-going-out">
        <Link href={`/messages/jobs/${going.id}`} className="font-semibold underline underline-offset-2">
          <Trans>The dinner routes are going out right now.</Trans>
        </Link>
      </span>
    );
  if (scheduled) {
    const at = formatTimestamp(scheduled.sendAt);
    return (
      <span className="block" data-testid="routes-scheduled">
        <Link href={`/messages/jobs/${scheduled.id}`} className="font-semibold underline underline-offset-2">
          <Trans>The dinner routes are scheduled for {at}.</Trans>
        </Link>
      </span>
    );
  }
  if (sent) return null;
  const days = ROUTE_MAILS_DAYS_BEFORE;
  const day = formatDate(addDays(dinner.basicDetails.date, -days));
  return (
    <span className="block" data-testid="routes-suggested">
      <Trans>
        Best {days} days before the dinner, on {day}: when you send them, you can choose that time.
      </Trans>
    </span>
  );
}
