import type { Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { DbOrTrx, Trx } from '../../../db/transaction.js';

export type PaymentOptionRow = Selectable<Database['payment_option']>;

type Values = Omit<PaymentOptionRow, 'running_dinner_id'>;

export const findOptions = (db: DbOrTrx, runningDinnerId: string): Promise<PaymentOptionRow | undefined> =>
  db.selectFrom('payment_option').selectAll().where('running_dinner_id', '=', runningDinnerId).executeTakeFirst();

export async function insertOptions(trx: Trx, runningDinnerId: string, values: Values): Promise<void> {
  await trx
    .insertInto('payment_option')
    .values({ running_dinner_id: runningDinnerId, ...values })
    .execute();
}

export async function updateOptions(trx: Trx, runningDinnerId: string, values: Values): Promise<void> {
  await trx.updateTable('payment_option').set(values).where('running_dinner_id', '=', runningDinnerId).execute();
}

export async function deleteOptions(trx: Trx, runningDinnerId: string): Promise<void> {
  await trx.deleteFrom('payment_option').where('running_dinner_id', '=', runningDinnerId).execute();
}

/** Whether anyone paid a registration of this event (and was not refunded). */
export async function hasPaidRegistrations(db: DbOrTrx, runningDinnerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_order')
    .select('id')
    .where('running_dinner_id', '=', runningDinnerId)
    .where('status', 'in', ['PAID', 'PAID_NOT_REGISTERED'])
    .executeTakeFirst();
  return row !== undefined;
}
