import type { DinnerEventData, DinnerEventType } from '../../../contract/dinner-events.js';
import type { Trx } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { Topic } from '../../lib/event-bus.js';

/** Tells the dinner's live stream what changed once `trx` committed; a rolled-back change is never announced. */
export function publishDinnerEvent<T extends DinnerEventType>(
  deps: Pick<Deps, 'bus'>,
  trx: Trx,
  runningDinnerId: string,
  type: T,
  data: DinnerEventData[T],
): void {
  trx.afterCommit(() => deps.bus.publish(Topic.dinner(runningDinnerId), type, data));
}
