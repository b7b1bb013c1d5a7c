import type { MailServerStatus } from '../../../contract/mail.js';
import type {
  AnyMessage,
  MessageJob,
  MessageJobOverview,
  MessagePreview,
  MessageTask,
  MessageTemplates,
  MessageType,
  Recipient,
  ResendTask,
  SendingStatus,
} from '../../../contract/messages.js';
import { MAX_RESENDS } from '../../../contract/messages.js';
import { MessagesMessage } from '../../../contract/messages.messages.js';
import type { TeamPartnerWishDetails } from '../../../contract/team-partner-wish.js';
import type { MessageJobRow, MessageTaskRow, ParticipantRow, RunningDinnerRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import type { Issue } from '../../../domain/validation.js';
import { msgId } from '../../../domain/validation-messages.js';
import type { Deps } from '../../deps.js';
import { AppError, ErrorMessage, ValidationError } from '../../lib/errors.js';
import { Topic } from '../../lib/event-bus.js';
import { newId } from '../../lib/ids.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { reserveMailTo, takeEventMails } from '../mail/mail-limits.js';
import { demoDelivery, enqueueMail, enqueueMails, messageIdDomain, withoutDemoNote } from '../mail/mail-queue.js';
import { changeParticipantEmail } from '../participants/participant-email.js';
import { findParticipant, listParticipantRows } from '../participants/participants.queries.js';
import { completeTeamPartnerWish, teamPartnerWishFor } from '../participants/team-partner-wish.service.js';
import {
  type ComposedMail,
  dinnerRouteMails,
  loadMailContext,
  type MailContext,
  participantMails,
  previewParticipant,
  previewTeam,
  teamMails,
} from './messages.compose.js';
import { progressOf, refreshJob } from './messages.progress.js';
import * as repo from './messages.repo.js';
import { defaultTemplates, withFooter } from './messages.texts.js';

const ACTIVITY_OF_TYPE = {
  PARTICIPANT: ActivityType.participantMailSent,
  TEAM: ActivityType.teamArrangementMailSent,
  DINNER_ROUTE: ActivityType.dinnerRouteMailSent,
} as const;

const notFound = () => new AppError('not_found', ErrorMessage.notFound.id);

/**
 * Messages go out only once the organiser proved the address is theirs: a demo's too, since its mails all go to that
 * address.
 */
function assertMessagingUnlocked(dinner: RunningDinnerRow): void {
  if (dinner.cancelled_at) throw new AppError('dinner_cancelled', ErrorMessage.dinnerCancelled.id);
  if (dinner.acknowledged_at === null) throw new AppError('messaging_locked', MessagesMessage.messagingLocked.id);
}

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

/** Ids of a custom selection the dinner does not know: named, so a stale selection is not silently smaller. */
function unknownSelectionIssues(context: MailContext, message: AnyMessage): Issue[] {
  if (message.messageType === 'PARTICIPANT') {
    const { participantSelection, customSelectedParticipantIds } = message.message;
    const known = new Set(context.participants.map((p) => p.id));
    const unknown =
      participantSelection === 'CUSTOM_SELECTION' && customSelectedParticipantIds.some((id) => !known.has(id));
    return unknown ? [{ field: 'customSelectedParticipantIds', message: msgId('invalidValue') }] : [];
  }
  const { teamSelection, customSelectedTeamIds } = message.message;
  const known = new Set(context.teams.map((t) => t.id));
  const unknown = teamSelection === 'CUSTOM_SELECTION' && customSelectedTeamIds.some((id) => !known.has(id));
  return unknown ? [{ field: 'customSelectedTeamIds', message: msgId('invalidValue') }] : [];
}

/** Every mail of the message, one per address, in the order the recipients were chosen. */
function composeAll(deps: Deps, context: MailContext, message: AnyMessage): ComposedMail[] {
  switch (message.messageType) {
    case 'PARTICIPANT':
      return participantMails(context, message.message);
    case 'TEAM':
      return teamMails(deps, context, message.message);
    case 'DINNER_ROUTE':
      return dinnerRouteMails(deps, context, message.message);
  }
}

/** The mails of the recipient a preview shows (a participant, or the members of a team). */
function composeFirst(deps: Deps, context: MailContext, message: AnyMessage): ComposedMail[] {
  switch (message.messageType) {
    case 'PARTICIPANT':
      return participantMails(context, message.message, previewParticipant(context, message.message));
    case 'TEAM':
      return teamMails(deps, context, message.message, previewTeam(context, message.message));
    case 'DINNER_ROUTE':
      return dinnerRouteMails(deps, context, message.message, previewTeam(context, message.message));
  }
}

const selectionField = (message: AnyMessage) =>
  message.messageType === 'PARTICIPANT' ? 'participantSelection' : 'teamSelection';

async function composeChecked(
  deps: Deps,
  dinner: RunningDinnerRow,
  message: AnyMessage,
  compose: typeof composeAll,
): Promise<ComposedMail[]> {
  const context = await loadMailContext(deps.db, dinner);
  const issues = unknownSelectionIssues(context, message);
  if (issues.length > 0) throw new ValidationError(issues);
  const mails = compose(deps, context, message);
  if (mails.length === 0)
    throw new ValidationError([{ field: selectionField(message), message: MessagesMessage.noRecipients.id }]);
  return mails.map((mail) => ({ ...mail, text: withFooter(dinner, mail.text) }));
}

/** The mail exactly as the first chosen recipient gets it (for a team: as each member gets it). */
export async function preview(deps: Deps, dinner: RunningDinnerRow, message: AnyMessage): Promise<MessagePreview> {
  const mails = await composeChecked(deps, dinner, message, composeFirst);
  return {
    subject: message.message.subject,
    previewMessageList: mails.map((mail) => ({
      participantId: mail.participantId,
      recipientEmail: mail.recipientEmail,
      message: mail.text,
    })),
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
      cause: 'ORGANISER',
    });
  });
  return { sentTo: dinner.email };
}

