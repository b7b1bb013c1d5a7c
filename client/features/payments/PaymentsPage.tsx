import type { RunningDinner } from '@contract/dinner';
import type { PaymentOrder } from '@contract/orders';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Card } from '../../components/Card';
import { PageTitle } from '../../components/PageTitle';
import { RetryLine } from '../../components/RetryLine';
import { Skeleton, SkeletonLines } from '../../components/Skeleton';
import { isReadOnly } from '../admin/hooks';
import { useLiveDinnerUpdates } from '../participants/hooks';
import { FeeCard } from './FeeCard';
import { usePaymentOptions, usePaymentsFollowingActivities } from './hooks';
import { PaymentsCard } from './PaymentsCard';
import { RefundDialog } from './RefundDialog';
import { StripeSetupNotice } from './StripeSetupNotice';

function FormSkeleton() {
  return (
    <Card testId="payment-options-loading">
      <div role="status">
        <span className="sr-only">
          <Trans>Loading the registration fee…</Trans>
        </span>
        <Skeleton className="mb-5 h-6 w-48" />
        <div className="space-y-5">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      </div>
    </Card>
  );
}

function PaymentsSkeleton() {
  return (
    <Card title={<Trans>Registration payments</Trans>} testId="payments-loading">
      <div role="status">
        <span className="sr-only">
          <Trans>Loading the payments…</Trans>
        </span>
        <SkeletonLines lines={4} />
      </div>
    </Card>
  );
}

/** /payments — the registration fee of the event, whether the server can take it, and every payment with its refund. */
export function PaymentsPage({ dinner }: { dinner: RunningDinner }) {
  const { t } = useLingui();
  const readOnly = isReadOnly(dinner);
  const options = usePaymentOptions();
  const payments = usePaymentsFollowingActivities();
  const [refunding, setRefunding] = useState<PaymentOrder | null>(null);
  // A paid registration arrives as a participant event: the list follows it.
  useLiveDinnerUpdates();

  const hasFee = options.data != null;
  const form =
    options.error && options.data === undefined ? (
      <Card title={<Trans>Registration fee</Trans>}>
        <RetryLine
          message={`${t`The registration fee could not be loaded.`} ${options.error.message}`}
          onRetry={() => void options.mutate()}
        />
      </Card>
    ) : options.data === undefined || (!payments.data && !payments.error) ? (
      <FormSkeleton />
    ) : (
      <FeeCard
        dinner={dinner}
        options={options.data}
        readOnly={readOnly}
        stripeConfigured={payments.data?.stripeConfigured ?? true}
      />
    );
  const list = payments.error ? (
    <Card title={<Trans>Registration payments</Trans>} testId="payments-card">
      <RetryLine
        message={`${t`The payments could not be loaded.`} ${payments.error.message}`}
        onRetry={() => void payments.mutate()}
      />
    </Card>
  ) : !payments.data || options.data === undefined ? (
    <PaymentsSkeleton />
  ) : (
    <PaymentsCard data={payments.data} hasFee={hasFee} onRefund={setRefunding} />
  );

  return (
    <div className="max-w-4xl">
      <PageTitle
        sub={
          readOnly ? (
            <Trans>Read-only: the fee can no longer change, but you can still refund payments.</Trans>
          ) : (
            <Trans>
              Charge a registration fee that people pay by card when they register, and keep track of every payment.
            </Trans>
          )
        }
      >
        <Trans>Payments</Trans>
      </PageTitle>
      <div className="space-y-6">
        {payments.data?.stripeConfigured === false && <StripeSetupNotice />}
        {form}
        {list}
      </div>
      <RefundDialog order={refunding} onClose={() => setRefunding(null)} />
    </div>
  );
}
