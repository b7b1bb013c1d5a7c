import { type PaymentOrder, REFUNDABLE_STATUSES } from '@contract/orders';

// The organiser's payments: GET …/payments (PaymentsList), POST …/payments/:orderId/refund (RefundResult); the wire
// types are in orders.schema.ts.

/** The API paths (relative to /rest, as swr keys and `api` take them). */
export const paymentOptionsPath = (adminId: string, suffix = '') =>
  `/paymentoptionsservice/v1/runningdinner/${adminId}${suffix}`;
export const paymentsKey = (adminId: string) => paymentOptionsPath(adminId, '/payments');
export const refundPath = (adminId: string, orderId: string) =>
  paymentOptionsPath(adminId, `/payments/${orderId}/refund`);

/** Orders the organiser can pay back: the money is with the organiser's Stripe account. */
export const isRefundable = (order: PaymentOrder) => (REFUNDABLE_STATUSES as readonly string[]).includes(order.status);
