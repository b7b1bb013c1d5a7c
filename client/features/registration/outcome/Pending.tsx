import type { PublicRunningDinner } from '@contract/registration';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { OutcomeCard, Spinner } from './OutcomeCard';

export function Pending({ dinner, live }: { dinner?: PublicRunningDinner; live: boolean }) {
  const slow = useTakingLong(true, SLOW_AFTER_MS);
  return (
    <OutcomeCard
      tone="neutral"
      status="PENDING"
      title={<Trans>Your payment is being confirmed…</Trans>}
      icon={<Spinner />}
      dinner={dinner}
      live={live}
    >
      <p>
        <Trans>
          Thank you! We are waiting for the payment service to confirm your payment. This usually takes a few seconds,
          and the result appears here by itself.
        </Trans>
      </p>
      {slow && (
        <p data-testid="payment-slow">
          <Trans>
            This is taking longer than usual. Some payment methods need a few days. As soon as your payment is
            confirmed, we register you and send you an e-mail, so you may close this page.
          </Trans>
        </p>
      )}
      <p className="flex items-center gap-2 text-sm text-gray-600">
        <span
          aria-hidden="true"
          className={`inline-block h-2 w-2 rounded-full ${live ? 'bg-primary-600' : 'bg-gray-400'}`}
        />
        {live ? (
          <Trans>Connected: the confirmation shows up here at once.</Trans>
        ) : (
          <Trans>We check again every few seconds.</Trans>
        )}
      </p>
    </OutcomeCard>
  );
}

/** After this long without an outcome the page says that some payment methods take longer. */
const SLOW_AFTER_MS = 20_000;

/** True once `ms` have passed while `active` stayed true. */
function useTakingLong(active: boolean, ms: number) {
  const [long, setLong] = useState(false);
  useEffect(() => {
    setLong(false);
    if (!active) return;
    const timer = setTimeout(() => setLong(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return long;
}
