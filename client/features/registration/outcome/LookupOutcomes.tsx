import type { PublicRunningDinner } from '@contract/registration';
import { Trans } from '@lingui/react/macro';
import { Button } from '../../../components/Button';
import { Skeleton } from '../../../components/Skeleton';
import type { ApiError } from '../../../lib/api';
import { OutcomeCard, Spinner } from './OutcomeCard';
import { EventPageLink, OrganiserMail } from './OutcomeLinks';

// While the order is looked up, and when that fails.

export function Loading({ dinner }: { dinner?: PublicRunningDinner }) {
  return (
    <OutcomeCard
      tone="neutral"
      status="LOADING"
      title={<Trans>Checking your payment…</Trans>}
      icon={<Spinner />}
      dinner={dinner}
    >
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-4 w-2/3" />
    </OutcomeCard>
  );
}

export function Failure({
  error,
  dinner,
  publicDinnerId,
  onRetry,
}: {
  error: ApiError;
  dinner?: PublicRunningDinner;
  publicDinnerId: string;
  onRetry: () => void;
}) {
  if (error.status === 404) {
    return (
      <OutcomeCard
        tone="warning"
        status="UNKNOWN"
        title={<Trans>We cannot find this payment</Trans>}
        dinner={dinner}
        actions={<EventPageLink publicDinnerId={publicDinnerId} variant="primary" />}
      >
        <p>
          <Trans>
            Maybe the link is incomplete. If you have paid, you get an e-mail as soon as your registration is confirmed.
          </Trans>
        </p>
        <OrganiserMail dinner={dinner} />
      </OutcomeCard>
    );
  }
  return (
    <OutcomeCard
      tone="error"
      status="ERROR"
      title={<Trans>We cannot show the state of your payment right now</Trans>}
      dinner={dinner}
      actions={
        <Button onClick={onRetry} className="w-full px-5 py-2.5 text-base sm:w-auto">
          <Trans>Try again</Trans>
        </Button>
      }
    >
      <p>{error.message}</p>
      <p className="text-gray-700">
        <Trans>If you have paid, that is not lost: you get an e-mail as soon as your registration is confirmed.</Trans>
      </p>
    </OutcomeCard>
  );
}
