import type { DinnerRoutesResponse } from '@contract/dinner-routes';
import type { OptimizationPreview, OptimizationState } from '@contract/route-optimization';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/Button';
import { SwitchField } from '../../../components/form';
import { RetryLine } from '../../../components/RetryLine';
import { type ApiError, errorMessage } from '../../../lib/api';
import { snackbar, toast } from '../../../lib/toasts';
import { useTeams } from '../../teams/hooks';
import { useOptimizationActions } from '../optimizationHooks';
import { worthApplying } from '../optimizationModel';
import { ApplyDialog } from './ApplyDialog';
import { RefusalNote, useRefusal } from './common';
import { RunAgainActions, useRunAgain } from './EndViews';
import { PreviewFigures } from './PreviewFigures';
import { PreviewRoutes } from './PreviewRoutes';
import { LiveFigures } from './RunningView';

// A finished run: its proposal, to apply or discard.

interface PreviewViewProps {
  state: OptimizationState;
  preview: { data?: OptimizationPreview; error?: ApiError; mutate: () => Promise<unknown> };
  data: DinnerRoutesResponse;
  /** The run to follow next: a new one (run again), or none. */
  onDone: (optimizationId: string | null) => void;
  /** The proposal the map draws instead of today's routes (null: today's). */
  onShowOnMap: (proposal: OptimizationPreview | null) => void;
}

export function PreviewView({ state, preview, data, onDone, onShowOnMap }: PreviewViewProps) {
  const { t } = useLingui();
  const [onMap, setOnMap] = useState(false);
  const actions = useOptimizationActions();
  const { data: teams } = useTeams();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { refused, fail } = useRefusal();
  // The preview of a run whose teams changed is refused (409 teams_changed); the state says so too.
  const refusedPreview = preview.error?.status === 409 && preview.error.code === 'teams_changed';
  const outdated =
    state.outdated || refusedPreview || refused?.kind === 'teams_changed' || preview.data?.state.outdated === true;
  const mapped = onMap && !outdated ? preview.data : undefined;
  useEffect(() => {
    onShowOnMap(mapped ?? null);
    return () => onShowOnMap(null);
  }, [mapped, onShowOnMap]);

  const discard = async () => {
    setBusy(true);
    try {
      await actions.cancel(state.optimizationId);
      snackbar(t`The proposal is discarded. The routes stay as they were.`);
      onDone(null);
    } catch (e) {
      toast(errorMessage(e), 'error');
    } finally {
      setBusy(false);
    }
  };
  const apply = async () => {
    try {
      await actions.apply(state.optimizationId);
      snackbar(t`The new routes are saved.`);
    } catch (e) {
      fail(e);
    } finally {
      setConfirming(false);
    }
  };

  if (outdated && !preview.data) {
    return (
      <div className="space-y-3" data-testid="optimization-preview" data-outdated>
        <OutdatedNote state={state} onDone={onDone} />
      </div>
    );
  }
  if (preview.error && !preview.data) {
    return (
      <RetryLine
        message={`${t`The proposal could not be loaded.`} ${preview.error.message}`}
        onRetry={() => void preview.mutate()}
      />
    );
  }
  if (!preview.data) {
    // The run's final figures stay until the proposal is there: the card does not go blank in between.
    return (
      <div className="space-y-3" data-testid="optimization-preview-loading">
        <p className="font-medium text-gray-900" role="status">
          <Trans>The search is done. The proposal is loading…</Trans>
        </p>
        <LiveFigures state={state} />
      </div>
    );
  }
  const proposal = preview.data;
  const worth = worthApplying(proposal);
  return (
    <div className="space-y-3" data-testid="optimization-preview" data-outdated={outdated || undefined}>
      <p className="font-medium text-gray-900" role="status">
        {worth ? (
          <Trans>A proposal with shorter routes:</Trans>
        ) : (
          <Trans>No shorter routes were found: today's routes are already as short as this search gets them.</Trans>
        )}
      </p>
      <PreviewFigures preview={proposal} withChanges={worth} />
      {worth && <PreviewRoutes preview={proposal} meals={data.meals} />}
      {worth && !outdated && (
        <div data-testid="preview-on-map">
          <SwitchField
            name="proposalOnMap"
            label={<Trans>Show the proposal on the map</Trans>}
            description={<Trans>The map draws the proposed routes instead of today's until you switch back.</Trans>}
            checked={onMap}
            onChange={setOnMap}
          />
        </div>
      )}
      {outdated ? (
        <OutdatedNote state={state} onDone={onDone} />
      ) : (
        <>
          {refused && <RefusalNote refused={refused} />}
          {worth && (
            <p className="text-gray-700">
              <Trans>Nothing is saved yet. Apply the proposal to give the teams these routes, or discard it.</Trans>
            </p>
          )}
          <div className="flex flex-col gap-2 sm:flex-row xl:flex-col 2xl:flex-row">
            {worth && (
              <Button
                onClick={() => setConfirming(true)}
                disabled={busy}
                className="flex-1"
                data-testid="optimization-apply"
              >
                <Trans>Apply</Trans>
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => void discard()}
              disabled={busy}
              className="flex-1"
              data-testid="optimization-discard"
            >
              {busy ? <Trans>Discarding…</Trans> : <Trans>Discard</Trans>}
            </Button>
          </div>
        </>
      )}
      <ApplyDialog
        open={confirming}
        preview={proposal}
        sentMails={teams?.sentMails}
        onClose={() => setConfirming(false)}
        onConfirm={apply}
      />
    </div>
  );
}

/** The teams changed since the run started: the proposal cannot be saved; the same run can be made again. */
function OutdatedNote({
  state,
  onDone,
}: {
  state: OptimizationState;
  onDone: (optimizationId: string | null) => void;
}) {
  const again = useRunAgain(state, onDone);
  return (
    <div className="space-y-3">
      <div
        role="alert"
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
        data-testid="optimization-outdated"
      >
        <p>
          <Trans>
            The teams changed since this run started (a team was cancelled, swapped or added), so the proposal no longer
            fits and cannot be saved. Run it again on today's teams.
          </Trans>
        </p>
      </div>
      <RunAgainActions
        again={again}
        runLabel={<Trans>Run again</Trans>}
        other={{ label: <Trans>Discard</Trans>, onClick: () => void again.discard(), testId: 'optimization-discard' }}
      />
    </div>
  );
}
