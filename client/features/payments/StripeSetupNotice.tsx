import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { CopyButton } from '../../components/CopyButton';

/** The Stripe events the server listens to; the webhook endpoint must send these. */
const WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
];

function Setting({ name, children }: { name: string; children: ReactNode }) {
  return (
    <li className="min-w-0">
      <code className="rounded bg-white px-1.5 py-0.5 font-mono text-sm font-semibold break-all text-gray-900 ring-1 ring-amber-200">
        {name}
      </code>
      <div className="mt-1">{children}</div>
    </li>
  );
}

/**
 * Without a Stripe key the server cannot take payments. Whoever runs it (often the organiser) reads here what to
 * set; everything else in the app works as before.
 */
export function StripeSetupNotice() {
  // The browser's origin stands for PUBLIC_URL: the server is reached there.
  const webhookUrl = `${window.location.origin}/rest/stripe/webhook`;
  return (
    <section
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-sm leading-relaxed text-amber-950 sm:p-6"
      data-testid="stripe-not-configured"
      aria-labelledby="stripe-setup-title"
    >
      <h2 id="stripe-setup-title" className="text-lg font-semibold text-amber-950">
        <Trans>Card payments are not set up on this server</Trans>
      </h2>
      <p className="mt-2">
        <Trans>
          Registration fees are paid through Stripe. Whoever runs this server needs a Stripe account and sets these two
          settings, then restarts the server. Until then, everything else works as before.
        </Trans>
      </p>
      <ol className="mt-4 space-y-4">
        <Setting name="STRIPE_SECRET_KEY">
          <Trans>
            The secret key from the Stripe dashboard (Developers → API keys): sk_live_…, or sk_test_… to try it out
            without real money.
          </Trans>
        </Setting>
        <Setting name="STRIPE_WEBHOOK_SECRET">
          <p>
            <Trans>
              The signing secret (whsec_…) of a webhook endpoint you add in Stripe (Developers → Webhooks) with this
              URL:
            </Trans>
          </p>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
            <code
              className="min-w-0 flex-1 rounded-lg border border-amber-200 bg-white px-3 py-2 font-mono text-xs break-all text-gray-900"
              data-testid="stripe-webhook-url"
            >
              {webhookUrl}
            </code>
            <CopyButton text={webhookUrl} className="shrink-0" />
          </div>
          <p className="mt-1 text-xs text-amber-900">
            <Trans>That is the server's PUBLIC_URL followed by /rest/stripe/webhook.</Trans>
          </p>
          <p className="mt-2">
            <Trans>Let the endpoint send these events:</Trans>
          </p>
          <ul className="mt-1 space-y-1" data-testid="stripe-webhook-events">
            {WEBHOOK_EVENTS.map((event) => (
              <li key={event}>
                <code className="font-mono text-xs break-all text-gray-900">{event}</code>
              </li>
            ))}
          </ul>
        </Setting>
      </ol>
    </section>
  );
}
