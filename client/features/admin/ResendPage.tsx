import type { RunningDinner } from '@contract/dinner';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageTitle } from '../../components/PageTitle';
import { useAction } from '../../components/useAction';
import { useDashboardHref, useDinnerMutation } from './hooks';
import { NewAddressForm } from './NewAddressForm';

/** Sends the confirmation mail once more (it may have landed in spam, or been deleted). */
export function ResendPage({ dinner }: { dinner: RunningDinner }) {
  const { t } = useLingui();
  const mutateDinner = useDinnerMutation();
  const dashboardHref = useDashboardHref();
  const { busy, run } = useAction();
  const [sent, setSent] = useState(false);
  const email = dinner.email;

  const resend = () =>
    run(async () => {
      await mutateDinner('put', '/resend-runningdinner-created-message');
      setSent(true);
    }, t`We sent the confirmation link again to ${email}.`);

  return (
    <>
      <PageTitle>
        <Trans>Resend the confirmation link</Trans>
      </PageTitle>
      <Card className="max-w-2xl">
        {!dinner.messagingLocked ? (
          <p className="text-gray-700" data-testid="already-confirmed">
            <Trans>Your e-mail address is already confirmed. There is nothing more to do here.</Trans>
          </p>
        ) : (
          <>
            <p className="leading-relaxed text-gray-700">
              <Trans>
                When you created the running dinner we sent a mail with a confirmation link to{' '}
                <strong className="break-all">{email}</strong>. If it did not arrive, look in your spam folder too – or
                let us send it again.
              </Trans>
            </p>
            <Button className="mt-5" onClick={() => void resend()} disabled={busy || dinner.readOnlyReason !== null}>
              {busy ? <Trans>Sending…</Trans> : <Trans>Send the link again</Trans>}
            </Button>
            {sent && (
              <p className="mt-4 text-sm text-gray-700" role="status">
                <Trans>Sent. It may take a minute or two to arrive.</Trans>
              </p>
            )}
            <NewAddressForm dinner={dinner} onSent={() => setSent(true)} />
          </>
        )}
        <Link href={dashboardHref} className="mt-6 block font-semibold text-primary-700 underline underline-offset-2">
          <Trans>Back to the overview</Trans>
        </Link>
      </Card>
    </>
  );
}
