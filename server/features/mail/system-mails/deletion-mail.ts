import type { Language } from '../../../../contract/dinner.js';
import { translate } from '../../../lib/i18n.js';
import { formatDate, type MailText } from './mail-text.js';

const Mail = {
  subject: /*i18n*/ {
    id: 'mail.deletionWarning.subject',
    message: 'Your running dinner "{title}" will be deleted on {deletionDate}',
  },
  body: /*i18n*/ {
    id: 'mail.deletionWarning.body',
    message:
      'Hello,\n\nyour running dinner "{title}" of {date} will be deleted on {deletionDate} with all data of its participants: names, addresses, teams, routes and messages. Only the number of participants, teams and meals is kept, for statistics.\n\nIf you want to keep the participant list, download it as a CSV file before then:\n{exportUrl}\n\nUntil then your administration stays open with this link:\n{administrationUrl}\n\nThank you for organising your running dinner with us!',
  },
} as const;

export interface DeletionWarningInput {
  language: Language;
  title: string;
  date: string;
  deletionDate: string;
  exportUrl: string;
  administrationUrl: string;
}

/** The organiser's notice, two days ahead, that the event and its people's data will be deleted. */
export function deletionWarningMail(input: DeletionWarningInput): MailText {
  const values = {
    ...input,
    date: formatDate(input.language, input.date),
    deletionDate: formatDate(input.language, input.deletionDate),
  };
  return {
    subject: translate(input.language, Mail.subject.id, values),
    text: translate(input.language, Mail.body.id, values),
  };
}
