import { Trans } from '@lingui/react/macro';
import type { RunningDinner } from '@server/features/events/events.schema';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { Button, LinkButton } from '../../components/Button';
import { SkeletonLines } from '../../components/Skeleton';
import { errorMessage } from '../../lib/api';
import { Card } from '../../components/Card';
import { PageTitle } from '../../components/PageTitle';
import { useDashboardHref, useDinnerMutation } from './hooks';

type State = { status: 'loading' } | { status: 'done'; dinner: RunningDinner } | { status: 'failed'; message: string };

/** The page the confirmation mail links to: confirms on arrival (twice is harmless) and says what happened. */
export function AcknowledgePage() {
  const { acknowledgeId } = useParams<{ acknowledgeId: string }>();
  const mutateDinner = useDinnerMutation();
  const dashboardHref = useDashboardHref();
  const [state, setState] = useState<State>({ status: 'loading' });
  const started = useRef(false);

  const run = () => {
    setState({ status: 'loading' });
    mutateDinner('put', `/acknowledge/${encodeURIComponent(acknowledgeId ?? '')}`)
      .then((dinner) => setState({ status: 'done', dinner }))
      .catch((e: unknown) => setState({ status: 'failed', message: errorMessage(e) }));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: confirms once when the page opens; StrictMode mounts twice, one request is enough
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, []);

  return (
    <>
      <PageTitle>
        <Trans>Confirm your e-mail address</Trans>
      </PageTitle>
      <Card className="max-w-2xl" testId="acknowledge">
        {state.status === 'loading' && (
          <div role="status">
            <p className="mb-4 text-gray-700">
              <Trans>Confirming your e-mail address…</Trans>
            </p>
            <SkeletonLines lines={2} />
          </div>
        )}
        {state.status === 'done' && (
          <div data-testid="acknowledge-success">
            <p className="text-lg font-semibold text-primary-800">
              <Trans>Thank you, your e-mail address is confirmed.</Trans>
            </p>
            <p className="mt-2 text-gray-700">
              <Trans>Your running dinner is now fully unlocked: you can send mails to your participants as soon as they are there.</Trans>
            </p>
            <LinkButton href={dashboardHref} className="mt-5">
              <Trans>To the overview</Trans>
            </LinkButton>
          </div>
        )}
        {state.status === 'failed' && (
          <div role="alert" data-testid="acknowledge-failed">
            <p className="text-lg font-semibold text-red-800">
              <Trans>Your e-mail address could not be confirmed.</Trans>
            </p>
            <p className="mt-2 text-gray-700">{state.message}</p>
            <p className="mt-2 text-gray-700">
              <Trans>Please use the link from the newest mail, or let us send you a new one.</Trans>
            </p>
            <div className="mt-5 flex flex-col gap-3 sm:flex-row">
              <LinkButton href="/resend">
                <Trans>Resend the link</Trans>
              </LinkButton>
              <Button variant="secondary" onClick={run}>
                <Trans>Try again</Trans>
              </Button>
            </div>
          </div>
        )}
      </Card>
    </>
  );
}
