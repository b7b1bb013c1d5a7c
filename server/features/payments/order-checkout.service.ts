import type Stripe from 'stripe';
import type { Language } from '../../../contract/dinner.js';
import {
  ORDER_STATUS_EVENT,
  type OrderCreated,
  type OrderState,
  type OrderStatusEvent,
} from '../../../contract/orders.js';
import { OrdersMessage } from '../../../contract/orders.messages.js';
import type { RegistrationForm } from '../../../contract/participants.js';
import { writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid, newId, redactIds } from '../../lib/ids.js';
import { paymentPageUrl } from '../links/links.js';
import { reserveMailTo } from '../mail/mail-limits.js';
import { publicDinnerForPayment } from '../registration/public-dinners.service.js';
import { checkRegistration } from '../registration/registration-check.service.js';
import * as repo from './orders.repo.js';
import { stripeClient } from './stripe-client.js';

/**
 * Checks the registration exactly like `register`, stores it as a pending order and opens a Stripe Checkout Session
 * for it (the order id is the idempotency key, so a retried request cannot open a second one).
 */
export async function createOrder(
  deps: Deps,
  publicDinnerId: string,
  form: RegistrationForm,
  requestLanguage: Language,
): Promise<OrderCreated> {
  const stripe = stripeClient(deps);
  const { dinner, summary } = await checkRegistration(deps, publicDinnerId, form);
  if (!summary.totalPrice) throw new AppError('no_registration_fee', OrdersMessage.noRegistrationFee.id);
  await reserveMailTo(deps, form.email);
  const orderId = newId();
  const now = deps.clock.now().toISOString();
  const { amountCents, currency } = summary.totalPrice;
  await writeTransaction(deps.db, (trx) =>
    repo.insertOrder(trx, {
      id: orderId,
      running_dinner_id: dinner.id,
      status: 'PENDING',
      email: form.email,
      firstname_part: form.firstnamePart,
      lastname: form.lastname,
      registration: JSON.stringify(form),
      language_code: form.languageCode ?? requestLanguage,
      amount_cents: amountCents,
      currency,
      created_at: now,
    }),
  );
  const session = await openCheckout(stripe, {
    orderId,
    email: form.email,
    amountCents,
    currency,
    name: dinner.public_title,
    returnUrl: paymentPageUrl(deps, dinner.public_dinner_id, orderId),
  });
  await writeTransaction(deps.db, (trx) =>
    repo.setCheckoutSession(trx, orderId, session.id, deps.clock.now().toISOString()),
  );
  return { orderId, checkoutUrl: session.url ?? '' };
}

interface Checkout {
  orderId: string;
  email: string;
  amountCents: number;
  currency: string;
  name: string;
  returnUrl: string;
}

async function openCheckout(stripe: Stripe, checkout: Checkout): Promise<Stripe.Checkout.Session> {
  try {
    return await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: checkout.orderId,
        customer_email: checkout.email,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: checkout.currency.toLowerCase(),
              unit_amount: checkout.amountCents,
              product_data: { name: checkout.name },
            },
          },
        ],
        success_url: checkout.returnUrl,
        cancel_url: `${checkout.returnUrl}?cancelled`,
        metadata: { orderId: checkout.orderId },
      },
      { idempotencyKey: checkout.orderId },
    );
  } catch (error) {
    console.error('stripe: no checkout session:', redactIds(String(error)));
    throw new AppError('payment_provider_unreachable', OrdersMessage.providerUnreachable.id, undefined, 60);
  }
}

/** The status of an order of this event (the payment page follows it); 404 for another event's or an unknown one. */
export async function orderState(deps: Deps, publicDinnerId: string, orderId: string): Promise<OrderState> {
  const order = isUuid(orderId) ? await repo.findOrder(deps.db, orderId) : undefined;
  const event = order ? await publicDinnerForPayment(deps, deps.db, order.running_dinner_id) : null;
  if (!order || event?.dinner.public_dinner_id !== publicDinnerId) throw notFound();
  return { orderId: order.id, status: order.status };
}

// ---- the payment page's live status ----

/** What a stream of an order needs: 404 like `orderState`; `ended` once it is no longer PENDING (its last event). */
export async function orderStreamOf(
  deps: Deps,
  publicDinnerId: string,
  orderId: string,
): Promise<{ ended: { type: string; data: OrderStatusEvent } | null }> {
  const state = await orderState(deps, publicDinnerId, orderId);
  return { ended: state.status === 'PENDING' ? null : { type: ORDER_STATUS_EVENT, data: state } };
}
