import type { DinnerRoutesResponse } from '@contract/dinner-routes';
import type { OptimizationPreview } from '@contract/route-optimization';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { RetryLine } from '../../../components/RetryLine';
import { SkeletonLines } from '../../../components/Skeleton';
import { useAdminId } from '../../admin/hooks';
import { useOptimizationRun, useOptimizationStore, usePrediction } from '../optimizationHooks';
import { runToFollow } from '../optimizationModel';
import { cardClass } from './common';
import { AppliedView, FailedView } from './EndViews';
import { PreviewView } from './PreviewView';
import { RunningView } from './RunningView';
import { StartView } from './StartView';

// The cockpit's optimisation: what it may gain, its settings, a run's live progress, the proposal with apply and
// discard, and an automatic run the server started itself.

/** The panel between the map's settings and the lists; not shown for a read-only dinner. */
export function OptimizationPanel({
  data,
  onShowOnMap,
}: {
  data: DinnerRoutesResponse;
  /** The proposal the map draws during its preview (null: today's routes). */
  onShowOnMap: (proposal: OptimizationPreview | null) => void;
}) {
  const { t } = useLingui();
  const adminId = useAdminId();
  const prediction = usePrediction();
  const remembered = useOptimizationStore((s) => s.followed[adminId]);
  const follow = useOptimizationStore((s) => s.follow);
  const dismissed = useOptimizationStore((s) => s.dismissed[adminId]);
  const followedId = runToFollow(remembered, prediction.data, dismissed);
  const run = useOptimizationRun(followedId);

  // A run the server reports (an automatic one, another browser's run or proposal) is kept once seen, so that its end stays on screen.
  useEffect(() => {
    if (!remembered && followedId) follow(adminId, followedId);
  }, [remembered, followedId, adminId, follow]);
  // A run the server no longer knows (another event's, or gone) is forgotten; so is one stopped elsewhere.
  const gone = run.status.error?.status === 404 || run.state?.status === 'CANCELLED';
  useEffect(() => {
    if (gone) follow(adminId, null);
  }, [gone, adminId, follow]);

  const state = run.state;
  const phase = !followedId || gone ? 'idle' : !state ? 'loading' : state.status;
  return (
    <section
      className={cardClass}
      aria-labelledby="optimization-heading"
      data-testid="optimization-panel"
      data-phase={phase}
    >
      <h2 id="optimization-heading" className="font-semibold text-gray-900">
        <Trans>Shorter routes</Trans>
      </h2>
      <div className="mt-2 space-y-3 text-sm">
        {phase === 'idle' ? (
          prediction.error && !prediction.data ? (
            <RetryLine
              message={`${t`What the routes may gain could not be loaded.`} ${prediction.error.message}`}
              onRetry={() => void prediction.mutate()}
            />
          ) : !prediction.data ? (
            <SkeletonLines lines={5} />
          ) : (
            <StartView prediction={prediction.data} onStarted={(id) => follow(adminId, id)} />
          )
        ) : phase === 'loading' ? (
          run.status.error ? (
            <RetryLine
              message={`${t`The run could not be loaded.`} ${run.status.error.message}`}
              onRetry={() => void run.status.mutate()}
            />
          ) : (
            <SkeletonLines lines={4} />
          )
        ) : state?.status === 'RUNNING' || (state?.status === 'FINISHED' && state.automatic) ? (
          <RunningView state={state} onStopped={() => follow(adminId, null)} />
        ) : state?.status === 'FINISHED' ? (
          <PreviewView
            state={state}
            preview={run.preview}
            data={data}
            onDone={(id) => follow(adminId, id)}
            onShowOnMap={onShowOnMap}
          />
        ) : state?.status === 'APPLIED' ? (
          <AppliedView state={state} onDone={() => follow(adminId, null)} />
        ) : state?.status === 'FAILED' ? (
          <FailedView state={state} onDone={(id) => follow(adminId, id)} />
        ) : null}
      </div>
    </section>
  );
}
