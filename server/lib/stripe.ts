import Stripe from 'stripe';

/** Seconds a signed webhook stays valid (Stripe's default): older ones are refused as replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE, as config.ts reads them. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string | null;
  apiBase: string | null;
}

const clients = new WeakMap<StripeSettings, Stripe>();

/**
 * The Stripe client of the configuration, or null when no secret key is set (registration fees cannot be paid).
 * STRIPE_API_BASE points it at another host, such as the tests' local stand-in.
 */
export function stripeOf(config: { stripe: StripeSettings | null }): Stripe | null {
  if (!config.stripe) return null;
  let client = clients.get(config.stripe);
  if (!client) {
    const base = config.stripe.apiBase ? new URL(config.stripe.apiBase) : null;
    client = new Stripe(config.stripe.secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
    clients.set(config.stripe, client);
  }
  return client;
}
