// Isomorphic: the texts of the payment options (registration fees) as catalog descriptors (server answers, client shows).

export const PaymentOptionsMessage = {
  price: /*i18n*/ {
    id: 'validation.paymentPrice',
    message: "Please enter the price in euros with '.' as the decimal separator and at most 2 decimals, e.g. 19.99",
  },
  priceRange: /*i18n*/ {
    id: 'validation.paymentPriceRange',
    message: 'The price must be between 0.50 € and 10,000.00 €',
  },
  httpsLink: /*i18n*/ { id: 'validation.httpsLink', message: 'Please enter a complete link that starts with https://' },
  optionsExist: /*i18n*/ {
    id: 'payments.optionsExist',
    message: 'This running dinner already has payment options. Change them instead of creating new ones.',
  },
  priceFixed: /*i18n*/ {
    id: 'payments.priceFixed',
    message: 'Participants have already paid the registration fee, so the price can no longer change.',
  },
  providerMissing: /*i18n*/ {
    id: 'payments.providerMissing',
    message:
      'Card payments are not set up on this server, so no fee can be taken: whoever runs it first sets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. Until then registering stays free.',
  },
  optionsFixed: /*i18n*/ {
    id: 'payments.optionsFixed',
    message: 'Participants have already paid the registration fee, so the payment options can no longer be removed.',
  },
} as const;
