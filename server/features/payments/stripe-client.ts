import type Stripe from 'stripe';
import { OrdersMessage } from '../../../contract/orders.messages.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { stripeOf } from '../../lib/stripe.js';

/** The configured Stripe client; without one, fees cannot be paid or given back. */
export function stripeClient(deps: Deps): Stripe {
  const stripe = stripeOf(deps.config);
  if (!stripe) throw new AppError('payments_not_configured', OrdersMessage.notConfigured.id);
  return stripe;
}
