import type { Language } from '../../../../contract/dinner.js';
import { translate } from '../../../lib/i18n.js';
import { formatDate, type MailText } from './mail-text.js';

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
} as const;

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

/** The line a demo's mail starts with: it goes to the demo's creator instead of the made-up recipient. */
export const demoNoteText = (language: Language, recipient: string) =>
  translate(language, Mail.demoNote.id, { recipient });
