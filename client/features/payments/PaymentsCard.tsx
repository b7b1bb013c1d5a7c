import type { OrderStatus, PaymentOrder, PaymentsList } from '@contract/orders';
import { fullName } from '@domain/participants/names';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { SelectField } from '../../components/form';
import { formatAmount } from '../../components/numberFormat';
import { RelativeTime } from '../../components/RelativeTime';
import { type Column, StackedTable } from '../../components/Table';
import { isRefundable } from './api';
import { OrderStatusBadge, statusExplanation } from './labels';

function Total({
  label,
  value,
  tone = 'plain',
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  tone?: 'plain' | 'warning';
  testId: string;
}) {
  const tones = { plain: 'border-gray-200 bg-gray-50', warning: 'border-amber-300 bg-amber-50' };
  return (
    <div className={`rounded-lg border px-3 py-2.5 ${tones[tone]}`} data-testid={testId}>
      <dt className="text-xs font-medium text-gray-700">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold tabular-nums text-gray-900">{value}</dd>
    </div>
  );
}

/** The sums over every order: what came in, what went back, what is still open. */
function PaymentTotals({ data }: { data: PaymentsList }) {
  const { i18n } = useLingui();
  const { totals } = data;
  const money = (cents: number) => formatAmount(cents, totals.currency, i18n.locale);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="payment-totals">
      <Total label={<Trans>Paid, not refunded</Trans>} value={money(totals.paidCents)} testId="total-paid" />
      <Total label={<Trans>Refunded</Trans>} value={money(totals.refundedCents)} testId="total-refunded" />
      <Total label={<Trans>Pending</Trans>} value={totals.pendingCount} testId="total-pending" />
      <Total
        label={<Trans>Paid, not registered</Trans>}
        value={totals.paidNotRegisteredCount}
        tone={totals.paidNotRegisteredCount > 0 ? 'warning' : 'plain'}
        testId="total-paid-not-registered"
      />
    </dl>
  );
}

type Filter = 'ALL' | OrderStatus;
const FILTER_FROM = 8;

const cell = 'md:table-cell md:px-3 md:py-3 md:align-top';

/** Every order, newest first: a table on wide screens, stacked rows on phones. Paid ones can be refunded. */
function OrdersTable({ orders, onRefund }: { orders: PaymentOrder[]; onRefund: (order: PaymentOrder) => void }) {
  const { t } = useLingui();
  const [filter, setFilter] = useState<Filter>('ALL');
  const count = (status: OrderStatus) => orders.filter((o) => o.status === status).length;
  const filterOptions: { value: Filter; label: string }[] = [
    { value: 'ALL', label: t`All orders (${orders.length})` },
    { value: 'PAID', label: t`Paid (${count('PAID')})` },
    { value: 'PAID_NOT_REGISTERED', label: t`Paid, not registered (${count('PAID_NOT_REGISTERED')})` },
    { value: 'PENDING', label: t`Payment pending (${count('PENDING')})` },
    { value: 'FAILED', label: t`Payment failed (${count('FAILED')})` },
    { value: 'REFUNDED', label: t`Refunded (${count('REFUNDED')})` },
  ];
  const shown = filter === 'ALL' ? orders : orders.filter((o) => o.status === filter);
  const columns: Column[] = [
    { label: <Trans>Person</Trans>, className: 'px-3 py-2' },
    { label: <Trans>Amount</Trans>, className: 'w-28 px-3 py-2 text-right' },
    { label: <Trans>Status</Trans>, className: 'w-[30%] px-3 py-2' },
    { label: <Trans>Ordered</Trans>, className: 'w-32 px-3 py-2' },
    { label: <span className="sr-only">{t`Actions`}</span>, className: 'w-28 px-3 py-2' },
  ];
  return (
    <>
      {orders.length >= FILTER_FROM && (
        <SelectField
          name="orderFilter"
          label={<Trans>Show</Trans>}
          value={filter}
          onChange={setFilter}
          options={filterOptions}
          className="mb-4 sm:max-w-xs"
        />
      )}
      <StackedTable
        caption={t`Payments of the registrations`}
        columns={columns}
        className="md:table-fixed"
        testId="orders"
      >
        {shown.map((order) => (
          <OrderRow key={order.id} order={order} onRefund={onRefund} />
        ))}
      </StackedTable>
      {shown.length === 0 && (
        <p className="py-4 text-sm text-gray-600" data-testid="orders-filter-empty">
          <Trans>No orders with this status.</Trans>
        </p>
      )}
    </>
  );
}

