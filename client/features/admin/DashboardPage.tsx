import type { AfterPartyLocation, RunningDinner } from '@contract/dinner';
import { placeLine } from '@domain/events/place';
import { fullName } from '@domain/participants/names';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { LinkButton } from '../../components/Button';
import { Card } from '../../components/Card';
import { formatDate, formatEveningTime, formatTimestamp } from '../../components/dateFormat';
import { Loaded } from '../../components/Loaded';
import { PageTitle } from '../../components/PageTitle';
import { RelativeTime } from '../../components/RelativeTime';
import { SkeletonLines } from '../../components/Skeleton';
import { useLatestRegistrations, useLiveDinnerUpdates } from '../participants/hooks';
import { FeeNotChargedAlert } from '../payments/FeeNotChargedAlert';
import { PaidNotRegisteredAlert } from '../payments/PaidNotRegisteredAlert';
import { MealList } from '../shared/MealList';
import { ActivitiesCard } from './ActivitiesCard';
import { Checklist } from './DashboardChecklist';

function registrationTypeLabel(type: RunningDinner['basicDetails']['registrationType']) {
  return { PUBLIC: <Trans>Public</Trans>, OPEN: <Trans>Open (secret link)</Trans>, CLOSED: <Trans>Closed</Trans> }[
    type
  ];
}

/** Where and when everyone meets afterwards: the organiser checks the place at a glance. */
function AfterPartyLine({ party, date }: { party: AfterPartyLocation; date: string }) {
  const { title } = party;
  const when = formatEveningTime(party.time, date);
  const place = placeLine(party);
  return (
    <p className="mt-3 text-sm text-gray-700" data-testid="overview-after-party">
      <Trans>
        Afterwards: {title} from {when}, {place}
      </Trans>
    </p>
  );
}

function OverviewCard({ dinner }: { dinner: RunningDinner }) {
  const { title, date, city, zip, registrationType } = dinner.basicDetails;
  return (
    <Card
      title={<Trans>Your event</Trans>}
      testId="overview"
      action={
        dinner.readOnlyReason === null && (
          <Link href="/settings" className="text-sm font-semibold text-primary-700 underline underline-offset-2">
            <Trans>Edit</Trans>
          </Link>
        )
      }
    >
      <p className="text-lg font-semibold break-words text-gray-900">{title}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-600">
          <Trans>Date</Trans>
        </dt>
        <dd className="font-medium text-gray-900" data-testid="overview-date">
          {formatDate(date)}
        </dd>
        <dt className="text-gray-600">
          <Trans>City</Trans>
        </dt>
        <dd className="font-medium text-gray-900">
          {zip} {city}
        </dd>
        <dt className="text-gray-600">
          <Trans>Registration</Trans>
        </dt>
        <dd className="font-medium text-gray-900">{registrationTypeLabel(registrationType)}</dd>
        <dt className="text-gray-600">
          <Trans>Participants</Trans>
        </dt>
        <dd className="font-medium text-gray-900">{dinner.participantCount}</dd>
      </dl>
      <h3 className="mt-5 mb-2 text-sm font-semibold text-gray-900">
        <Trans>Meals</Trans>
      </h3>
      <MealList meals={dinner.options.meals} />
      {dinner.afterPartyLocation && <AfterPartyLine party={dinner.afterPartyLocation} date={date} />}
    </Card>
  );
}

const LATEST_SHOWN = 5;

function RegistrationsCard({ dinner }: { dinner: RunningDinner }) {
  const { data, error, mutate } = useLatestRegistrations();
  return (
    <Card
      title={<Trans>Latest participants</Trans>}
      testId="registrations"
      action={
        <Link
          href="/participants"
          className="shrink-0 text-sm font-semibold whitespace-nowrap text-primary-700 underline underline-offset-2"
          data-testid="registrations-show-all"
        >
          <Trans>Show all</Trans>
        </Link>
      }
    >
      <Loaded
        data={data}
        error={error}
        failure={(e) => e.message}
        onRetry={() => void mutate()}
        loading={<SkeletonLines lines={3} />}
        empty={
          data?.registrations.length === 0 && (
            <p className="text-sm text-gray-600" data-testid="registrations-empty">
              {dinner.basicDetails.registrationType === 'CLOSED' ? (
                <Trans>No registrations – registration is closed, you add the participants yourself.</Trans>
              ) : (
                <Trans>No registrations yet. Share the registration link, and new ones appear here.</Trans>
              )}
            </p>
          )
        }
      >
        {({ registrations }) => (
          <ul className="divide-y divide-gray-100">
            {registrations.slice(0, LATEST_SHOWN).map((r) => (
              <li key={r.participantId}>
                <Link
                  href={`/participants/${r.participantId}`}
                  data-testid="registration-link"
                  className="-mx-2 block rounded-lg px-2 py-2.5 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
                >
                  <span className="flex items-baseline justify-between gap-3">
                    <span className="min-w-0 truncate text-sm font-medium text-primary-800 underline-offset-2 hover:underline">
                      {fullName(r)}
                    </span>
                    <RelativeTime at={r.createdAt} className="shrink-0 text-xs text-gray-600" />
                  </span>
                  <span className="flex items-center justify-between gap-3">
                    <span className="min-w-0 truncate text-xs text-gray-600">{r.email}</span>
                    {!r.activated && (
                      <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                        <Trans>not confirmed yet</Trans>
                      </span>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </Card>
  );
}

function CancelledCard({ dinner }: { dinner: RunningDinner }) {
  return (
    <Card testId="cancelled" className="border-red-200">
      <h2 className="text-xl font-semibold text-red-800">
        <Trans>This running dinner was cancelled</Trans>
      </h2>
      <p className="mt-3 leading-relaxed text-gray-700">
        <Trans>
          It was cancelled on {formatTimestamp(dinner.cancellationDate)}. On{' '}
          <strong data-testid="deletion-date">{formatTimestamp(dinner.deletionDate)}</strong> it will be deleted
          together with all participants and mails. This cannot be undone.
        </Trans>
      </p>
      <LinkButton plain href="/running-dinner-wizard" className="mt-5">
        <Trans>Create a new running dinner</Trans>
      </LinkButton>
    </Card>
  );
}

export function DashboardPage({ dinner }: { dinner: RunningDinner }) {
  const cancelled = dinner.readOnlyReason === 'CANCELLED';
  useLiveDinnerUpdates();
  return (
    <>
      <PageTitle sub={<Trans>Everything about your running dinner at a glance.</Trans>}>
        <Trans>Overview</Trans>
      </PageTitle>
      <div className="grid gap-6 xl:grid-cols-3">
        <div className="min-w-0 space-y-6 xl:col-span-2">
          <PaidNotRegisteredAlert />
          <FeeNotChargedAlert />
          {cancelled ? <CancelledCard dinner={dinner} /> : <Checklist dinner={dinner} />}
          <ActivitiesCard />
        </div>
        <div className="min-w-0 space-y-6">
          <OverviewCard dinner={dinner} />
          {!cancelled && <RegistrationsCard dinner={dinner} />}
        </div>
      </div>
    </>
  );
}
