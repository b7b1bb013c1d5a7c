import type { PublicRunningDinner } from '@contract/registration';
import { Trans, useLingui } from '@lingui/react/macro';
import useSWR from 'swr';
import { Link } from 'wouter';
import { LinkButton } from '../../components/Button';
import { formatDate, formatTime } from '../../components/dateFormat';
import { Loaded } from '../../components/Loaded';
import { SkeletonLines } from '../../components/Skeleton';
import type { ApiError } from '../../lib/api';
import { usePageTitle, WIZARD_URL } from './LandingLayout';

function EventCard({ event }: { event: PublicRunningDinner }) {
  const first = event.meals[0];
  const href = `/running-dinner-events/${event.publicDinnerId}`;
  return (
    <li className="flex flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm" data-testid="public-event">
      <p className="text-sm font-semibold text-primary-700">
        {formatDate(event.date)}
        {first && <> · {formatTime(first.time)}</>} · {event.city}
      </p>
      <h2 className="mt-1 text-lg font-semibold break-words text-gray-900">
        <Link href={href} className="underline-offset-2 hover:underline focus-visible:underline">
          {event.title}
        </Link>
      </h2>
      <p className="mt-2 line-clamp-3 flex-1 text-sm text-gray-700">{event.description}</p>
      <p className="mt-3 text-xs text-gray-600">
        <Trans>Registration until {formatDate(event.endOfRegistrationDate)}</Trans>
      </p>
      <LinkButton href={href} className="mt-4">
        <Trans>Details and registration</Trans>
      </LinkButton>
    </li>
  );
}

export function PublicEventsPage() {
  const { t } = useLingui();
  usePageTitle(t`Public running dinners`);
  const { data: events, error, mutate } = useSWR<PublicRunningDinner[], ApiError>('/frontend/v1/runningdinner');
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">
        <Trans>Public running dinners</Trans>
      </h1>
      <p className="mt-3 max-w-2xl text-lg text-gray-600">
        <Trans>These events are open for public registration. Register alone or with your partner.</Trans>
      </p>
      <div className="mt-8">
        <Loaded
          data={events}
          error={error}
          failure={(e) => e.message}
          onRetry={() => void mutate()}
          frame="screen"
          loading={
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
              {Array.from({ length: 3 }, (_, i) => (
                <li key={i} className="rounded-xl border border-gray-200 bg-white p-5">
                  <SkeletonLines lines={5} />
                </li>
              ))}
            </ul>
          }
          empty={
            events?.length === 0 && (
              <div
                className="rounded-xl border border-dashed border-gray-300 bg-gray-50 p-8 text-center"
                data-testid="public-events-empty"
              >
                <p className="font-semibold text-gray-900">
                  <Trans>At the moment there is no public running dinner.</Trans>
                </p>
                <p className="mx-auto mt-2 max-w-md text-sm text-gray-600">
                  <Trans>Why not organise one yourself? It takes five minutes and is free.</Trans>
                </p>
                <LinkButton plain href={WIZARD_URL} className="mt-5">
                  <Trans>Create running dinner</Trans>
                </LinkButton>
              </div>
            )
          }
        >
          {(loaded) => (
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {loaded.map((event) => (
                <EventCard key={event.publicDinnerId} event={event} />
              ))}
            </ul>
          )}
        </Loaded>
      </div>
    </div>
  );
}
