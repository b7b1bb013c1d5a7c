/** Why a mail did not arrive, as the mail server or the provider's report says. */
export const MAIL_FAILURE_TYPES = ['BLOCKED', 'BOUNCE', 'INVALID_EMAIL', 'SPAM'] as const;
export type MailFailureType = (typeof MAIL_FAILURE_TYPES)[number];
