import type { ActivitiesPage, ActivityEntry, RegistrationBurst } from '@contract/activities';
import { todayIn } from '@domain/local-dates';
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Card } from '../../components/Card';
import { formatDate } from '../../components/dateFormat';
import { Loaded } from '../../components/Loaded';
import { RelativeTime } from '../../components/RelativeTime';
import { RetryLine } from '../../components/RetryLine';
import { SkeletonLines } from '../../components/Skeleton';
import { ActivityText } from './ActivityText';
import { useActivities, useOlderActivities } from './hooks';

function BurstText({ burst }: { burst: RegistrationBurst }) {
  const count = burst.names.length;
  const date = formatDate(burst.day);
  const today = burst.day === todayIn(burst.timeZone);
  if (burst.origin === 'ORGANIZER')
    return today ? (
      <Trans>{count} people added today</Trans>
    ) : (
      <Trans>
        {count} people added on {date}
      </Trans>
    );
  return today ? (
    <Trans>{count} people registered today</Trans>
  ) : (
    <Trans>
      {count} people registered on {date}
    </Trans>
  );
}

function Burst({ burst }: { burst: RegistrationBurst }) {
  return (
    <Disclosure>
      {({ open }) => (
        <>
          <span className="flex flex-wrap items-baseline gap-x-3" data-testid="activity-burst">
            <BurstText burst={burst} />
            <DisclosureButton className="rounded text-xs font-semibold text-primary-700 underline underline-offset-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500">
              {open ? <Trans>Hide names</Trans> : <Trans>Show names</Trans>}
            </DisclosureButton>
          </span>
          <DisclosurePanel
            as="p"
            className="mt-1 text-sm leading-relaxed break-words text-gray-700"
            data-testid="activity-burst-names"
          >
            {burst.names.join(', ')}
          </DisclosurePanel>
        </>
      )}
    </Disclosure>
  );
}

function ActivityLine({ entry }: { entry: ActivityEntry }) {
  return (
    <li
      className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
      data-testid="activity"
    >
      <span className="min-w-0 text-sm text-gray-900">
        {entry.type === 'REGISTRATION_BURST' ? <Burst burst={entry} /> : <ActivityText activity={entry} />}
      </span>
      <RelativeTime at={entry.createdAt} className="shrink-0 text-xs text-gray-600" />
    </li>
  );
}

/** While older pages are revalidated after a change, an entry may be on two pages for a moment. */
function uniqueById(entries: ActivityEntry[]): ActivityEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.id) && seen.add(entry.id));
}

function ActivityList({ latest }: { latest: ActivitiesPage }) {
  const [showAll, setShowAll] = useState(false);
  const older = useOlderActivities(showAll, latest);
  const entries = uniqueById([latest, ...older.pages].flatMap((page) => page.activities));
  return (
    <>
      <ul className="divide-y divide-gray-100" id="activity-list">
        {entries.map((entry) => (
          <ActivityLine key={entry.id} entry={entry} />
        ))}
      </ul>
      {older.loading && (
        <div role="status" className="mt-2">
          <span className="sr-only">
            <Trans>Loading older activities…</Trans>
          </span>
          <SkeletonLines lines={3} />
        </div>
      )}
      {older.error && <RetryLine message={older.error.message} onRetry={older.retry} />}
      {latest.hasMore && (
        <button
          type="button"
          aria-expanded={showAll}
          aria-controls="activity-list"
          onClick={() => setShowAll(!showAll)}
          className="mt-3 rounded text-sm font-semibold text-primary-700 underline underline-offset-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
          data-testid="activities-show-all"
        >
          {showAll ? <Trans>Show fewer</Trans> : <Trans>Show all activities</Trans>}
        </button>
      )}
    </>
  );
}

export function ActivitiesCard() {
  const { data, error, mutate } = useActivities();
  return (
    <Card title={<Trans>Activities</Trans>} testId="activities">
      <Loaded
        data={data}
        error={error}
        failure={(e) => e.message}
        onRetry={() => void mutate()}
        loading={<SkeletonLines lines={4} />}
        empty={
          data?.activities.length === 0 && (
            <p className="text-sm text-gray-600">
              <Trans>Nothing has happened yet.</Trans>
            </p>
          )
        }
      >
        {(latest) => <ActivityList latest={latest} />}
      </Loaded>
    </Card>
  );
}
