import type Stripe from 'stripe';
import { OrdersMessage } from '../../../contract/orders.messages.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { stripeOf, WEBHOOK_TOLERANCE_SECONDS } from '../../lib/stripe.js';

/** Whether every time the Stripe-Signature header names (`t=`, in seconds) is at most `latestSeconds`. */
const signedNoLaterThan = (signature: string, latestSeconds: number) => {
  const times = [...signature.matchAll(/(?:^|,)\s*t=([^,]*)/g)].map((match) => Number(match[1]));
  return times.length > 0 && times.every((t) => t <= latestSeconds);
};

/**
 * Verifies a webhook delivery on its raw body (signature, secret, at most 5 minutes old and at most 5 minutes
 * ahead: a signature dated later would stay replayable for that long) and answers the event. Stripe's clock signs,
 * so the real time is compared, not the app's clock.
 */
export function verifiedEvent(deps: Deps, rawBody: string, signature: string | undefined): Stripe.Event {
  const stripe = stripeOf(deps.config);
  const secret = deps.config.stripe?.webhookSecret;
  if (!stripe || !secret || !signature) throw new AppError('invalid_signature', OrdersMessage.invalidSignature.id);
  const receivedAtMs = Date.now();
  if (!signedNoLaterThan(signature, receivedAtMs / 1000 + WEBHOOK_TOLERANCE_SECONDS))
    throw new AppError('invalid_signature', OrdersMessage.invalidSignature.id);
  try {
    return stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      receivedAtMs,
    );
  } catch {
    throw new AppError('invalid_signature', OrdersMessage.invalidSignature.id);
  }
}
