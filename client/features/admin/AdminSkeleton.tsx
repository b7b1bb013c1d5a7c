import { Trans } from '@lingui/react/macro';
import { Skeleton, SkeletonLines } from '../../components/Skeleton';

/** The admin layout's shape while the event loads. */
export function AdminSkeleton() {
  return (
    <div className="min-h-screen bg-gray-50" role="status" aria-live="polite">
      <span className="sr-only">
        <Trans>Loading your running dinner…</Trans>
      </span>
      <div className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3">
          <Skeleton className="h-6 w-32" />
          <Skeleton className="hidden h-5 w-64 sm:block" />
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl gap-8 px-4 py-6">
        <div className="hidden w-60 shrink-0 space-y-2 lg:block">
          {Array.from({ length: 7 }, (_, i) => (
            <Skeleton key={i} className="h-9 w-full" />
          ))}
        </div>
        <div className="min-w-0 flex-1 space-y-6">
          <Skeleton className="h-8 w-1/2" />
          <div className="grid gap-6 xl:grid-cols-3">
            <div className="rounded-xl border border-gray-200 bg-white p-6 xl:col-span-2">
              <SkeletonLines lines={6} />
            </div>
            <div className="rounded-xl border border-gray-200 bg-white p-6">
              <SkeletonLines lines={4} />
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
