import type { Language } from '../../../../contract/dinner.js';
import { translate } from '../../../lib/i18n.js';
import { formatDate, type MailText } from './mail-text.js';

const Mail = {
  subject: /*i18n*/ { id: 'mail.recovery.subject', message: 'Your running dinner links' },
  intro: /*i18n*/ {
    id: 'mail.recovery.intro',
    message: 'Hello,\n\nsomeone – hopefully you – asked for the links of the running dinners of this e-mail address.',
  },
  organised: /*i18n*/ {
    id: 'mail.recovery.organised',
    message:
      'You organise these running dinners. Each link opens its administration; keep it safe and do not share it, anyone with it can change your event:',
  },
  participating: /*i18n*/ {
    id: 'mail.recovery.participating',
    message: 'You take part in these running dinners. Each link opens your personal page; it is meant for you alone:',
  },
  event: /*i18n*/ { id: 'mail.recovery.event', message: '"{title}" on {date} in {city}:\n{url}' },
  cancelledEvent: /*i18n*/ {
    id: 'mail.recovery.cancelledEvent',
    message: '"{title}" on {date} in {city} (cancelled):\n{url}',
  },
  closing: /*i18n*/ {
    id: 'mail.recovery.closing',
    message: 'If you did not ask for these links, simply ignore this mail: nobody else has received them.',
  },
} as const;

/** One event in the mail: what it is, and the link that opens it. */
interface RecoveredLink {
  title: string;
  date: string;
  city: string;
  cancelled: boolean;
  url: string;
}

export interface RecoveryMailInput {
  language: Language;
  organised: readonly RecoveredLink[];
  participating: readonly RecoveredLink[];
}

/** The mail with every link of an address: the events it organises, then those it takes part in. */
export function linkRecoveryMail({ language, organised, participating }: RecoveryMailInput): MailText {
  const line = (link: RecoveredLink) =>
    translate(language, link.cancelled ? Mail.cancelledEvent.id : Mail.event.id, {
      ...link,
      date: formatDate(language, link.date),
    });
  const section = (heading: string, links: readonly RecoveredLink[]) =>
    links.length > 0 ? [`${translate(language, heading)}\n\n${links.map(line).join('\n\n')}`] : [];
  const paragraphs = [
    translate(language, Mail.intro.id),
    ...section(Mail.organised.id, organised),
    ...section(Mail.participating.id, participating),
    translate(language, Mail.closing.id),
  ];
  return { subject: translate(language, Mail.subject.id), text: paragraphs.join('\n\n') };
}
