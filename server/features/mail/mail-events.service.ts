import type * as v from 'valibot';
import type { mailEventSchema } from '../../../contract/mail.js';
import { writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { markUndeliverable } from './undeliverable-addresses.js';

export type MailEvent = v.InferOutput<typeof mailEventSchema>;

/** What the report did to the mail: failed it, or nothing (no mail has that Message-ID, or no more). */
type ReportedMail =
  | { messageId: string; status: 'FAILED'; failureType: MailEvent['type'] }
  | { messageId: string; status: 'UNKNOWN' };

/** Message-IDs are stored as `<id@host>`; a provider's report may leave the brackets off. */
const bracketed = (messageId: string) => `<${messageId.trim().replace(/^<|>$/g, '')}>`;

/**
 * A bounce or complaint the mail provider reported after it took the mail: the task turns FAILED with the
 * reported type and text, its address is not mailed by the event's later jobs, and its job's progress is told once
 * that is committed.
 */
export async function reportMailEvent(deps: Deps, event: MailEvent): Promise<ReportedMail> {
  const messageId = bracketed(event.messageId);
  return writeTransaction(deps.db, async (trx) => {
    const task = await trx
      .selectFrom('message_task')
      .select(['id', 'running_dinner_id', 'message_job_id', 'recipient_email'])
      .where('message_id', '=', messageId)
      .executeTakeFirst();
    if (!task) return { messageId, status: 'UNKNOWN' };
    await trx
      .updateTable('message_task')
      .set({ status: 'FAILED', failure_type: event.type, last_error: event.description || null })
      .where('id', '=', task.id)
      .execute();
    const { running_dinner_id: runningDinnerId, message_job_id: messageJobId } = task;
    if (runningDinnerId && task.recipient_email !== '')
      await markUndeliverable(trx, runningDinnerId, task.recipient_email, event.type, deps.clock.now());
    if (runningDinnerId && messageJobId)
      trx.afterCommit(() => deps.mailQueue.emit('taskChanged', { runningDinnerId, messageJobId }));
    return { messageId, status: 'FAILED', failureType: event.type };
  });
}
