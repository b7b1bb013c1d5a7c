import { Trans } from '@lingui/react/macro';
import { formatTimestamp } from '../../components/dateFormat';
import { useMailServerStatus } from './hooks';

/** While the mail server fails every attempt: nothing is lost, the mails wait in the queue. */
export function MailServerBanner() {
  const { data } = useMailServerStatus();
  if (!data?.outage) return null;
  return (
    <div
      role="status"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="mail-outage"
    >
      <p className="font-semibold">
        {data.since ? (
          <Trans>The mail server has not been reachable since {formatTimestamp(data.since)}.</Trans>
        ) : (
          <Trans>The mail server cannot be reached at the moment.</Trans>
        )}
      </p>
      <p className="mt-1">
        <Trans>Nothing is lost: your mails are queued and go out as soon as the mail server is back.</Trans>
      </p>
    </div>
  );
}
