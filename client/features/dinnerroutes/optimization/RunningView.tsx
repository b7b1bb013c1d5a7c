import type { OptimizationProgress, OptimizationState } from '@contract/route-optimization';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Skeleton } from '../../../components/Skeleton';
import { errorMessage } from '../../../lib/api';
import { snackbar, toast } from '../../../lib/toasts';
import { formatDistance } from '../cockpitModel';
import { useOptimizationActions } from '../optimizationHooks';
import { elapsedFraction, formatPercent, formatSeconds, gainedFraction, shorterFraction } from '../optimizationModel';
import { Figure } from './common';

// A run at work: the time it used of its budget, and its best total against today's and the lower bound (also the
// final figures while its proposal loads).

export function LiveFigures({ state }: { state: OptimizationState }) {
  const { t, i18n } = useLingui();
  const km = (m: number) => formatDistance(m, i18n.locale);
  const progress: OptimizationProgress | null = state.progress;
  const fraction = elapsedFraction(state);
  const elapsedSeconds = Math.min(state.budgetSeconds, (progress?.elapsedMs ?? 0) / 1000);
  const elapsed = formatSeconds(elapsedSeconds, i18n.locale, 1);
  const budget = formatSeconds(state.budgetSeconds, i18n.locale);
  const timeText = t`${elapsed} of ${budget} s`;
  const shorter = progress
    ? formatPercent(shorterFraction(progress.startTotalMeters, progress.bestTotalMeters), i18n.locale)
    : '';
  return (
    <div
      className="space-y-3"
      data-testid="optimization-progress"
      data-elapsed-ms={progress?.elapsedMs ?? 0}
      data-best={progress?.bestTotalMeters ?? ''}
    >
      <div>
        <p className="mb-1 flex justify-between gap-2 text-gray-700">
          <span>
            <Trans>Time used</Trans>
          </span>
          <span className="tabular-nums" data-testid="optimization-time">
            {timeText}
          </span>
        </p>
        <div
          className="h-3 w-full overflow-hidden rounded-full bg-gray-100"
          role="progressbar"
          aria-label={t`Time used`}
          aria-valuemin={0}
          aria-valuemax={state.budgetSeconds}
          aria-valuenow={elapsedSeconds}
          aria-valuetext={timeText}
          data-testid="optimization-progressbar"
        >
          <div
            className="h-full rounded-full bg-primary-600 transition-[width] duration-300"
            style={{ width: `${fraction * 100}%` }}
          />
        </div>
      </div>
      {progress ? (
        <>
          <dl className="grid grid-cols-3 gap-2">
            <Figure label={<Trans>Best so far</Trans>} value={km(progress.bestTotalMeters)} testId="progress-best" />
            <Figure label={<Trans>Today</Trans>} value={km(progress.startTotalMeters)} testId="progress-start" />
            <Figure label={<Trans>Lower bound</Trans>} value={km(progress.lowerBoundMeters)} testId="progress-bound" />
          </dl>
          <GainScale progress={progress} />
          <p className="text-gray-700">
            <Trans>So far {shorter} shorter than today.</Trans>
          </p>
        </>
      ) : (
        <Skeleton className="h-14 w-full" />
      )}
    </div>
  );
}

/** Today's total on the right, the lower bound on the left: the green part is what the best plan so far saves. */
function GainScale({ progress }: { progress: OptimizationProgress }) {
  const gained = gainedFraction(progress);
  return (
    <div aria-hidden="true">
      <div className="relative h-2 w-full rounded-full bg-gray-200">
        <div
          className="absolute inset-y-0 right-0 rounded-full bg-primary-600 transition-[width] duration-300"
          style={{ width: `${gained * 100}%` }}
        />
      </div>
      <p className="mt-1 flex justify-between text-xs text-gray-600">
        <span>
          <Trans>Lower bound</Trans>
        </span>
        <span>
          <Trans>Today</Trans>
        </span>
      </p>
    </div>
  );
}

export function RunningView({ state, onStopped }: { state: OptimizationState; onStopped: () => void }) {
  const { t } = useLingui();
  const actions = useOptimizationActions();
  const [busy, setBusy] = useState(false);
  const stop = async () => {
    setBusy(true);
    try {
      await actions.cancel(state.optimizationId);
      snackbar(t`Stopped. The routes stay as they were.`);
      onStopped();
    } catch (e) {
      toast(errorMessage(e), 'error');
    } finally {
      setBusy(false);
    }
  };
  const saving = state.status === 'FINISHED';
  return (
    <div className="space-y-3" data-testid={state.automatic ? 'optimization-automatic' : 'optimization-running'}>
      <p className="font-medium text-gray-900" role="status">
        {state.automatic ? (
          saving ? (
            <Trans>The routes were shortened automatically and are being saved…</Trans>
          ) : (
            <Trans>The routes are being shortened automatically…</Trans>
          )
        ) : (
          <Trans>Looking for shorter routes…</Trans>
        )}
      </p>
      {state.automatic && (
        <p className="text-gray-700">
          <Trans>
            The teams were made with “Prefer short distances”, or new teams joined shortened routes: the routes are
            shortened in the background and saved by themselves when it is done.
          </Trans>
        </p>
      )}
      <LiveFigures state={state} />
      {!state.automatic && (
        <Button
          variant="secondary"
          onClick={() => void stop()}
          disabled={busy || saving}
          className="w-full"
          data-testid="optimization-cancel"
        >
          {busy ? <Trans>Stopping…</Trans> : <Trans>Stop</Trans>}
        </Button>
      )}
    </div>
  );
}
