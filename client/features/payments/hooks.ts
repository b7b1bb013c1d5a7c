import type { PaymentsList, RefundResult } from '@contract/orders';
import type { PaymentOptions } from '@contract/payment-options';
import { useEffect, useRef } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { type ApiError, adminPath, api } from '../../lib/api';
import { useActivities, useAdminId } from '../admin/hooks';
import { paymentOptionsPath, paymentsKey, refundPath } from './api';

/** The event's registration fee, or null when it takes none. */
export function usePaymentOptions() {
  return useSWR<PaymentOptions | null, ApiError>(paymentOptionsPath(useAdminId()));
}

/** Whether Stripe is set up, the orders newest first and their totals; shared by the payments page and the dashboard. */
function usePayments() {
  return useSWR<PaymentsList, ApiError>(paymentsKey(useAdminId()));
}

/** The options' body as the form sends it: the price as typed, empty links as null. */
export interface PaymentOptionsInput {
  brandName: string;
  pricePerRegistration: string;
  agbLink: string | null;
  redirectAfterPurchaseLink: string | null;
}

/** Create, change and remove the options; the cache follows each answer, and the activities gain an entry. */
export function usePaymentOptionsActions() {
  const adminId = useAdminId();
  const { mutate } = useSWRConfig();
  const key = paymentOptionsPath(adminId);
  const settle = async (options: PaymentOptions | null) => {
    await mutate(key, options, { revalidate: false });
    void mutate(adminPath(adminId, '/activities'));
    return options;
  };
  return {
    save: async (current: PaymentOptions | null, input: PaymentOptionsInput) =>
      settle(
        current
          ? await api.put<PaymentOptions>(paymentOptionsPath(adminId, `/${current.id}`), input)
          : await api.post<PaymentOptions>(key, input),
      ),
    remove: async (current: PaymentOptions) => {
      await api.delete<null>(paymentOptionsPath(adminId, `/${current.id}`));
      return settle(null);
    },
  };
}

/** Pays an order back; the list and its totals follow, the dashboard's alert too. */
export function useRefund() {
  const adminId = useAdminId();
  const { mutate } = useSWRConfig();
  return async (orderId: string): Promise<RefundResult> => {
    const answer = await api.post<RefundResult>(refundPath(adminId, orderId));
    await mutate<PaymentsList>(
      paymentsKey(adminId),
      (overview) =>
        overview && {
          ...overview,
          orders: overview.orders.map((order) => (order.id === answer.order.id ? answer.order : order)),
        },
      { revalidate: true },
    );
    void mutate(adminPath(adminId, '/activities'));
    return answer;
  };
}

/**
 * Asks for the payments again whenever the activities gain an entry: a paid registration, a payment that arrived too
 * late and a refund each add one, and the dinner's live events keep the activities current.
 */
export function usePaymentsFollowingActivities() {
  const payments = usePayments();
  const newest = useActivities().data?.activities[0]?.id;
  const seen = useRef<string | undefined>(undefined);
  const { mutate } = payments;
  useEffect(() => {
    if (!newest) return;
    if (seen.current !== undefined && seen.current !== newest) void mutate();
    seen.current = newest;
  }, [newest, mutate]);
  return payments;
}
