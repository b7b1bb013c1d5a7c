// Isomorphic: the wire types of paid registrations (/rest/frontend/v1/runningdinner/:publicDinnerId/order), of the
// organiser's list of payments and refunds (/rest/paymentoptionsservice/v1/runningdinner/:adminId/payments) and of
// an order's live status (/sse/frontend/v1/runningdinner/:publicDinnerId/order/:orderId/events).

/**
 * PENDING: the registration waits for Stripe's word. PAID: paid and registered. PAID_NOT_REGISTERED: paid when the
 * registration had become impossible (refunded by the organiser). FAILED: a delayed payment method failed.
 * REFUNDED: the organiser gave the fee back.
 */
export type OrderStatus = 'PENDING' | 'PAID' | 'PAID_NOT_REGISTERED' | 'FAILED' | 'REFUNDED';

/** The statuses the organiser can refund. */
export const REFUNDABLE_STATUSES = ['PAID', 'PAID_NOT_REGISTERED'] as const satisfies readonly OrderStatus[];

/** POST …/order: where the participant pays. */
export interface OrderCreated {
  orderId: string;
  checkoutUrl: string;
}

/** GET …/order/:orderId */
export interface OrderState {
  orderId: string;
  status: OrderStatus;
}

/**
 * GET /sse/frontend/v1/runningdinner/:publicDinnerId/order/:orderId/events — one event type, `status`, sent once the
 * order left PENDING; the stream closes after it. An order no longer PENDING when the stream opens answers 204 (read
 * GET …/order/:orderId then); another event's or an unknown order 404.
 */
export const ORDER_STATUS_EVENT = 'status';
export type OrderStatusEvent = OrderState;

/** One order as the organiser sees it. */
export interface PaymentOrder {
  id: string;
  email: string;
  firstnamePart: string;
  lastname: string;
  /** The whole fee of the order (twice the price for a partner registered together), in cents. */
  amountCents: number;
  currency: string;
  status: OrderStatus;
  /** The participant the order registered (PAID, or REFUNDED after PAID); null otherwise or once removed. */
  participantId: string | null;
  /** ISO instant. */
  createdAt: string;
}

interface PaymentTotals {
  /** Paid and not given back: the orders PAID and PAID_NOT_REGISTERED. */
  paidCents: number;
  /** Given back: the orders REFUNDED. */
  refundedCents: number;
  /** Orders waiting for Stripe's word. */
  pendingCount: number;
  /** Paid orders that could not register anyone: the organiser should refund them. */
  paidNotRegisteredCount: number;
  currency: string;
}

/** GET /rest/paymentoptionsservice/v1/runningdinner/:adminId/payments — newest order first. */
export interface PaymentsList {
  /** Whether this server can take and refund card payments (a Stripe key is set). */
  stripeConfigured: boolean;
  orders: PaymentOrder[];
  totals: PaymentTotals;
}

/**
 * POST …/payments/:orderId/refund — `refunded` is false when the order had been refunded before (nothing changed).
 * 409 order_not_refundable for an order not paid (PENDING, FAILED), refund_refused when Stripe refuses, and
 * payments_not_configured without a Stripe key; 503 payment_provider_unreachable when Stripe cannot be reached
 * (trying again never refunds twice); 404 for another event's or an unknown order.
 */
export interface RefundResult {
  order: PaymentOrder;
  refunded: boolean;
}
