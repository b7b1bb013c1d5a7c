import { Skeleton, SkeletonLines } from '../../../components/Skeleton';

/** The job page's shape while the job loads. */
export function JobSkeleton() {
  return (
    <div className="space-y-6" data-testid="job-loading">
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-9 w-2/3" />
      <div className="space-y-3 rounded-xl border border-gray-200 bg-white p-6">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-3 w-full" />
      </div>
      <div className="space-y-3 rounded-xl border border-gray-200 bg-white p-6">
        <SkeletonLines lines={6} />
      </div>
    </div>
  );
}
