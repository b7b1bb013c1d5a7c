import { MessagesMessage } from '../../../contract/messages.messages.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { AppError, ErrorMessage } from '../../lib/errors.js';

/**
 * Messages go out only once the organiser proved the address is theirs: a demo's too, since its mails all go to that
 * address.
 */
export function assertMessagingUnlocked(dinner: RunningDinnerRow): void {
  if (dinner.cancelled_at) throw new AppError('dinner_cancelled', ErrorMessage.dinnerCancelled.id);
  if (dinner.acknowledged_at === null) throw new AppError('messaging_locked', MessagesMessage.messagingLocked.id);
}
