import type { Language } from '../../../../contract/dinner.js';
import { translate } from '../../../lib/i18n.js';
import { formatDate, type MailText } from './mail-text.js';

const Mail = {
  paidNotRegisteredSubject: /*i18n*/ {
    id: 'mail.paidNotRegistered.subject',
    message: 'Your registration for "{title}" was not possible',
  },
  paidNotRegisteredBody: /*i18n*/ {
    id: 'mail.paidNotRegistered.body',
    message:
      'Hello {firstname},\n\nyou paid the registration fee of {amount} for the running dinner "{title}" on {date} in {city}, but we could no longer register you.',
  },
  paidNotRegisteredCancelled: /*i18n*/ {
    id: 'mail.paidNotRegistered.cancelled',
    message: 'The running dinner was cancelled before your payment arrived.',
  },
  paidNotRegisteredClosed: /*i18n*/ {
    id: 'mail.paidNotRegistered.closed',
    message: 'The registration had closed before your payment arrived.',
  },
  paidNotRegisteredDeactivated: /*i18n*/ {
    id: 'mail.paidNotRegistered.deactivated',
    message: 'The organiser had stopped taking registrations before your payment arrived.',
  },
  paidNotRegisteredEmailTaken: /*i18n*/ {
    id: 'mail.paidNotRegistered.emailTaken',
    message: 'The e-mail address {email} had been registered for this running dinner in the meantime.',
  },
  paidNotRegisteredRefund: /*i18n*/ {
    id: 'mail.paidNotRegistered.refund',
    message:
      'The organiser will refund the fee to you; you do not need to do anything. If you have questions, you reach the organiser at {contactEmail}.',
  },
} as const;

/** Why a paid registration could not be made; null when there is no reason to name. */
export type PaidNotRegisteredReason = 'CANCELLED' | 'CLOSED' | 'DEACTIVATED' | 'EMAIL_TAKEN' | null;

const PAID_NOT_REGISTERED_REASONS: Record<NonNullable<PaidNotRegisteredReason>, string> = {
  CANCELLED: Mail.paidNotRegisteredCancelled.id,
  CLOSED: Mail.paidNotRegisteredClosed.id,
  DEACTIVATED: Mail.paidNotRegisteredDeactivated.id,
  EMAIL_TAKEN: Mail.paidNotRegisteredEmailTaken.id,
};

export interface PaidNotRegisteredMailInput {
  language: Language;
  firstname: string;
  /** The payer's address (named when it was registered meanwhile). */
  email: string;
  title: string;
  date: string;
  city: string;
  amountCents: number;
  currency: string;
  reason: PaidNotRegisteredReason;
  /** The organiser's public contact address. */
  contactEmail: string;
}

/** A fee in the recipient's way of writing money ("12,50 €", "€12.50"). */
const formatAmount = (language: Language, cents: number, currency: string) =>
  new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency }).format(cents / 100);

/** Tells the payer that the paid registration could no longer be made (and why, when known) and that the fee comes back. */
export function paidNotRegisteredMail(input: PaidNotRegisteredMailInput): MailText {
  const values = {
    ...input,
    date: formatDate(input.language, input.date),
    amount: formatAmount(input.language, input.amountCents, input.currency),
  };
  const paragraphs = [
    translate(input.language, Mail.paidNotRegisteredBody.id, values),
    input.reason === null ? null : translate(input.language, PAID_NOT_REGISTERED_REASONS[input.reason], values),
    translate(input.language, Mail.paidNotRegisteredRefund.id, values),
  ];
  return {
    subject: translate(input.language, Mail.paidNotRegisteredSubject.id, values),
    text: paragraphs.filter((p) => p !== null).join('\n\n'),
  };
}
