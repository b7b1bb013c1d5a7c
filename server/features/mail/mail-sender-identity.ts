import addressparser from 'nodemailer/lib/addressparser/index.js';
import type { MessageTaskRow, RunningDinnerRow } from '../../../db/schema.js';

// Who a mail is from and whom an answer reaches. The address of From is always MAIL_FROM's (a self-hoster's domain
// passes SPF and DKIM); a mail about an event shows the event's title as its name and answers go to the event's contact.

const DEFAULT_NAME = 'Running Dinner';

/** A header value on one line: no line break of a title or an address can start a header of its own. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

/** MAIL_FROM as name and address ("Running Dinner <noreply@…>" or a bare address). */
export function parseMailFrom(mailFrom: string): { name: string; address: string } {
  const [first] = addressparser(mailFrom, { flatten: true });
  return { name: first?.name || DEFAULT_NAME, address: first?.address || mailFrom.trim() };
}

export type SendingDinner = Pick<RunningDinnerRow, 'title' | 'public_title' | 'public_contact_email' | 'email'>;

/** What a task about `dinner` stores: its title (the name of From) and its Reply-To. */
export function senderColumns(dinner: SendingDinner): Pick<MessageTaskRow, 'event_title' | 'reply_to'> {
  return {
    event_title: oneLine(dinner.public_title || dinner.title),
    reply_to: oneLine(dinner.public_contact_email || dinner.email),
  };
}

/**
 * From and Reply-To of a task as the mailer sends them: "<title> via Running Dinner" at MAIL_FROM's address; a mail
 * about no event is from MAIL_FROM as configured.
 */
export function senderOf(
  task: Pick<MessageTaskRow, 'event_title' | 'reply_to'>,
  mailFrom: string,
): { from: string | { name: string; address: string }; replyTo?: string } {
  if (task.event_title === null) return { from: mailFrom };
  const { name, address } = parseMailFrom(mailFrom);
  return {
    from: { name: `${oneLine(task.event_title)} via ${name}`, address },
    ...(task.reply_to ? { replyTo: oneLine(task.reply_to) } : {}),
  };
}
