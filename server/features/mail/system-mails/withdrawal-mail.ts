import type { Language } from '../../../../contract/dinner.js';
import { translate } from '../../../lib/i18n.js';
import { formatDate, type MailText } from './mail-text.js';

const Mail = {
  subject: /*i18n*/ { id: 'mail.withdrawal.subject', message: '{name} cannot come to "{title}"' },
  body: /*i18n*/ {
    id: 'mail.withdrawal.body',
    message:
      'Hello,\n\n{name} (team {teamNumber}) told you on their personal page that they cannot come to the running dinner "{title}" on {date}.',
  },
  bodyWaiting: /*i18n*/ {
    id: 'mail.withdrawal.bodyWaiting',
    message:
      'Hello,\n\n{name}, who is on the waiting list, told you on their personal page that they cannot come to the running dinner "{title}" on {date}.',
  },
  note: /*i18n*/ { id: 'mail.withdrawal.note', message: 'They wrote:\n{note}' },
  nextStep: /*i18n*/ {
    id: 'mail.withdrawal.nextStep',
    message:
      'Their team stays as it is until you change it: on the Teams page you can cancel the member and place someone from the waiting list. Whoever this concerns is then listed under Messages → Updates.\n{teamsUrl}',
  },
} as const;

/** Tells the organiser that someone in a team cannot come, with their note and what to do. */
export function withdrawalMail(input: {
  language: Language;
  name: string;
  /** Null for someone on the waiting list. */
  teamNumber: number | null;
  title: string;
  date: string;
  note: string;
  teamsUrl: string;
}): MailText {
  const values = { ...input, date: formatDate(input.language, input.date) };
  const paragraphs = [
    translate(input.language, (input.teamNumber === null ? Mail.bodyWaiting : Mail.body).id, values),
    input.note === '' ? null : translate(input.language, Mail.note.id, values),
    translate(input.language, Mail.nextStep.id, values),
  ];
  return {
    subject: translate(input.language, Mail.subject.id, values),
    text: paragraphs.filter((p) => p !== null).join('\n\n'),
  };
}
