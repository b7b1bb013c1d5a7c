import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { usePaymentOptions, usePaymentsFollowingActivities } from './hooks';

/**
 * On the dashboard: the event has a fee, but this server has no payment provider (its key was removed after the fee
 * was set). Registering stays free meanwhile, and the organiser must know it. Nothing shows otherwise.
 */
export function FeeNotChargedAlert() {
  const options = usePaymentOptions().data;
  const payments = usePaymentsFollowingActivities().data;
  if (!options || payments?.stripeConfigured !== false) return null;
  return (
    <section
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6"
      data-testid="fee-not-charged-alert"
    >
      <h2 className="text-lg font-semibold">
        <Trans>The registration fee is not charged</Trans>
      </h2>
      <p className="mt-1 text-sm leading-relaxed">
        <Trans>
          Card payments are not set up on this server any more, so people register for free until they are. Whoever runs
          the server sets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.
        </Trans>{' '}
        <Link href="/payments" className="font-semibold underline underline-offset-2">
          <Trans>To the payments</Trans>
        </Link>
      </p>
    </section>
  );
}
