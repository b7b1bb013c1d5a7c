import type { RunningDinner } from '@contract/dinner';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { Button, LinkButton } from '../../components/Button';
import { Card } from '../../components/Card';
import { formatTimestamp } from '../../components/dateFormat';
import { PageTitle } from '../../components/PageTitle';
import { SkeletonLines } from '../../components/Skeleton';
import { errorMessage } from '../../lib/api';
import { useDashboardHref, useDinnerMutation } from './hooks';

type State =
  | { status: 'loading' }
  | { status: 'confirmed' }
  | { status: 'already'; acknowledgedDate: string | null }
  | { status: 'failed'; message: string };

function AlreadyConfirmed({
  acknowledgedDate,
  dashboardHref,
}: {
  acknowledgedDate: string | null;
  dashboardHref: string;
}) {
  const date = formatTimestamp(acknowledgedDate);
  return (
    <div data-testid="acknowledge-already">
      <p className="text-lg font-semibold text-primary-800">
        <Trans>Your e-mail address was already confirmed on {date}.</Trans>
      </p>
      <p className="mt-2 text-gray-700">
        <Trans>There is nothing more to do here.</Trans>
      </p>
      <LinkButton href={dashboardHref} className="mt-5">
        <Trans>To the overview</Trans>
      </LinkButton>
    </div>
  );
}

/**
 * The page the confirmation mail links to: confirms on arrival and says what happened. An address confirmed
 * before (by this link again, or by any other) is only reported: the server then answers every link alike.
 */
export function AcknowledgePage({ dinner }: { dinner: RunningDinner }) {
  const { acknowledgeId } = useParams<{ acknowledgeId: string }>();
  const mutateDinner = useDinnerMutation();
  const dashboardHref = useDashboardHref();
  const [state, setState] = useState<State>({ status: 'loading' });
  const started = useRef(false);
  const [confirmedBefore] = useState(dinner.acknowledgedDate !== null);

  const run = () => {
    setState({ status: 'loading' });
    mutateDinner('put', `/acknowledge/${encodeURIComponent(acknowledgeId ?? '')}`)
      .then((updated) =>
        setState(
          confirmedBefore ? { status: 'already', acknowledgedDate: updated.acknowledgedDate } : { status: 'confirmed' },
        ),
      )
      .catch((e: unknown) => setState({ status: 'failed', message: errorMessage(e) }));
  };
  const confirmed = state.status === 'confirmed' || state.status === 'already';

  // biome-ignore lint/correctness/useExhaustiveDependencies: confirms once when the page opens; StrictMode mounts twice, one request is enough
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, []);

  return (
    <>
      <PageTitle>
        {confirmed ? <Trans>E-mail address confirmed</Trans> : <Trans>Confirm your e-mail address</Trans>}
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
        {state.status === 'already' && (
          <AlreadyConfirmed acknowledgedDate={state.acknowledgedDate} dashboardHref={dashboardHref} />
        )}
        {state.status === 'confirmed' && (
          <div data-testid="acknowledge-success">
            <p className="text-lg font-semibold text-primary-800">
              <Trans>Thank you, your e-mail address is confirmed.</Trans>
            </p>
            <p className="mt-2 text-gray-700">
              <Trans>
                Nothing stands in the way of mails to your participants any more: you write them under Messages.
              </Trans>
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
