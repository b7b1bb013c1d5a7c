import type { ReactNode } from 'react';
import useSWR, { type KeyedMutator } from 'swr';
import { ErrorScreen } from '../../components/ErrorScreen';
import { Skeleton, SkeletonLines } from '../../components/Skeleton';
import type { ApiError } from '../../lib/api';
import { NotShownYet } from './NotShownYet';
import { SelfLinkInvalid } from './SelfLinkInvalid';

export const selfCardClass = 'rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6';

/** The shape of a personal page while it loads: heading, intro and two cards. */
function SelfPageSkeleton({ label }: { label: string }) {
  return (
    <div className="space-y-6" aria-busy="true" role="status" aria-label={label}>
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <div className={selfCardClass}>
        <SkeletonLines lines={5} />
      </div>
      <div className={selfCardClass}>
        <SkeletonLines lines={4} />
      </div>
    </div>
  );
}

interface SelfDataProps<T> {
  /** The API path (the swr key). */
  path: string;
  loadingLabel: string;
  children: (data: T, mutate: KeyedMutator<T>) => ReactNode;
}

/** Loads what a personal link shows: a wrong or outdated link says so, other failures offer a retry. */
export function SelfData<T>({ path, loadingLabel, children }: SelfDataProps<T>) {
  const { data, error, mutate } = useSWR<T, ApiError>(path);
  if (error?.status === 404) return <SelfLinkInvalid />;
  if (error?.code === 'team_not_shown' || error?.code === 'route_not_shown')
    return <NotShownYet message={error.message} />;
  if (error && !data) return <ErrorScreen message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <SelfPageSkeleton label={loadingLabel} />;
  return <>{children(data, mutate)}</>;
}

/** A phone number as a tel: link (digits and a leading + only). */
export function PhoneLink({ number, className = '' }: { number: string; className?: string }) {
  return (
    <a
      href={`tel:${number.replace(/[^\d+]/g, '')}`}
      className={`font-medium text-primary-700 underline underline-offset-2 ${className}`}
    >
      {number}
    </a>
  );
}
