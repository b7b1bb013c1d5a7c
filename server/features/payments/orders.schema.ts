// Isomorphic: the wire types of paid registrations (/rest/frontend/v1/runningdinner/:publicDinnerId/order).

/**
 * PENDING: the registration waits for Stripe's word. PAID: paid and registered. PAID_NOT_REGISTERED: paid when the
 * registration had become impossible (refunded by the organiser). FAILED: a delayed payment method failed.
 */
export type OrderStatus = 'PENDING' | 'PAID' | 'PAID_NOT_REGISTERED' | 'FAILED' | 'REFUNDED';

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
