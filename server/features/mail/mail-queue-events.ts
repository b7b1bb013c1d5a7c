import { EventEmitter } from 'node:events';

/**
 * What changed in the queue, told after the commit: `queued` wakes the sender, `scheduled` the starter of scheduled
 * message jobs, `forgotten` (mails deleted with a participant or an event) has the outbox files deleted too. One per
 * server, built in main.ts (Deps.mailQueue).
 */
export type MailQueueEvents = EventEmitter<{
  queued: [];
  scheduled: [];
  forgotten: [];
  taskChanged: [TaskChange];
}>;

export const mailQueueEvents = (): MailQueueEvents => new EventEmitter();

/** A task of a message job moved on (claimed, sent, failed): the job's progress is told to its stream. */
export interface TaskChange {
  runningDinnerId: string;
  messageJobId: string;
}