function OrderRow({ order, onRefund }: { order: PaymentOrder; onRefund: (order: PaymentOrder) => void }) {
  const { t, i18n } = useLingui();
  const name = fullName(order) || order.email;
  const explanation = statusExplanation[order.status];
  return (
    <tr
      data-testid="order-row"
      data-order-id={order.id}
      data-status={order.status}
      className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1.5 py-3 hover:bg-gray-50 md:table-row md:py-0"
    >
      <td className={`col-start-1 row-start-1 min-w-0 ${cell}`}>
        {order.participantId ? (
          <Link
            href={`/participants/${order.participantId}`}
            className="font-semibold break-words text-gray-900 underline-offset-2 hover:text-primary-700 hover:underline"
            data-testid="order-name"
          >
            {name}
          </Link>
        ) : (
          <span className="font-semibold break-words text-gray-900" data-testid="order-name">
            {name}
          </span>
        )}
        <span className="block truncate text-gray-600" title={order.email}>
          {order.email}
        </span>
      </td>
      <td
        className={`col-start-2 row-start-1 text-right font-semibold tabular-nums whitespace-nowrap text-gray-900 ${cell}`}
        data-testid="order-amount"
      >
        {formatAmount(order.amountCents, order.currency, i18n.locale)}
      </td>
      <td className={`col-span-2 min-w-0 ${cell}`}>
        <OrderStatusBadge status={order.status} />
        {explanation && <span className="mt-1 block text-xs leading-snug text-gray-600">{explanation}</span>}
      </td>
      <td className={`col-start-1 self-center text-xs text-gray-600 md:text-sm ${cell}`}>
        <RelativeTime at={order.createdAt}>
          <span className="md:hidden">{t`Ordered`} </span>
        </RelativeTime>
      </td>
      <td className={`col-start-2 text-right ${cell} md:py-2`}>
        {isRefundable(order) && (
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            onClick={() => onRefund(order)}
            data-testid="order-refund"
            aria-label={t`Refund the payment of ${name}`}
          >
            <Trans>Refund</Trans>
          </Button>
        )}
      </td>
    </tr>
  );
}

/** "3 orders", for the card's heading. */
function OrderCount({ count }: { count: number }) {
  return <Plural value={count} one="# order" other="# orders" />;
}

/** The card of the orders: totals, then the list or what to do to get the first. */
export function PaymentsCard({
  data,
  hasFee,
  onRefund,
}: {
  data: PaymentsList;
  hasFee: boolean;
  onRefund: (order: PaymentOrder) => void;
}) {
  const { orders } = data;
  return (
    <Card
      title={<Trans>Registration payments</Trans>}
      action={
        orders.length > 0 && (
          <span className="text-sm text-gray-600">
            <OrderCount count={orders.length} />
          </span>
        )
      }
      testId="payments-card"
    >
      {orders.length === 0 ? (
        <p className="text-sm text-gray-600" data-testid="payments-empty">
          {!hasFee ? (
            <Trans>
              No payments yet. Once you set a registration fee, everyone who registers pays it, and each payment shows
              up here.
            </Trans>
          ) : !data.stripeConfigured ? (
            <Trans>
              No payments yet. Once card payments are set up on this server, each payment of a registration shows up
              here.
            </Trans>
          ) : (
            <Trans>
              No payments yet. Share the registration link: everyone who registers pays the fee, and each payment shows
              up here.
            </Trans>
          )}
        </p>
      ) : (
        <div className="space-y-5">
          <PaymentTotals data={data} />
          <OrdersTable orders={orders} onRefund={onRefund} />
        </div>
      )}
    </Card>
  );
}
