// Isomorphic: the refusals of the messaging centre as catalog descriptors (server answers, client shows).

export const MessagesMessage = {
  messagingLocked: /*i18n*/ {
    id: 'error.messagingLocked',
    message:
      'Messages can be sent once you have confirmed your e-mail address with the link in the mail we sent you when you created the running dinner.',
  },
  noRecipients: /*i18n*/ { id: 'validation.noRecipients', message: 'A message needs at least one recipient' },
  noUpdates: /*i18n*/ {
    id: 'validation.noUpdates',
    message: 'Nobody needs an update: every team and route is as the mails told it.',
  },
  jobTooLarge: /*i18n*/ {
    id: 'error.mailJobTooLarge',
    message:
      'One message may go to at most {max} recipients; this one has {count}. Please choose fewer recipients and send the rest in a second message.',
  },
  dailyLimit: /*i18n*/ {
    id: 'error.mailDailyLimit',
    message:
      'A running dinner may send at most {max} mails a day; {left} are left today and this message has {count} recipients. Please send it tomorrow or to fewer recipients.',
  },
  resendLimit: /*i18n*/ {
    id: 'error.mailResendLimit',
    message: 'This mail was sent again {max} times already; it cannot be sent again.',
  },
  recipientGone: /*i18n*/ {
    id: 'error.mailRecipientGone',
    message: 'The participant this mail was for has been deleted; it cannot be sent again.',
  },
  jobStarted: /*i18n*/ {
    id: 'error.messageJobStarted',
    message: 'This message has already started going out; it can no longer be moved or cancelled.',
  },
  taskInProgress: /*i18n*/ {
    id: 'error.mailTaskInProgress',
    message: 'This mail is still on its way and cannot be sent again yet.',
  },
  noInvitationToResend: /*i18n*/ {
    id: 'error.noInvitationToResend',
    message: 'There is no invitation to send again: the wished partner is already registered, or there is no wish.',
  },
} as const;
