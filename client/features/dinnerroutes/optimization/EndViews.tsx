import type { OptimizationState } from '@contract/route-optimization';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/Button';
import { useTeams } from '../../teams/hooks';
import { formatDistance } from '../cockpitModel';
import { useOptimizationActions } from '../optimizationHooks';
import { RefusalNote, useRefusal } from './common';

/** Starts the run anew with the same settings, after discarding the old one (which frees its place). */
export function useRunAgain(state: OptimizationState, onDone: (optimizationId: string | null) => void) {
  const actions = useOptimizationActions();
  const [busy, setBusy] = useState(false);
  const { refused, fail } = useRefusal();
  const dropOld = async () => {
    if (state.status !== 'FINISHED' && state.status !== 'RUNNING') return;
    // Already ended elsewhere: nothing to discard.
    await actions.cancel(state.optimizationId).catch(() => undefined);
  };
  return {
    busy,
    refused,
    run: async () => {
      setBusy(true);
      try {
        await dropOld();
        const next = await actions.start({
          ignoreMealAssignments: state.ignoreMealAssignments,
          minimumDistanceInMeters: state.minimumDistanceInMeters,
        });
        onDone(next.optimizationId);
      } catch (e) {
        fail(e);
      } finally {
        setBusy(false);
      }
    },
    discard: async () => {
      setBusy(true);
      try {
        await dropOld();
        onDone(null);
      } finally {
        setBusy(false);
      }
    },
  };
}

type RunAgain = ReturnType<typeof useRunAgain>;

/** Under a run that cannot be saved: why a new one was refused, "run again" and the way out (`other`). */
export function RunAgainActions({
  again,
  runLabel,
  other,
}: {
  again: RunAgain;
  runLabel: ReactNode;
  other: { label: ReactNode; onClick: () => void; testId: string };
}) {
  return (
    <>
      {again.refused && <RefusalNote refused={again.refused} />}
      <div className="flex flex-col gap-2 sm:flex-row xl:flex-col 2xl:flex-row">
        <Button
          onClick={() => void again.run()}
          disabled={again.busy}
          className="flex-1"
          data-testid="optimization-run-again"
        >
          {again.busy ? <Trans>Starting…</Trans> : runLabel}
        </Button>
        <Button
          variant="secondary"
          onClick={other.onClick}
          disabled={again.busy}
          className="flex-1"
          data-testid={other.testId}
        >
          {other.label}
        </Button>
      </div>
    </>
  );
}

// After a run: saved, or failed.

export function AppliedView({ state, onDone }: { state: OptimizationState; onDone: () => void }) {
  const { i18n } = useLingui();
  const { data: teams } = useTeams();
  const progress = state.progress;
  const before = progress ? formatDistance(progress.startTotalMeters, i18n.locale) : '';
  const after = progress ? formatDistance(progress.bestTotalMeters, i18n.locale) : '';
  const recipients = teams?.sentMails.dinnerRouteRecipients ?? 0;
  return (
    <div className="space-y-3" data-testid="optimization-applied">
      <div role="status" className="rounded-lg border border-primary-100 bg-primary-50 p-3 text-gray-900">
        <p className="font-medium">
          {state.automatic ? (
            <Trans>The routes were shortened automatically.</Trans>
          ) : (
            <Trans>The shorter routes are saved.</Trans>
          )}
        </p>
        {progress && (
          <p className="mt-1 tabular-nums">
            <Trans>
              All ways together: {before} → {after}
            </Trans>
          </p>
        )}
      </div>
      {teams?.sentMails.dinnerRouteMails && (
        <p
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
          data-testid="applied-mails-warning"
        >
          <Plural
            value={recipients}
            one="# person has an old dinner route in their mail box."
            other="# people have an old dinner route in their mail box."
          />{' '}
          <Link href="/messages/dinnerroute" className="font-semibold underline underline-offset-2">
            <Trans>Send the dinner routes again</Trans>
          </Link>
        </p>
      )}
      <Button variant="secondary" onClick={onDone} className="w-full" data-testid="optimization-done">
        <Trans>OK</Trans>
      </Button>
    </div>
  );
}

export function FailedView({
  state,
  onDone,
}: {
  state: OptimizationState;
  onDone: (optimizationId: string | null) => void;
}) {
  const again = useRunAgain(state, onDone);
  return (
    <div className="space-y-3" data-testid="optimization-failed" data-failure={state.failure ?? ''}>
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
        <p>
          {state.failure === 'interrupted' ? (
            <Trans>The run was interrupted because the server restarted.</Trans>
          ) : state.failure === 'teams_changed' ? (
            <Trans>The teams changed during the run, so its result no longer fits.</Trans>
          ) : (
            <Trans>Something went wrong while looking for shorter routes.</Trans>
          )}{' '}
          <Trans>The routes stay as they were.</Trans>
        </p>
      </div>
      <RunAgainActions
        again={again}
        runLabel={<Trans>Try again</Trans>}
        other={{ label: <Trans>Close</Trans>, onClick: () => onDone(null), testId: 'optimization-done' }}
      />
    </div>
  );
}
