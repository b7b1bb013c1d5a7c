import type { Language } from '../../../../contract/dinner.js';
import { translate } from '../../../lib/i18n.js';
import { formatDate, type MailText } from './mail-text.js';

const Mail = {
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