function assertJobSize(deps: Deps, count: number): void {
  const { mailMaxPerJob } = deps.config;
  if (count > mailMaxPerJob)
    throw new AppError('mail_job_too_large', MessagesMessage.jobTooLarge.id, {
      count: String(count),
      max: String(mailMaxPerJob),
    });
}

/** The refusal of a job the event's daily allowance has no room for, with what is left. */
const dailyLimitOf =
  (deps: Deps, count: number) =>
  (left: number): AppError =>
    new AppError('mail_daily_limit', MessagesMessage.dailyLimit.id, {
      count: String(count),
      max: String(deps.config.mailMaxPerEventPerDay),
      left: String(left),
    });

function toJob(row: MessageJobRow, total: number): MessageJob {
  return {
    id: row.id,
    messageType: row.message_type as MessageType,
    sendingStatus: row.status,
    sendingFailed: row.sending_failed === 1,
    sendingResult:
      row.status !== 'SENDING_FINISHED'
        ? 'SENDING_NOT_FINISHED'
        : row.sending_failed
          ? 'SENDING_FINISHED_FAILURE'
          : 'SENDING_FINISHED_SUCCESS',
    numberOfMessageTasks: total,
    createdAt: row.created_at,
    subject: (JSON.parse(row.payload) as { subject?: string }).subject ?? '',
  };
}

/**
 * Creates the job and one task per address, and answers at once: the sender delivers in the background. The same
 * Idempotency-Key (per dinner) answers the job it created the first time, so a double submit makes one job.
 */
