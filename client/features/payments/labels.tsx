import type { OrderStatus } from '@contract/orders';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

const statusLabel: Record<OrderStatus, ReactNode> = {
  PAID: <Trans>Paid</Trans>,
  PENDING: <Trans>Payment pending</Trans>,
  FAILED: <Trans>Payment failed</Trans>,
  REFUNDED: <Trans>Refunded</Trans>,
  PAID_NOT_REGISTERED: <Trans>Paid, not registered</Trans>,
};

const statusClass: Record<OrderStatus, string> = {
  PAID: 'bg-primary-50 text-primary-800 ring-primary-200',
  PENDING: 'bg-gray-100 text-gray-700 ring-gray-200',
  FAILED: 'bg-red-50 text-red-800 ring-red-200',
  REFUNDED: 'bg-gray-100 text-gray-700 ring-gray-200',
  PAID_NOT_REGISTERED: 'bg-amber-50 text-amber-900 ring-amber-300',
};

/** What an order's status means for the organiser, in a word or two. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${statusClass[status]}`}
      data-testid="order-status"
      data-status={status}
    >
      {statusLabel[status]}
    </span>
  );
}

/** One sentence on what happened and what is left to do, for the states that are not plain. */
export const statusExplanation: Partial<Record<OrderStatus, ReactNode>> = {
  PENDING: <Trans>Not paid yet: the payment was started but not finished, or the bank has not confirmed it.</Trans>,
  FAILED: <Trans>The bank refused the payment; the person is not registered.</Trans>,
  PAID_NOT_REGISTERED: (
    <Trans>The payment arrived when registering was no longer possible. Please pay the fee back.</Trans>
  ),
};
