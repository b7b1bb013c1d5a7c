import type { Meal } from '@contract/dinner';
import type { TeamCancellationResult } from '@contract/teams';
import { Trans } from '@lingui/react/macro';
import { RetryLine } from '../../../components/RetryLine';
import { SkeletonLines } from '../../../components/Skeleton';
import { DryRunSummary } from './DryRunSummary';

/** "What would change": the dry run while it is asked, its failure with a retry, or its answer. */
export function DryRunSection({
  dryRun,
  dryRunError,
  onRetry,
  meals,
}: {
  dryRun: TeamCancellationResult | null;
  dryRunError: string | null;
  onRetry: () => void;
  meals: readonly Meal[];
}) {
  return (
    <section
      className="mt-5"
      aria-live="polite"
      aria-busy={dryRun === null && dryRunError === null}
      data-testid="dry-run"
    >
      <h3 className="text-sm font-semibold text-gray-900">
        <Trans>What would change</Trans>
      </h3>
      {dryRunError ? (
        <div className="mt-2">
          <RetryLine message={dryRunError} onRetry={onRetry} />
        </div>
      ) : !dryRun ? (
        <div className="mt-2">
          <p className="mb-2 text-sm text-gray-600">
            <Trans>Checking which teams are affected…</Trans>
          </p>
          <SkeletonLines lines={3} />
        </div>
      ) : (
        <DryRunSummary result={dryRun} meals={meals} />
      )}
    </section>
  );
}
