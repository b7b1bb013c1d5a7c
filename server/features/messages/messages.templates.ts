import type { Language } from '../events/events.schema.js';
import { translate } from '../../lib/i18n.js';

const Mail = {
  createdSubject: /*i18n*/ { id: 'mail.created.subject', message: 'Your running dinner "{title}" was created' },
  createdBody: /*i18n*/ {
    id: 'mail.created.body',
    message:
      'Hello {name},\n\nyour running dinner "{title}" on {date} in {city} was created.\n\nPlease confirm your e-mail address with this link, so that you can send mails to your participants:\n{acknowledgeUrl}\n\nYou administer your running dinner with this link. Keep it safe and do not share it, anyone with it can change your event:\n{administrationUrl}\n\nHave fun with your running dinner!',
  },
  createdDemoBody: /*i18n*/ {
    id: 'mail.createdDemo.body',
    message:
      'Hello,\n\nyour demo running dinner "{title}" was created. It has 18 made-up participants, so you can try everything; its mails go only to you.\n\nYou open it with this link:\n{administrationUrl}\n\nHave fun trying it out!',
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

export function runningDinnerCreatedMail(input: CreatedMailInput): { subject: string; text: string } {
  const date = new Intl.DateTimeFormat(input.language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${input.date}T00:00:00Z`));
  const values = { ...input, date };
  return {
    subject: translate(input.language, Mail.createdSubject.id, values),
    text: translate(input.language, input.demo ? Mail.createdDemoBody.id : Mail.createdBody.id, values),
  };
}