export async function createJob(
  deps: Deps,
  dinner: RunningDinnerRow,
  message: AnyMessage,
  idempotencyKey: string | undefined,
): Promise<MessageJob> {
  assertMessagingUnlocked(dinner);
  const key = idempotencyKey === undefined ? null : `${dinner.id}:${idempotencyKey}`;
  const earlier = key === null ? undefined : await repo.findJobByKey(deps.db, key);
  if (earlier) return jobOf(deps, earlier);
  const mails = await composeChecked(deps, dinner, message, composeAll);
  assertJobSize(deps, mails.length);
  const now = deps.clock.now();
  const job: MessageJobRow = {
    id: newId(),
    running_dinner_id: dinner.id,
    message_type: message.messageType,
    status: 'QUEUED',
    sending_failed: 0,
    idempotency_key: key,
    payload: JSON.stringify(message.message),
    created_at: now.toISOString(),
    finished_at: null,
  };
  const created = await writeTransaction(deps.db, async (trx) => {
    // Checked again under the write lock: two submits racing with one key make one job.
    const raced = key === null ? undefined : await repo.findJobByKey(trx, key);
    if (raced) return raced;
    await repo.insertJob(trx, job);
    const outgoing = mails.map((mail) => ({
      runningDinnerId: dinner.id,
      messageJobId: job.id,
      cause: 'ORGANISER' as const,
      ...mail,
    }));
    await enqueueMails(deps, trx, outgoing, dailyLimitOf(deps, mails.length));
    await recordActivity(deps, trx, dinner.id, ACTIVITY_OF_TYPE[message.messageType], 'ORGANIZER', now, {
      recipients: mails.length,
      subject: message.message.subject,
    });
    trx.afterCommit(() =>
      deps.bus.publish(
        Topic.messageJobs(dinner.id),
        'progress',
        progressOf(job, { total: mails.length, queued: mails.length, sending: 0, sent: 0, failed: 0 }),
      ),
    );
    return job;
  });
  return jobOf(deps, created);
}

async function jobOf(deps: Deps, row: MessageJobRow): Promise<MessageJob> {
  const counts = await repo.taskCountsOf(deps.db, [row.id]);
  return toJob(row, counts.get(row.id)!.total);
}

export async function listJobs(deps: Deps, dinner: RunningDinnerRow, messageType: MessageType): Promise<MessageJob[]> {
  const rows = await repo.listJobs(deps.db, dinner.id, messageType);
  const counts = await repo.taskCountsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toJob(row, counts.get(row.id)!.total));
}

async function openJob(deps: Deps, dinner: RunningDinnerRow, jobId: string): Promise<MessageJobRow> {
  const job = await repo.findJob(deps.db, dinner.id, jobId);
  if (!job) throw notFound();
  return job;
}

export async function findJob(deps: Deps, dinner: RunningDinnerRow, jobId: string): Promise<MessageJob> {
  return jobOf(deps, await openJob(deps, dinner, jobId));
}

export async function jobOverview(deps: Deps, dinner: RunningDinnerRow, jobId: string): Promise<MessageJobOverview> {
  const job = await openJob(deps, dinner, jobId);
  const counts = (await repo.taskCountsOf(deps.db, [job.id])).get(job.id)!;
  return {
    messageJobId: job.id,
    numMessagesSucceeded: counts.sent,
    numMessagesFailed: counts.failed,
    numMessagesQueued: counts.queued + counts.sending,
    sendingFinished: counts.queued + counts.sending === 0,
  };
}

const SENDING_STATUS_OF_TASK: Record<MessageTaskRow['status'], SendingStatus> = {
  QUEUED: 'QUEUED',
  SENDING: 'SENDING_STARTED',
  SENT: 'SENDING_FINISHED',
  FAILED: 'SENDING_FINISHED',
};

function toTask(row: MessageTaskRow): MessageTask {
  const failed = row.status === 'FAILED';
  return {
    id: row.id,
    recipientEmail: row.recipient_email,
    subject: row.subject,
    content: row.body_text,
    sendingStatus: SENDING_STATUS_OF_TASK[row.status],
    sendingResult: {
      delieveryFailed: failed,
      failureType: failed ? row.failure_type : null,
      failureMessage: row.last_error,
    },
    resendCount: row.resend_count,
    participantId: row.participant_id,
  };
}

export async function listTasks(deps: Deps, dinner: RunningDinnerRow, jobId: string): Promise<MessageTask[]> {
  const job = await openJob(deps, dinner, jobId);
  return (await repo.listTasks(deps.db, job.id)).map(toTask);
}

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
    const text = withFooter(dinner, withoutDemoNote(dinner, participant.email, input.content ?? task.body_text));
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
