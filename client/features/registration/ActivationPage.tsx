import type { ActivationResult } from '@contract/registration';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { Button, LinkButton } from '../../components/Button';
import { formatDate } from '../../components/dateFormat';
import { Skeleton } from '../../components/Skeleton';
import { ApiError, api } from '../../lib/api';
import { usePageTitle } from '../landing/LandingLayout';
import { publicDinnerPath, publicDinnerUrl, usePublicDinner } from './registration.api';

type Activation =
  | { status: 'loading' }
  | { status: 'done'; result: ActivationResult }
  | { status: 'failed'; error: ApiError | Error };

/** Confirms once per visit: React's strict mode mounts twice in development, and a reload may confirm again (harmless). */
function useActivation(publicDinnerId: string, participantId: string) {
  const [activation, setActivation] = useState<Activation>({ status: 'loading' });
  const started = useRef(false);
  const activate = useCallback(async () => {
    setActivation({ status: 'loading' });
    try {
      const result = await api.put<ActivationResult>(publicDinnerPath(publicDinnerId, `/${participantId}/activate`));
      setActivation({ status: 'done', result });
    } catch (error) {
      setActivation({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
    }
  }, [publicDinnerId, participantId]);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void activate();
  }, [activate]);
  return { activation, retry: activate };
}

const cardClass = 'mx-4 my-10 max-w-xl sm:mx-auto rounded-xl border bg-white p-6 shadow-sm sm:my-16 sm:p-8';

function Confirmed({ result, publicDinnerId }: { result: ActivationResult; publicDinnerId: string }) {
  const name = result.firstnamePart || result.lastname;
  const title = result.title;
  const date = formatDate(result.date);
  return (
    <div
      className={`${cardClass} border-primary-100`}
      data-testid="activation-result"
      data-already-activated={result.alreadyActivated}
    >
      <h1 className="text-2xl font-bold text-gray-900">
        {result.alreadyActivated ? (
          <Trans>You have already confirmed, {name}</Trans>
        ) : (
          <Trans>Registration confirmed, {name}!</Trans>
        )}
      </h1>
      <p className="mt-4 leading-relaxed text-gray-800">
        <Trans>
          You are registered for <strong>{title}</strong> on {date}.
        </Trans>
      </p>
      {result.onWaitingList ? (
        <div
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-4 leading-relaxed text-amber-950"
          data-testid="activation-waiting-list"
        >
          <p className="font-semibold">
            <Trans>You are on the waiting list</Trans>
          </p>
          <p className="mt-1">
            <Trans>
              The teams are already made. When someone cancels, the organiser can give you their place: you then get an
              e-mail with your partner, the course you cook and where. Your registration stays valid; you do not need to
              do anything.
            </Trans>
          </p>
        </div>
      ) : (
        <p className="mt-3 leading-relaxed text-gray-700">
          <Trans>
            Nothing else to do for now. Once registration has closed, the organiser forms the teams and sends you an
            e-mail with your partner, the course you cook and your route.
          </Trans>
        </p>
      )}
      <LinkButton href={publicDinnerUrl(publicDinnerId)} variant="secondary" className="mt-6">
        <Trans>To the event page</Trans>
      </LinkButton>
    </div>
  );
}

function ActivationFailed({
  error,
  publicDinnerId,
  onRetry,
}: {
  error: Error;
  publicDinnerId: string;
  onRetry: () => void;
}) {
  const status = error instanceof ApiError ? error.status : 0;
  // The organiser's address, if the event itself still answers.
  const { data: dinner } = usePublicDinner(publicDinnerId);
  const contact = dinner?.publicContactEmail;
  const mail = contact && (
    <a
      href={`mailto:${contact}`}
      className="font-medium [overflow-wrap:anywhere] text-primary-700 underline underline-offset-2"
    >
      {contact}
    </a>
  );
  return (
    <div role="alert" className={`${cardClass} border-red-200`} data-testid="activation-error" data-status={status}>
      <h1 className="text-2xl font-bold text-red-800">
        {status === 404 ? <Trans>This confirmation link is not valid</Trans> : <Trans>Confirmation failed</Trans>}
      </h1>
      <p className="mt-4 leading-relaxed text-gray-800">
        {status === 404 ? (
          <Trans>
            Please copy the whole link from the mail once more. If it still does not work, write to the organiser.
          </Trans>
        ) : status === 409 ? (
          error.message
        ) : (
          <Trans>We could not confirm your registration. Please try again later or write to the organiser.</Trans>
        )}
      </p>
      {mail && (
        <p className="mt-3 text-gray-800">
          <Trans>Organiser: {mail}</Trans>
        </p>
      )}
      {status !== 404 && status !== 409 && (
        <Button className="mt-6" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      )}
    </div>
  );
}

/** /running-dinner-events/{publicDinnerId}/{participantId}/activate: the confirmation link of the registration mail. */
export default function ActivationPage() {
  const { t } = useLingui();
  usePageTitle(t`Confirm registration`);
  const { publicDinnerId = '', participantId = '' } = useParams<{ publicDinnerId: string; participantId: string }>();
  const { activation, retry } = useActivation(publicDinnerId, participantId);
  if (activation.status === 'done') return <Confirmed result={activation.result} publicDinnerId={publicDinnerId} />;
  if (activation.status === 'failed')
    return <ActivationFailed error={activation.error} publicDinnerId={publicDinnerId} onRetry={() => void retry()} />;
  return (
    <div className={`${cardClass} border-gray-200`} role="status" aria-busy="true" data-testid="activation-loading">
      <p className="font-semibold text-gray-900">
        <Trans>Confirming your registration…</Trans>
      </p>
      <Skeleton className="mt-5 h-4 w-5/6" />
      <Skeleton className="mt-3 h-4 w-2/3" />
      <Skeleton className="mt-3 h-4 w-3/4" />
    </div>
  );
}
