// The refusals of the mail kernel as catalog descriptors.

export const MailMessage = {
  eventMailsUsedUp: /*i18n*/ {
    id: 'error.eventMailsUsedUp',
    message: 'This running dinner has sent as many mails today as it may. Please try again tomorrow.',
  },
} as const;
