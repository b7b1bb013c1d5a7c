import type { MessageJob, MessageTask, MessageType, SendingStatus } from '../../../contract/messages.js';
import type { MessageJobRow, MessageTaskRow } from '../../../db/schema.js';

export function toJob(row: MessageJobRow, total: number): MessageJob {
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
    sendAt: row.send_at,
    subject: (JSON.parse(row.payload) as { subject?: string }).subject ?? '',
  };
}

const SENDING_STATUS_OF_TASK: Record<MessageTaskRow['status'], SendingStatus> = {
  QUEUED: 'QUEUED',
  SENDING: 'SENDING_STARTED',
  SENT: 'SENDING_FINISHED',
  FAILED: 'SENDING_FINISHED',
};

export function toTask(row: MessageTaskRow): MessageTask {
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
