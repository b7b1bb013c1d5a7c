import type { PaymentOrder } from '@contract/orders';
import { fullName } from '@domain/participants/names';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { formatTimestamp } from '../../components/dateFormat';
import { formatAmount } from '../../components/numberFormat';
import { usePaymentsFollowingActivities } from './hooks';
import { RefundDialog } from './RefundDialog';

/**
 * On the dashboard: people who paid when registering was no longer possible (the event full or closed meanwhile).
 * Their money is with the organiser until it is refunded, so each has a Refund button. Nothing shows otherwise,
 * nor while the payments load or cannot be loaded (the payments page says why).
 */
export function PaidNotRegisteredAlert() {
  const { i18n } = useLingui();
  const { data } = usePaymentsFollowingActivities();
  const [refunding, setRefunding] = useState<PaymentOrder | null>(null);
  const orders = data?.orders.filter((order) => order.status === 'PAID_NOT_REGISTERED') ?? [];
  const count = orders.length;
  // The dialog stays where it is when the last order is refunded and the alert goes.
  const dialog = <RefundDialog order={refunding} onClose={() => setRefunding(null)} />;
  return (
    <>
      {count > 0 && (
        <section
          aria-labelledby="paid-not-registered-title"
          className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6"
          data-testid="paid-not-registered-alert"
        >
          <h2 id="paid-not-registered-title" className="text-lg font-semibold">
            <Plural
              value={count}
              one="# person paid but is not registered"
              other="# people paid but are not registered"
            />
          </h2>
          <p className="mt-1 text-sm leading-relaxed">
            <Trans>
              The payment arrived when registering was no longer possible, for example because the registration had
              closed. Please pay the fee back.
            </Trans>
          </p>
          <ul className="mt-4 divide-y divide-amber-200 rounded-lg border border-amber-200 bg-white">
            {orders.map((order) => {
              const name = fullName(order) || order.email;
              const amount = formatAmount(order.amountCents, order.currency, i18n.locale);
              const paidAt = formatTimestamp(order.createdAt);
              return (
                <li
                  key={order.id}
                  className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
                  data-testid="paid-not-registered-order"
                >
                  <div className="min-w-0 text-sm">
                    <p className="font-semibold break-words text-gray-900">{name}</p>
                    <p className="truncate text-gray-600" title={order.email}>
                      {order.email}
                    </p>
                    <p className="text-gray-700">
                      <Trans>
                        {amount} · ordered on {paidAt}
                      </Trans>
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    className="shrink-0 self-start sm:self-center"
                    onClick={() => setRefunding(order)}
                    data-testid="paid-not-registered-refund"
                  >
                    <Trans>Refund {amount}</Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
          <Link
            href="/payments"
            className="mt-3 inline-block text-sm font-semibold text-amber-950 underline underline-offset-2"
          >
            <Trans>Go to the payments</Trans>
          </Link>
        </section>
      )}
      {dialog}
    </>
  );
}
