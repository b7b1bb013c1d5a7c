import { createHash } from 'node:crypto';
import { CURRENCY, euros, type PaymentOptions, type PaymentOptionsValues } from '../../../contract/payment-options.js';
import { PaymentOptionsMessage } from '../../../contract/payment-options.messages.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { stripeOf } from '../../lib/stripe.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import * as repo from './payment-options.repo.js';

// An event's registration fee: at most one set of options per event (see payment-options.schema.ts for the wire).
// Once someone paid, the price is what they paid and the options stay; the payments come in a later slice.

/**
 * The options' id: derived from the event (sha256, laid out as a UUID of version 8), so it needs no column, is
 * the same on every answer and reveals nothing of the event's internal id. Being a UUID, logs redact it too.
 */
function optionsIdOf(runningDinnerId: string): string {
  const hex = createHash('sha256').update(`payment-options:${runningDinnerId}`).digest('hex');
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const answerOf = (row: repo.PaymentOptionRow): PaymentOptions => ({
  id: optionsIdOf(row.running_dinner_id),
  brandName: row.brand_name,
  pricePerRegistration: euros(row.price_per_registration_cents),
  pricePerRegistrationCents: row.price_per_registration_cents,
  currency: row.currency as typeof CURRENCY,
  agbLink: row.agb_link,
  redirectAfterPurchaseLink: row.redirect_after_purchase_link,
});

const columnsOf = (values: PaymentOptionsValues) => ({
  brand_name: values.brandName,
  price_per_registration_cents: values.pricePerRegistrationCents,
  currency: CURRENCY,
  agb_link: values.agbLink,
  redirect_after_purchase_link: values.redirectAfterPurchaseLink,
});

/** The event's options, or null when it takes no fee. */
export async function paymentOptionsOf(deps: Deps, dinner: RunningDinnerRow): Promise<PaymentOptions | null> {
  const row = await repo.findOptions(deps.db, dinner.id);
  return row ? answerOf(row) : null;
}

/** The event's options named by `id`: 404 for another event's or an unknown id, and when the event has none. */
async function optionsNamed(trx: Trx, dinner: RunningDinnerRow, id: string): Promise<repo.PaymentOptionRow> {
  const row = await repo.findOptions(trx, dinner.id);
  if (!row || id !== optionsIdOf(dinner.id)) throw notFound();
  return row;
}

const recordChange = (deps: Deps, trx: Trx, dinner: RunningDinnerRow) =>
  recordActivity(deps, trx, dinner.id, ActivityType.customAdminChange, 'ORGANIZER', deps.clock.now(), {
    change: 'paymentOptions',
  });

/** A fee nobody could pay is never set: people would fill in the whole form only to be refused. */
function assertPaymentProvider(deps: Deps): void {
  if (!stripeOf(deps.config)) throw new AppError('payments_not_configured', PaymentOptionsMessage.providerMissing.id);
}

export async function createPaymentOptions(
  deps: Deps,
  dinner: RunningDinnerRow,
  values: PaymentOptionsValues,
): Promise<PaymentOptions> {
  assertWritable(deps, dinner);
  assertPaymentProvider(deps);
  await writeTransaction(deps.db, async (trx) => {
    if (await repo.findOptions(trx, dinner.id))
      throw new AppError('payment_options_exist', PaymentOptionsMessage.optionsExist.id);
    await repo.insertOptions(trx, dinner.id, columnsOf(values));
    await recordChange(deps, trx, dinner);
  });
  return (await paymentOptionsOf(deps, dinner))!;
}

/** Name and links may always change; the price only while nobody has paid. */
export async function updatePaymentOptions(
  deps: Deps,
  dinner: RunningDinnerRow,
  id: string,
  values: PaymentOptionsValues,
): Promise<PaymentOptions> {
  assertWritable(deps, dinner);
  assertPaymentProvider(deps);
  await writeTransaction(deps.db, async (trx) => {
    const row = await optionsNamed(trx, dinner, id);
    const priceChanges = values.pricePerRegistrationCents !== row.price_per_registration_cents;
    if (priceChanges && (await repo.hasPaidRegistrations(trx, dinner.id)))
      throw new AppError('registrations_paid', PaymentOptionsMessage.priceFixed.id);
    await repo.updateOptions(trx, dinner.id, columnsOf(values));
    await recordChange(deps, trx, dinner);
  });
  return (await paymentOptionsOf(deps, dinner))!;
}

/** The event takes no fee from now on; refused once someone has paid. */
export async function deletePaymentOptions(deps: Deps, dinner: RunningDinnerRow, id: string): Promise<void> {
  assertWritable(deps, dinner);
  await writeTransaction(deps.db, async (trx) => {
    await optionsNamed(trx, dinner, id);
    if (await repo.hasPaidRegistrations(trx, dinner.id))
      throw new AppError('registrations_paid', PaymentOptionsMessage.optionsFixed.id);
    await repo.deleteOptions(trx, dinner.id);
    await recordChange(deps, trx, dinner);
  });
}
