import type { MailServerStatus } from '../../../contract/mail.js';
import type { AnyMessage, MessagePreview, MessageTemplates, Recipient } from '../../../contract/messages.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { reserveMailTo } from '../mail/mail-limits.js';
import { demoDelivery, enqueueMail } from '../mail/mail-queue.js';
import { listParticipantRows } from '../participants/participants.queries.js';
import { composeChecked, composeFirst } from './message-composing.js';
import { defaultTemplates } from './messages.texts.js';
import { assertMessagingUnlocked } from './messaging-unlocked.js';

export async function recipients(deps: Deps, dinner: RunningDinnerRow): Promise<Recipient[]> {
  const rows = await listParticipantRows(deps.db, dinner.id);
  return rows
    .filter((p) => p.activated_at !== null && p.email !== '')
    .sort((a, b) => a.participant_number - b.participant_number)
    .map((p) => ({
      id: p.id,
      firstnamePart: p.firstname_part,
      lastname: p.lastname,
      email: p.email,
      teamId: p.team_id,
      onWaitingList: p.team_id === null,
    }));
}

export const templates = (dinner: RunningDinnerRow): MessageTemplates => defaultTemplates(dinner.language_code);

export const mailServerStatus = (deps: Deps): MailServerStatus => deps.mailServerHealth.status(deps.clock.now());

/** The mail exactly as the first chosen recipient gets it (for a team: as each member gets it). */
export async function preview(deps: Deps, dinner: RunningDinnerRow, message: AnyMessage): Promise<MessagePreview> {
  const mails = await composeChecked(deps, dinner, message, composeFirst);
  return {
    subject: mails[0]?.subject ?? message.message.subject,
    previewMessageList: mails.map((mail) => {
      // A demo's mail goes to its creator, with a note whom it was meant for: the preview shows that mail.
      const delivered = demoDelivery(dinner, mail);
      return {
        participantId: mail.participantId,
        recipientEmail: delivered.recipientEmail,
        subject: mail.subject,
        message: delivered.text,
        language: mail.language,
      };
    }),
  };
}

/**
 * One sample, as the first recipient would get it, to the organiser only. It counts like any mail: against the event's
 * daily allowance and the organiser's hourly one.
 */
export async function sendSample(
  deps: Deps,
  dinner: RunningDinnerRow,
  message: AnyMessage,
): Promise<{ sentTo: string }> {
  assertMessagingUnlocked(dinner);
  const [sample] = await composeChecked(deps, dinner, message, composeFirst);
  await writeTransaction(deps.db, async (trx) => {
    await reserveMailTo(deps, dinner.email, trx);
    await enqueueMail(deps, trx, {
      runningDinnerId: dinner.id,
      recipientEmail: dinner.email,
      subject: sample.subject,
      text: sample.text,
      calendar: sample.calendar,
      language: sample.language,
      cause: 'ORGANISER',
    });
  });
  return { sentTo: dinner.email };
}
