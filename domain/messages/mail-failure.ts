/** Why a mail did not arrive, as the mail server or the provider's report says. */
export const MAIL_FAILURE_TYPES = ['BLOCKED', 'BOUNCE', 'INVALID_EMAIL', 'SPAM'] as const;
type ReportedFailureType = (typeof MAIL_FAILURE_TYPES)[number];
/** Or SUPPRESSED: not sent at all, since mail to the address failed for good before in the same event. */
export type MailFailureType = ReportedFailureType | 'SUPPRESSED';
