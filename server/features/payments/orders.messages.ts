/** Refusals of paid registrations as catalog descriptors (see validation-messages.ts). */
export const OrdersMessage = {
  noRegistrationFee: /*i18n*/ { id: 'payments.noRegistrationFee', message: 'This running dinner takes no registration fee: register without paying.' },
  notConfigured: /*i18n*/ {
    id: 'payments.notConfigured',
    message: 'Card payments are not set up on this server, so the registration fee cannot be paid. Please tell the organiser.',
  },
  providerUnreachable: /*i18n*/ {
    id: 'payments.providerUnreachable',
    message: 'The payment service cannot be reached right now. Nothing was charged; please try again in a few minutes.',
  },
  invalidSignature: /*i18n*/ { id: 'payments.invalidSignature', message: 'The webhook signature is missing, wrong or too old' },
};
