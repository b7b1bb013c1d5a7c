import { ORDER_STATUS_EVENT, type OrderStatusEvent } from '../../../contract/orders.js';
import type { PaymentOrderStatus } from '../../../db/schema.js';
import type { Trx } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { Topic } from '../../lib/event-bus.js';
import * as repo from './orders.repo.js';

/**
 * Moves an order on from one of `from` (see repo.moveOrder) and, once that committed, tells its stream the new
 * status. Answers whether it moved.
 */
export async function moveOrder(
  deps: Deps,
  trx: Trx,
  id: string,
  from: readonly PaymentOrderStatus[],
  changes: Parameters<typeof repo.moveOrder>[3],
): Promise<boolean> {
  const moved = await repo.moveOrder(trx, id, from, changes);
  if (moved) {
    const data: OrderStatusEvent = { orderId: id, status: changes.status };
    trx.afterCommit(() => deps.bus.publish(Topic.order(id), ORDER_STATUS_EVENT, data));
  }
  return moved;
}
