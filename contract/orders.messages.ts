/** Refusals of paid registrations and refunds as catalog descriptors (see validation-messages.ts). */
export const OrdersMessage = {
  noRegistrationFee: /*i18n*/ {
    id: 'payments.noRegistrationFee',
    message: 'This running dinner takes no registration fee: register without paying.',
  },
  notConfigured: /*i18n*/ {
    id: 'payments.notConfigured',
    message:
      'Card payments are not set up on this server, so the registration fee cannot be paid. Please tell the organiser.',
  },
  providerUnreachable: /*i18n*/ {
    id: 'payments.providerUnreachable',
    message: 'The payment service cannot be reached right now. Nothing was charged; please try again in a few minutes.',
  },
  invalidSignature: /*i18n*/ {
    id: 'payments.invalidSignature',
    message: 'The webhook signature is missing, wrong or too old',
  },
  refundNotPaid: /*i18n*/ {
    id: 'payments.refundNotPaid',
    message: 'This order has not been paid (yet), so there is nothing to refund.',
  },
  refundPaymentFailed: /*i18n*/ {
    id: 'payments.refundPaymentFailed',
    message: 'The payment of this order failed, so there is nothing to refund.',
  },
  refundNoPayment: /*i18n*/ {
    id: 'payments.refundNoPayment',
    message:
      'Stripe named no payment for this order, so it cannot be refunded here. Please refund it in your Stripe dashboard.',
  },
  refundRefused: /*i18n*/ {
    id: 'payments.refundRefused',
    message: 'Stripe refused to refund this payment. Please look at it in your Stripe dashboard.',
  },
  refundProviderUnreachable: /*i18n*/ {
    id: 'payments.refundProviderUnreachable',
    message:
      'The payment service cannot be reached right now, so the refund is not confirmed. Please try again in a few minutes: the fee is never refunded twice.',
  },
  /** The header of the participants export's payment column. */
  exportColumn: /*i18n*/ { id: 'payments.exportColumn', message: 'Payment' },
};
