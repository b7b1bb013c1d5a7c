import type { OrderState } from '@contract/orders';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import type { ApiError } from '../../lib/api';
import { useEventSource } from '../../lib/useEventSource';
import { usePageTitle } from '../landing/LandingLayout';
import { Failure, Loading } from './outcome/LookupOutcomes';
import { Pending } from './outcome/Pending';
import { Failed, Paid, PaidNotRegistered, Refunded } from './outcome/SettledOutcomes';
import { forgetRegistration, markReturned, orderEventsUrl, useOrderState } from './payment';
import { publicDinnerUrl, usePublicDinner } from './registration.api';

/** How often the status is asked for while the live stream is not open (refused, not yet open, or behind a proxy). */
const FALLBACK_POLL_MS = 3_000;

const isOrderState = (data: unknown, orderId: string): data is OrderState =>
  typeof data === 'object' &&
  data !== null &&
  (data as OrderState).orderId === orderId &&
  typeof (data as OrderState).status === 'string';

/**
 * The order's status, followed live while it is PENDING: the stream's `status` events replace it in swr; while the
 * stream is not open (or answers 204 because the order became final meanwhile) the status is asked for every few
 * seconds instead. Only GETs: looking at the page never changes the order.
 */
function useLiveOrder(publicDinnerId: string, orderId: string, follow: boolean) {
  const { data: order, error, mutate } = useOrderState(publicDinnerId, orderId);
  const pending = follow && order?.status === 'PENDING';
  const { live } = useEventSource(
    pending ? orderEventsUrl(publicDinnerId, orderId) : null,
    {
      status: (data) => {
        if (isOrderState(data, orderId)) void mutate(data, { revalidate: false });
      },
    },
    { onPoll: () => void mutate(), pollMs: FALLBACK_POLL_MS },
  );
  // The status may have changed between the first answer and the stream's opening: asked for once more.
  useEffect(() => {
    if (live) void mutate();
  }, [live, mutate]);
  useEffect(() => {
    if (!pending || live) return;
    const timer = setInterval(() => void mutate(), FALLBACK_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, live, mutate]);
  return { order, error, live, retry: () => void mutate() };
}

/**
 * Stripe's cancel_url (`?cancelled`): nothing was paid. The order's state is asked once (a paid one shows its outcome
 * instead); otherwise the form on the event page gets its data back with a note (see payment.ts).
 */
function useBackToFormWhenCancelled(
  cancelled: boolean,
  publicDinnerId: string,
  orderId: string,
  order: OrderState | undefined,
  error: ApiError | undefined,
) {
  const [, navigate] = useLocation();
  const unpaid = order?.status === 'PENDING' || order?.status === 'FAILED' || (error !== undefined && !order);
  const back = cancelled && unpaid;
  useEffect(() => {
    if (!back) return;
    markReturned(publicDinnerId, orderId, 'cancelled');
    navigate(publicDinnerUrl(publicDinnerId), { replace: true });
  }, [back, publicDinnerId, orderId, navigate]);
  // Paid after all: the outcome, under the address without `?cancelled`.
  const paidAfterAll = cancelled && order !== undefined && !unpaid;
  useEffect(() => {
    if (paidAfterAll) navigate(window.location.pathname, { replace: true });
  }, [paidAfterAll, navigate]);
  return cancelled;
}

/** /running-dinner-events/{publicDinnerId}/payment/{orderId}: where Stripe sends the participant back after paying (or cancelling). */
export default function PaymentPage() {
  const { t } = useLingui();
  usePageTitle(t`Your payment`);
  const { publicDinnerId = '', orderId = '' } = useParams<{ publicDinnerId: string; orderId: string }>();
  const cancelled = new URLSearchParams(useSearch()).has('cancelled');
  const { data: dinner } = usePublicDinner(publicDinnerId);
  const { order, error, live, retry } = useLiveOrder(publicDinnerId, orderId, !cancelled);
  const status = order?.status;
  const leaving = useBackToFormWhenCancelled(cancelled, publicDinnerId, orderId, order, error);

  // Paid (or refunded): the form kept for coming back is not needed any more.
  useEffect(() => {
    if (status && status !== 'PENDING' && status !== 'FAILED') forgetRegistration(publicDinnerId);
  }, [status, publicDinnerId]);

  if (leaving) return <Loading dinner={dinner} />;
  if (!order && error) return <Failure error={error} dinner={dinner} publicDinnerId={publicDinnerId} onRetry={retry} />;
  switch (status) {
    case undefined:
      return <Loading dinner={dinner} />;
    case 'PENDING':
      return <Pending dinner={dinner} live={live} />;
    case 'PAID':
      return <Paid dinner={dinner} publicDinnerId={publicDinnerId} />;
    case 'PAID_NOT_REGISTERED':
      return <PaidNotRegistered dinner={dinner} publicDinnerId={publicDinnerId} />;
    case 'FAILED':
      return <Failed dinner={dinner} publicDinnerId={publicDinnerId} orderId={orderId} />;
    case 'REFUNDED':
      return <Refunded dinner={dinner} publicDinnerId={publicDinnerId} />;
  }
}
