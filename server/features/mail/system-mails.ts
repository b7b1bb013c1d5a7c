import type { Language } from '../../../contract/dinner.js';
import { translate } from '../../lib/i18n.js';

const Mail = {
  demoNote: /*i18n*/ {
    id: 'message.demo.note',
    message: 'Demo running dinner: this mail goes to you instead of {recipient}.',
  },
  createdSubject: /*i18n*/ { id: 'mail.created.subject', message: 'Your running dinner "{title}" was created' },
  createdBody: /*i18n*/ {
    id: 'mail.created.body',
    message:
      'Hello,\n\na running dinner was created with this e-mail address as the organiser\'s. Please confirm your e-mail address with this link, so that you can send mails to your participants:\n{acknowledgeUrl}\n\nYou administer your running dinner with this link. Keep it safe and do not share it, anyone with it can change your event:\n{administrationUrl}\n\nThe running dinner as it was entered: "{title}" on {date} in {city}, organised by "{name}".\n\nIf you did not create it, simply ignore this mail.\n\nHave fun with your running dinner!',
  },
  createdDemoBody: /*i18n*/ {
    id: 'mail.createdDemo.body',
    message:
      'Hello,\n\nyour demo running dinner "{title}" was created. It has 18 made-up participants, so you can try everything. Its mails all go to this address, so they go out only once you have confirmed that it is yours, with this link:\n{acknowledgeUrl}\n\nYou open the demo with this link:\n{administrationUrl}\n\nIf you did not create it, simply ignore this mail.\n\nHave fun trying it out!',
  },
  registrationSubject: /*i18n*/ {
    id: 'mail.registration.subject',
    message: 'Please confirm your registration for "{title}"',
  },
  registrationBody: /*i18n*/ {
    id: 'mail.registration.body',
    message:
      'Hello,\n\nthank you for registering for the running dinner "{title}" on {date} in {city}.\n\nPlease confirm your registration with this link; until then it is not complete:\n{activationUrl}\n\nYou registered as "{firstname} {lastname}".',
  },
  registrationPartner: /*i18n*/ {
    id: 'mail.registration.partner',
    message:
      'You registered together with your team partner {partnerName}. The link confirms both of you, and you cook as a team.',
  },
  registrationSelfService: /*i18n*/ {
    id: 'mail.registration.selfService',
    message:
      'With your personal link you can name or change your wished team partner until the teams are made. Do not share it:\n{selfServiceUrl}',
  },
  registrationClosing: /*i18n*/ {
    id: 'mail.registration.closing',
    message:
      'If you did not register, simply ignore this mail: an unconfirmed registration is not taken into account.\n\nSee you at the dinner!',
  },
  paidSubject: /*i18n*/ { id: 'mail.paidRegistration.subject', message: 'You are registered for "{title}"' },
  paidBody: /*i18n*/ {
    id: 'mail.paidRegistration.body',
    message:
      'Hello,\n\nthank you for registering for the running dinner "{title}" on {date} in {city}. Your registration fee has been paid, so your registration is complete; there is nothing more to confirm.\n\nYou registered as "{firstname} {lastname}".',
  },
  paidPartner: /*i18n*/ {
    id: 'mail.paidRegistration.partner',
    message: 'You registered together with your team partner {partnerName}, and you cook as a team.',
  },
  paidClosing: /*i18n*/ { id: 'mail.paidRegistration.closing', message: 'See you at the dinner!' },
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
  invitationSubject: /*i18n*/ {
    id: 'mail.partnerInvitation.subject',
    message: 'Invitation to cook as a team at the running dinner "{title}"',
  },
  invitationBody: /*i18n*/ {
    id: 'mail.partnerInvitation.body',
    message:
      'Hello,\n\nsomeone registered for the running dinner "{title}" on {date} in {city} and named this e-mail address as their wished team partner.\n\nIf you want to join, register with this link; your e-mail address and your team partner are already filled in:\n{registrationUrl}\n\nThe registration was made in the name of "{inviter}" <{inviterEmail}>. If you do not know them or do not want to take part, simply ignore this mail.',
  },
  teamHostChangedSubject: /*i18n*/ {
    id: 'mail.teamHostChanged.subject',
    message: '{changer} changed the host of your team for "{title}"',
  },
  teamHostChangedToRecipient: /*i18n*/ {
    id: 'mail.teamHostChanged.toRecipient',
    message:
      'Hello {firstname},\n\n{changer} handed the hosting of your team for the running dinner "{title}" on {date} over to you. Your team now cooks {meal} at {time} at your place:\n{address}',
  },
  teamHostChangedToChanger: /*i18n*/ {
    id: 'mail.teamHostChanged.toChanger',
    message:
      'Hello {firstname},\n\n{changer} now hosts your team for the running dinner "{title}" on {date}. Your team cooks {meal} at {time} at the home of {changer}:\n{address}',
  },
  teamHostChangedComment: /*i18n*/ { id: 'mail.teamHostChanged.comment', message: '{changer} wrote:\n{comment}' },
  teamHostChangedLink: /*i18n*/ { id: 'mail.teamHostChanged.link', message: 'Your team at a glance: {teamUrl}' },
} as const;

