import type { MessageTask, ResendTask } from '../../../contract/messages.js';
import { MAX_RESENDS } from '../../../contract/messages.js';
import { MessagesMessage } from '../../../contract/messages.messages.js';
import type { TeamPartnerWishDetails } from '../../../contract/team-partner-wish.js';
import type { ParticipantRow, RunningDinnerRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import { msgId } from '../../../domain/validation-messages.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound, ValidationError } from '../../lib/errors.js';
import { takeEventMails } from '../mail/mail-limits.js';
import { demoDelivery, messageIdDomain, withoutDemoNote } from '../mail/mail-queue.js';
import { changeParticipantEmail } from '../participants/participant-email.js';
import { findParticipant } from '../participants/participants.queries.js';
import { completeTeamPartnerWish, teamPartnerWishFor } from '../participants/team-partner-wish.service.js';
import { toTask } from './message-jobs.view.js';
import { refreshJob } from './messages.progress.js';
import * as repo from './messages.repo.js';
import { withFooter } from './messages.texts.js';
import { assertMessagingUnlocked } from './messaging-unlocked.js';

/**
 * Sends one task again, with a corrected text or to a corrected address of the participant it was for (stored on the
 * participant, like their edit): a new mail, its Message-ID the task's with the count of resends (`<task-r1@host>`).
 * It counts like any mail, goes where the event's mails go (a demo's to its creator, with the note) and may be sent
 * again at most MAX_RESENDS times. A task still on its way cannot be resent (it may yet arrive).
 */
export async function resendTask(
  deps: Deps,
  dinner: RunningDinnerRow,
  taskId: string,
  input: ResendTask,
): Promise<MessageTask> {
  assertMessagingUnlocked(dinner);
  await writeTransaction(deps.db, async (trx) => {
    const task = await repo.findJobTask(trx, dinner.id, taskId);
    if (!task) throw notFound();
    if (task.status === 'QUEUED' || task.status === 'SENDING')
      throw new AppError('task_in_progress', MessagesMessage.taskInProgress.id);
    if (task.resend_count >= MAX_RESENDS)
      throw new AppError('mail_resend_limit', MessagesMessage.resendLimit.id, { max: String(MAX_RESENDS) });
    const participant =
      task.participant_id === null ? undefined : await findParticipant(trx, dinner.id, task.participant_id);
    if (!participant) throw new AppError('mail_recipient_gone', MessagesMessage.recipientGone.id);
    const recipientEmail = await correctedAddress(deps, trx, dinner, participant, input.recipientEmail);
    const text = withFooter(
      { ...dinner, language_code: participant.language_code },
      withoutDemoNote(dinner, participant.email, input.content ?? task.body_text),
    );
    await takeEventMails(deps, trx, dinner.id, 1, { cause: 'ORGANISER' });
    const delivery = demoDelivery(dinner, { recipientEmail, text });
    await repo.requeueTask(trx, task.id, {
      recipient_email: delivery.recipientEmail,
      body_text: delivery.text,
      message_id: `<${task.id}-r${task.resend_count + 1}@${messageIdDomain(deps)}>`,
      next_attempt_at: deps.clock.now().toISOString(),
    });
    trx.afterCommit(() => void wakeAfterResend(deps, task.message_job_id!));
  });
  const updated = await repo.findJobTask(deps.db, dinner.id, taskId);
  return toTask(updated!);
}

/** A corrected address is the participant's from now on: checked like their edit (one address per event, partners kept). */
async function correctedAddress(
  deps: Deps,
  trx: Trx,
  dinner: RunningDinnerRow,
  participant: ParticipantRow,
  corrected: string | undefined,
): Promise<string> {
  if (corrected === undefined || corrected === participant.email) {
    // The address was cleared since: the mail needs a new one.
    if (participant.email === '') throw new ValidationError([{ field: 'recipientEmail', message: msgId('required') }]);
    return participant.email;
  }
  await changeParticipantEmail(deps, trx, dinner, participant, corrected, 'recipientEmail');
  return corrected;
}

async function wakeAfterResend(deps: Deps, jobId: string): Promise<void> {
  deps.mailQueue.emit('queued');
  await refreshJob(deps, jobId).catch((error) => console.error('message job progress:', error));
}

/** The invitation to the wished partner who has not registered yet, once more. */
export async function resendPartnerInvitation(
  deps: Deps,
  dinner: RunningDinnerRow,
  participantId: string,
): Promise<TeamPartnerWishDetails> {
  assertMessagingUnlocked(dinner);
  const wish = await teamPartnerWishFor(deps, dinner, participantId, ['NOT_EXISTING']);
  if (!wish) throw new AppError('team_partner_wish_not_completable', MessagesMessage.noInvitationToResend.id);
  return completeTeamPartnerWish(deps, dinner, participantId);
}
