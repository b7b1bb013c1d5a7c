import type { Language } from '../../../../contract/dinner.js';
import { translate } from '../../../lib/i18n.js';
import { formatDate, type MailText } from './mail-text.js';

const Mail = {
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
} as const;

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

const WaitingMail = {
  subject: /*i18n*/ { id: 'mail.waitingList.subject', message: 'You are on the waiting list for "{title}"' },
  body: /*i18n*/ {
    id: 'mail.waitingList.body',
    message:
      'Hello {firstname},\n\nthank you for confirming your registration for the running dinner "{title}" on {date}. The teams are already made, so you are on the waiting list for now.\n\nWhat that means: when someone cancels, the organiser can give you their place. You will then get a mail with your team partner, your course and where you cook. Your registration stays valid; you do not need to do anything.\n\nYour personal page:\n{personalUrl}',
  },
} as const;

/** Tells a participant who confirmed after the teams were made that they wait for a place, and what that means. */
export function waitingListMail(input: {
  language: Language;
  firstname: string;
  title: string;
  date: string;
  personalUrl: string;
}): MailText {
  const values = { ...input, date: formatDate(input.language, input.date) };
  return {
    subject: translate(input.language, WaitingMail.subject.id, values),
    text: translate(input.language, WaitingMail.body.id, values),
  };
}