export interface MailText {
  subject: string;
  text: string;
}

/** The dinner's date as the recipient reads it ("24.12.2026", "24 Dec 2026"). */
export function formatDate(language: Language, date: string): string {
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

export interface CreatedMailInput {
  language: Language;
  demo: boolean;
  name: string;
  title: string;
  date: string;
  city: string;
  administrationUrl: string;
  acknowledgeUrl: string;
}

export function runningDinnerCreatedMail(input: CreatedMailInput): MailText {
  const values = { ...input, date: formatDate(input.language, input.date) };
  return {
    subject: translate(input.language, Mail.createdSubject.id, values),
    text: translate(input.language, input.demo ? Mail.createdDemoBody.id : Mail.createdBody.id, values),
  };
}

export interface RegistrationMailInput {
  language: Language;
  firstname: string;
  lastname: string;
  title: string;
  date: string;
  city: string;
  activationUrl: string;
  /** The partner registered together with the participant, if any. */
  partnerName: string | null;
  /** The personal link to manage the partner wish; null when the event takes no partner wishes. */
  selfServiceUrl: string | null;
}

/** A registration mail: the body, the partner's line, the personal link and the closing, as paragraphs. */
function registrationMail(
  input: RegistrationMailInput,
  texts: { subject: string; body: string; partner: string; closing: string },
): MailText {
  const values = { ...input, date: formatDate(input.language, input.date) };
  const paragraphs = [
    translate(input.language, texts.body, values),
    input.partnerName === null ? null : translate(input.language, texts.partner, values),
    input.selfServiceUrl === null ? null : translate(input.language, Mail.registrationSelfService.id, values),
    translate(input.language, texts.closing, values),
  ];
  return {
    subject: translate(input.language, texts.subject, values),
    text: paragraphs.filter((p) => p !== null).join('\n\n'),
  };
}

/** Asks the participant to confirm the registration by its link. */
export const registrationConfirmationMail = (input: RegistrationMailInput): MailText =>
  registrationMail(input, {
    subject: Mail.registrationSubject.id,
    body: Mail.registrationBody.id,
    partner: Mail.registrationPartner.id,
    closing: Mail.registrationClosing.id,
  });

/** Tells the participant that the paid registration is complete (no confirmation link: the payment proved the address). */
export const paidRegistrationMail = (input: RegistrationMailInput): MailText =>
  registrationMail(input, {
    subject: Mail.paidSubject.id,
    body: Mail.paidBody.id,
    partner: Mail.paidPartner.id,
    closing: Mail.paidClosing.id,
  });

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

export interface PartnerInvitationMailInput {
  language: Language;
  inviter: string;
  inviterEmail: string;
  title: string;
  date: string;
  city: string;
  /** The public registration page with the invitee's and the inviter's addresses filled in. */
  registrationUrl: string;
}

/** Invites the wished team partner, who is not registered yet, to register too. */
export function partnerInvitationMail(input: PartnerInvitationMailInput): MailText {
  const values = { ...input, date: formatDate(input.language, input.date) };
  return {
    subject: translate(input.language, Mail.invitationSubject.id, values),
    text: translate(input.language, Mail.invitationBody.id, values),
  };
}

export interface TeamHostChangedMailInput {
  language: Language;
  /** The team member the mail goes to. */
  firstname: string;
  /** The member who changed the host. */
  changer: string;
  /** Whether the recipient is the new host (else the changer took the hosting over). */
  recipientHosts: boolean;
  title: string;
  date: string;
  meal: string;
  /** The meal's local date-time ("2026-12-24T19:00"). */
  mealTime: string;
  /** The new host's street, number, zip and city. */
  address: string;
  /** What the changer wrote; empty for none. */
  comment: string;
  /** The recipient's own team page. */
  teamUrl: string;
}

/** Tells a team member that their partner moved the hosting (to them, or to the partner), with the partner's comment. */
export function teamHostChangedMail(input: TeamHostChangedMailInput): MailText {
  const values = { ...input, date: formatDate(input.language, input.date), time: input.mealTime.slice(11, 16) };
  const paragraphs = [
    translate(
      input.language,
      input.recipientHosts ? Mail.teamHostChangedToRecipient.id : Mail.teamHostChangedToChanger.id,
      values,
    ),
    input.comment === '' ? null : translate(input.language, Mail.teamHostChangedComment.id, values),
    translate(input.language, Mail.teamHostChangedLink.id, values),
  ];
  return {
    subject: translate(input.language, Mail.teamHostChangedSubject.id, values),
    text: paragraphs.filter((p) => p !== null).join('\n\n'),
  };
}

/** The line a demo's mail starts with: it goes to the demo's creator instead of the made-up recipient. */
export const demoNoteText = (language: Language, recipient: string) =>
  translate(language, Mail.demoNote.id, { recipient });
