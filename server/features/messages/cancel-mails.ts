import type { CancelPreview, CancelText } from '../../../contract/cancel.js';
import type { AnyMessage } from '../../../contract/messages.js';
import type { MessageJobRow, RunningDinnerRow } from '../../../db/schema.js';
import type { DbOrTrx, Trx } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { translate } from '../../lib/i18n.js';
import { newId } from '../../lib/ids.js';
import { formatDate } from '../mail/system-mails/mail-text.js';
import { withFooters } from './message-composing.js';
import { assertJobSize, enqueueJobMails } from './message-job-creation.service.js';
import { type ComposedMail, loadMailContext, type MailContext, participantMails } from './messages.compose.js';
import * as repo from './messages.repo.js';
import { memberCalendar, stopsOfTeam } from './route-mails.js';

// The mail that tells everyone registered that the event is cancelled, in the organiser's words: one per address to
// every confirmed participant (in a team or on the waiting list), with the evening's calendar entries cancelled for
// whom a route mail told them.

const CancelDefault = {
  subject: /*i18n*/ { id: 'message.default.cancel.subject', message: 'The running dinner "{title}" is cancelled' },
  message: /*i18n*/ {
    id: 'message.default.cancel.message',
    message:
      'Hello {firstname},\n\nwe are sorry to tell you that the running dinner "{title}" on {date} in {city} is cancelled and will not take place.\n\nThank you for registering, and we hope to see you at another running dinner.\n\nBest regards',
  },
} as const;

/** The default text in the event's language, naming the event and its date; the placeholders stay for the organiser. */
export function defaultCancelText(dinner: RunningDinnerRow): CancelText {
  const values = {
    title: dinner.public_title || dinner.title,
    date: formatDate(dinner.language_code, dinner.date),
    city: dinner.city,
    firstname: '{firstname}',
  };
  return {
    subject: translate(dinner.language_code, CancelDefault.subject.id, values),
    message: translate(dinner.language_code, CancelDefault.message.id, values),
  };
}

/** The cancel message as a message job of the history: to all confirmed participants. */
const cancelMessage = (text: CancelText): AnyMessage => ({
  messageType: 'PARTICIPANT',
  message: { ...text, participantSelection: 'ALL', customSelectedParticipantIds: [] },
});

/** Each mail, with the footer in its reader's language and, for whom a route mail went to, the evening cancelled. */
function cancelMails(deps: Deps, context: MailContext, text: CancelText): ComposedMail[] {
  const mails = participantMails(context, { ...text, participantSelection: 'ALL', customSelectedParticipantIds: [] });
  const withCalendars = mails.map((mail) => {
    const team = context.teams.find(
      (t) => t.id === context.participants.find((p) => p.id === mail.participantId)?.team_id,
    );
    const told = context.routeTellings.get(mail.participantId) ?? 0;
    if (!team || told === 0) return mail;
    return { ...mail, calendar: memberCalendar(deps, context, mail.participantId, stopsOfTeam(context, team), true) };
  });
  return withFooters(context.dinner, withCalendars);
}

/** How many addresses the cancel mail would go to. */
export async function cancelRecipientCount(db: DbOrTrx, dinner: RunningDinnerRow): Promise<number> {
  const context = await loadMailContext(db, dinner);
  return participantMails(context, {
    subject: '',
    message: '',
    participantSelection: 'ALL',
    customSelectedParticipantIds: [],
  }).length;
}

/** The mail as the first recipient reads it (or, with nobody registered, as anyone would, without names). */
export async function previewCancelMail(
  deps: Deps,
  dinner: RunningDinnerRow,
  text: CancelText,
): Promise<CancelPreview> {
  const [first] = cancelMails(deps, await loadMailContext(deps.db, dinner), text);
  if (first) return { recipientEmail: first.recipientEmail, subject: first.subject, message: first.text };
  const [anyone] = withFooters(dinner, [
    {
      participantId: '',
      recipientEmail: '',
      language: dinner.language_code,
      subject: text.subject,
      text: text.message,
      calendar: null,
      told: [],
    },
  ]);
  return { recipientEmail: null, subject: anyone!.subject, message: anyone!.text };
}

/**
 * Writes the cancel mails in `trx` (the caller's: the one that cancels the event) as a message job, counted against
 * the event's allowance like every mail, so a refusal leaves the event as it was. Answers how many were queued.
 */
export async function queueCancelMails(deps: Deps, trx: Trx, dinner: RunningDinnerRow, text: CancelText) {
  const mails = cancelMails(deps, await loadMailContext(trx, dinner), text);
  if (mails.length === 0) return 0;
  assertJobSize(deps, mails.length);
  const message = cancelMessage(text);
  const job: MessageJobRow = {
    id: newId(),
    running_dinner_id: dinner.id,
    message_type: message.messageType,
    status: 'QUEUED',
    sending_failed: 0,
    idempotency_key: null,
    payload: JSON.stringify(message.message),
    send_at: null,
    created_at: deps.clock.now().toISOString(),
    finished_at: null,
  };
  await repo.insertJob(trx, job);
  await enqueueJobMails(deps, trx, job, message, mails);
  return mails.length;
}
