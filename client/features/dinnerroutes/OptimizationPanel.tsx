import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { DinnerRoutesResponse } from '@contract/dinner-routes';
import {
  MAX_MINIMUM_DISTANCE_METERS,
  MIN_LOCATED_SHARE,
  type OptimizationPrediction,
  type OptimizationPredictionResponse,
  type OptimizationPreview,
  type OptimizationProgress,
  type OptimizationRequest,
  type OptimizationState,
} from '@contract/route-optimization';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { SelectField, SwitchField } from '../../components/form';
import { RetryLine } from '../../components/RetryLine';
import { Skeleton, SkeletonLines } from '../../components/Skeleton';
import { ApiError, errorMessage } from '../../lib/api';
import { snackbar, toast } from '../../lib/toasts';
import { useAdminId } from '../admin/hooks';
import { useTeams } from '../teams/hooks';
import { DEFAULT_REQUEST, useOptimizationActions, useOptimizationRun, useOptimizationStore, usePrediction } from './optimizationHooks';
import { elapsedFraction, formatPercent, gainedFraction, type Refusal, refusalOf, runToFollow, shorterFraction, worthApplying } from './optimizationModel';
import { formatDistance } from './cockpitModel';
import { ApplyDialog, PreviewFigures, PreviewRoutes } from './OptimizationPreview';

// The cockpit's optimisation: what it may gain, its settings, a run's live progress, the proposal with apply and
// discard, and an automatic run the server started itself.

const cardClass = 'rounded-xl border border-gray-200 bg-white p-4 shadow-sm';

type Settings = Required<OptimizationRequest>;

/** The choices of the minimum distance between hosts of the same meal, in metres (0: none). */
const MINIMUM_DISTANCES = [0, 100, 200, 500, 1000, 2000].filter((m) => m <= MAX_MINIMUM_DISTANCE_METERS);

/** A refusal the panel explains where it happened, with the server's words. */
interface Refused {
  kind: Refusal;
  message: string;
}

function useRefusal() {
  const [refused, setRefused] = useState<Refused | null>(null);
  /** Keeps a refusal of the contract to show in place; any other failure becomes an error toast. */
  const fail = (e: unknown) => {
    const kind = e instanceof ApiError ? refusalOf(e) : null;
    if (kind) setRefused({ kind, message: errorMessage(e) });
    else toast(errorMessage(e), 'error');
  };
  return { refused, fail, clear: () => setRefused(null) };
}

/** The panel between the map's settings and the lists; not shown for a read-only dinner. */
export function OptimizationPanel({ data }: { data: DinnerRoutesResponse }) {
  const { t } = useLingui();
  const adminId = useAdminId();
  const prediction = usePrediction();
  const remembered = useOptimizationStore((s) => s.followed[adminId]);
  const follow = useOptimizationStore((s) => s.follow);
  const running = prediction.data?.runningOptimizationIds;
  const dismissed = useOptimizationStore((s) => s.dismissed[adminId]);
  const followedId = runToFollow(remembered, running, dismissed);
  const run = useOptimizationRun(followedId);

  // A run the server reports (an automatic one, another tab's) is kept once seen, so that its end stays on screen.
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
    <section className={cardClass} aria-labelledby="optimization-heading" data-testid="optimization-panel" data-phase={phase}>
      <h2 id="optimization-heading" className="font-semibold text-gray-900">
        <Trans>Shorter routes</Trans>
      </h2>
      <div className="mt-2 space-y-3 text-sm">
        {phase === 'idle' ? (
          prediction.error && !prediction.data ? (
            <RetryLine message={`${t`What the routes may gain could not be loaded.`} ${prediction.error.message}`} onRetry={() => void prediction.mutate()} />
          ) : !prediction.data ? (
            <SkeletonLines lines={5} />
          ) : (
            <StartView prediction={prediction.data} onStarted={(id) => follow(adminId, id)} />
          )
        ) : phase === 'loading' ? (
          run.status.error ? (
            <RetryLine message={`${t`The run could not be loaded.`} ${run.status.error.message}`} onRetry={() => void run.status.mutate()} />
          ) : (
            <SkeletonLines lines={4} />
          )
        ) : state?.status === 'RUNNING' || (state?.status === 'FINISHED' && state.automatic) ? (
          <RunningView state={state} onStopped={() => follow(adminId, null)} />
        ) : state?.status === 'FINISHED' ? (
          <PreviewView state={state} preview={run.preview} data={data} onDone={(id) => follow(adminId, id)} />
        ) : state?.status === 'APPLIED' ? (
          <AppliedView state={state} onDone={() => follow(adminId, null)} />
        ) : state?.status === 'FAILED' ? (
          <FailedView state={state} onDone={(id) => follow(adminId, id)} />
        ) : null}
      </div>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Before a run: the prediction, the rules, the settings and the start.

const PREDICTION_CLASS: Record<OptimizationPrediction, string> = {
  HIGH: 'bg-primary-700 text-white',
  MEDIUM: 'bg-primary-100 text-primary-800',
  LOW: 'bg-gray-100 text-gray-800',
  NONE: 'bg-amber-100 text-amber-950',
};

function PredictionBadge({ prediction }: { prediction: OptimizationPrediction }) {
  const words: Record<OptimizationPrediction, ReactNode> = {
    HIGH: <Trans>Much to gain</Trans>,
    MEDIUM: <Trans>Some gain possible</Trans>,
    LOW: <Trans>Little to gain</Trans>,
    NONE: <Trans>Not possible yet</Trans>,
  };
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${PREDICTION_CLASS[prediction]}`}>{words[prediction]}</span>;
}

function PredictionText({ prediction }: { prediction: OptimizationPredictionResponse }) {
  const { i18n } = useLingui();
  const located = prediction.locatedTeams;
  const teams = prediction.teams;
  const needed = formatPercent(MIN_LOCATED_SHARE, i18n.locale);
  switch (prediction.prediction) {
    case 'HIGH':
      return <Trans>The routes can probably become much shorter.</Trans>;
    case 'MEDIUM':
      return <Trans>The routes can probably become somewhat shorter.</Trans>;
    case 'LOW':
      return <Trans>With every team keeping its meal, the routes are already short: little can be gained. Letting teams change the meal they cook may still help.</Trans>;
    case 'NONE':
      return (
        <Trans>
          Only {located} of {teams} hosts are on the map, and at least {needed} are needed. Set the missing positions above first.
        </Trans>
      );
  }
}

function Figure({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg bg-gray-50 p-2" data-testid={testId}>
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="font-semibold text-gray-900 tabular-nums">{value}</dd>
    </div>
  );
}

function StartView({ prediction, onStarted }: { prediction: OptimizationPredictionResponse; onStarted: (optimizationId: string) => void }) {
  const { t, i18n } = useLingui();
  const adminId = useAdminId();
  const settings = useOptimizationStore((s) => s.settings[adminId]) ?? DEFAULT_REQUEST;
  const choose = useOptimizationStore((s) => s.choose);
  const actions = useOptimizationActions();
  const [busy, setBusy] = useState(false);
  const { refused, fail, clear } = useRefusal();
  const change = (next: Partial<Settings>) => {
    clear();
    choose(adminId, { ...settings, ...next });
  };
  const start = async () => {
    setBusy(true);
    clear();
    try {
      const state = await actions.start(settings);
      onStarted(state.optimizationId);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const km = (m: number) => formatDistance(m, i18n.locale);
  const seconds = Math.max(1, Math.round(prediction.expectedSeconds));
  const none = prediction.prediction === 'NONE';
  const metres = (m: number) => (m < 1000 ? `${new Intl.NumberFormat(i18n.locale).format(m)} m` : km(m));
  const distanceOptions = MINIMUM_DISTANCES.map((m) => ({ value: String(m), label: m === 0 ? t`No minimum` : t`At least ${metres(m)}` }));

  return (
    <>
      <div className="flex flex-wrap items-center gap-2" data-testid="optimization-prediction" data-prediction={prediction.prediction}>
        <PredictionBadge prediction={prediction.prediction} />
        <p className="text-gray-800">
          <PredictionText prediction={prediction} />
        </p>
      </div>
      {!none && (
        <dl className="grid grid-cols-2 gap-2">
          <Figure label={<Trans>Today, all ways together</Trans>} value={km(prediction.currentTotalMeters)} testId="prediction-total" />
          <Figure label={<Trans>At best, if every team keeps its meal</Trans>} value={km(prediction.lowerBoundMeters)} testId="prediction-bound" />
        </dl>
      )}
      <ul className="list-disc space-y-1 pl-5 text-gray-700" data-testid="optimization-rules">
        <li>
          <Trans>Only who visits whom changes: the teams keep their members and cook at home.</Trans>
        </li>
        <li>
          <Trans>No two teams meet twice, and the longest single way does not get longer.</Trans>
        </li>
        <li>
          <Plural
            value={seconds}
            one="It takes about # second. Nothing is saved until you have looked at the proposal and applied it."
            other="It takes about # seconds. Nothing is saved until you have looked at the proposal and applied it."
          />
        </li>
      </ul>
      <div className="space-y-3 border-t border-gray-200 pt-3">
        <div data-testid="setting-meals">
          <SwitchField
            name="ignoreMealAssignments"
            label={<Trans>Teams may change the meal they cook</Trans>}
            description={<Trans>Routes can get shorter still, but a team may then cook another course than it expects.</Trans>}
            checked={settings.ignoreMealAssignments}
            onChange={(ignoreMealAssignments) => change({ ignoreMealAssignments, minimumDistanceInMeters: ignoreMealAssignments ? settings.minimumDistanceInMeters : 0 })}
            disabled={none}
          />
        </div>
        <div data-testid="setting-distance">
          <SelectField
            name="minimumDistanceInMeters"
            label={<Trans>Distance between hosts of the same meal</Trans>}
            value={String(settings.ignoreMealAssignments ? settings.minimumDistanceInMeters : 0)}
            onChange={(value) => change({ minimumDistanceInMeters: Number(value) })}
            options={distanceOptions}
            disabled={none || !settings.ignoreMealAssignments}
            hint={
              settings.ignoreMealAssignments ? (
                <Trans>Hosts of the same meal are kept this far apart where possible, so the guests spread over the area.</Trans>
              ) : (
                <Trans>Only when teams may change their meal: otherwise the hosts of each meal stay as they are.</Trans>
              )
            }
          />
        </div>
      </div>
      {refused && <RefusalNote refused={refused} />}
      <Button onClick={() => void start()} disabled={none || busy} className="w-full" data-testid="optimization-start">
        {busy ? <Trans>Starting…</Trans> : <Trans>Shorten the routes</Trans>}
      </Button>
    </>
  );
}

function RefusalNote({ refused, children }: { refused: Refused; children?: ReactNode }) {
  const warning = refused.kind === 'busy' || refused.kind === 'too_few_positions';
  return (
    <div
      role="alert"
      className={`rounded-lg border p-3 ${warning ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-red-200 bg-red-50 text-red-900'}`}
      data-testid="optimization-refused"
      data-refusal={refused.kind}
    >
      <p>{refused.message}</p>
      {children}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// A run at work: the time it used of its budget, and its best total against today's and the lower bound.

function LiveFigures({ state }: { state: OptimizationState }) {
  const { t, i18n } = useLingui();
  const km = (m: number) => formatDistance(m, i18n.locale);
  const progress: OptimizationProgress | null = state.progress;
  const fraction = elapsedFraction(state);
  const elapsedSeconds = Math.min(state.budgetSeconds, (progress?.elapsedMs ?? 0) / 1000);
  const elapsed = new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(elapsedSeconds);
  const budget = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(state.budgetSeconds);
  const timeText = t`${elapsed} of ${budget} s`;
  const shorter = progress ? formatPercent(shorterFraction(progress.startTotalMeters, progress.bestTotalMeters), i18n.locale) : '';
  return (
    <div className="space-y-3" data-testid="optimization-progress" data-elapsed-ms={progress?.elapsedMs ?? 0} data-best={progress?.bestTotalMeters ?? ''}>
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
          <div className="h-full rounded-full bg-primary-600 transition-[width] duration-300" style={{ width: `${fraction * 100}%` }} />
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
        <div className="absolute inset-y-0 right-0 rounded-full bg-primary-600 transition-[width] duration-300" style={{ width: `${gained * 100}%` }} />
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

function RunningView({ state, onStopped }: { state: OptimizationState; onStopped: () => void }) {
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
            The teams were made with “Prefer short distances”, or new teams joined shortened routes: the routes are shortened in the background and saved by themselves when it is
            done.
          </Trans>
        </p>
      )}
      <LiveFigures state={state} />
      {!state.automatic && (
        <Button variant="secondary" onClick={() => void stop()} disabled={busy || saving} className="w-full" data-testid="optimization-cancel">
          {busy ? <Trans>Stopping…</Trans> : <Trans>Stop</Trans>}
        </Button>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// A finished run: its proposal, to apply or discard.

interface PreviewViewProps {
  state: OptimizationState;
  preview: { data?: OptimizationPreview; error?: ApiError; mutate: () => Promise<unknown> };
  data: DinnerRoutesResponse;
  /** The run to follow next: a new one (run again), or none. */
  onDone: (optimizationId: string | null) => void;
}

function PreviewView({ state, preview, data, onDone }: PreviewViewProps) {
  const { t } = useLingui();
  const actions = useOptimizationActions();
  const { data: teams } = useTeams();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { refused, fail } = useRefusal();
  // The preview of a run whose teams changed is refused (409 teams_changed); the state says so too.
  const refusedPreview = preview.error?.status === 409 && preview.error.code === 'teams_changed';
  const outdated = state.outdated || refusedPreview || refused?.kind === 'teams_changed' || preview.data?.state.outdated === true;

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
    return <RetryLine message={`${t`The proposal could not be loaded.`} ${preview.error.message}`} onRetry={() => void preview.mutate()} />;
  }
  if (!preview.data) {
    return (
      <div data-testid="optimization-preview-loading">
        <SkeletonLines lines={6} />
      </div>
    );
  }
  const proposal = preview.data;
  const worth = worthApplying(proposal);
  return (
    <div className="space-y-3" data-testid="optimization-preview" data-outdated={outdated || undefined}>
      <p className="font-medium text-gray-900" role="status">
        {worth ? <Trans>A proposal with shorter routes:</Trans> : <Trans>No shorter routes were found: today's routes are already as short as this search gets them.</Trans>}
      </p>
      <PreviewFigures preview={proposal} withChanges={worth} />
      {worth && <PreviewRoutes preview={proposal} meals={data.meals} />}
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
              <Button onClick={() => setConfirming(true)} disabled={busy} className="flex-1" data-testid="optimization-apply">
                <Trans>Apply</Trans>
              </Button>
            )}
            <Button variant="secondary" onClick={() => void discard()} disabled={busy} className="flex-1" data-testid="optimization-discard">
              {busy ? <Trans>Discarding…</Trans> : <Trans>Discard</Trans>}
            </Button>
          </div>
        </>
      )}
      <ApplyDialog open={confirming} preview={proposal} sentMails={teams?.sentMails} onClose={() => setConfirming(false)} onConfirm={apply} />
    </div>
  );
}

/** The teams changed since the run started: the proposal cannot be saved; the same run can be made again. */
function OutdatedNote({ state, onDone }: { state: OptimizationState; onDone: (optimizationId: string | null) => void }) {
  const again = useRunAgain(state, onDone);
  return (
    <div className="space-y-3">
      <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="optimization-outdated">
        <p>
          <Trans>
            The teams changed since this run started (a team was cancelled, swapped or added), so the proposal no longer fits and cannot be saved. Run it again on today's teams.
          </Trans>
        </p>
      </div>
      {again.refused && <RefusalNote refused={again.refused} />}
      <div className="flex flex-col gap-2 sm:flex-row xl:flex-col 2xl:flex-row">
        <Button onClick={() => void again.run()} disabled={again.busy} className="flex-1" data-testid="optimization-run-again">
          {again.busy ? <Trans>Starting…</Trans> : <Trans>Run again</Trans>}
        </Button>
        <Button variant="secondary" onClick={() => void again.discard()} disabled={again.busy} className="flex-1" data-testid="optimization-discard">
          <Trans>Discard</Trans>
        </Button>
      </div>
    </div>
  );
}

/** Starts the run anew with the same settings, after discarding the old one (which frees its place). */
function useRunAgain(state: OptimizationState, onDone: (optimizationId: string | null) => void) {
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
        const next = await actions.start({ ignoreMealAssignments: state.ignoreMealAssignments, minimumDistanceInMeters: state.minimumDistanceInMeters });
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

// ---------------------------------------------------------------------------------------------------------------
// After a run: saved, or failed.

function AppliedView({ state, onDone }: { state: OptimizationState; onDone: () => void }) {
  const { i18n } = useLingui();
  const { data: teams } = useTeams();
  const progress = state.progress;
  const before = progress ? formatDistance(progress.startTotalMeters, i18n.locale) : '';
  const after = progress ? formatDistance(progress.bestTotalMeters, i18n.locale) : '';
  const recipients = teams?.sentMails.dinnerRouteRecipients ?? 0;
  return (
    <div className="space-y-3" data-testid="optimization-applied">
      <div role="status" className="rounded-lg border border-primary-100 bg-primary-50 p-3 text-gray-900">
        <p className="font-medium">{state.automatic ? <Trans>The routes were shortened automatically.</Trans> : <Trans>The shorter routes are saved.</Trans>}</p>
        {progress && (
          <p className="mt-1 tabular-nums">
            <Trans>
              All ways together: {before} → {after}
            </Trans>
          </p>
        )}
      </div>
      {teams?.sentMails.dinnerRouteMails && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="applied-mails-warning">
          <Plural value={recipients} one="# person has an old dinner route in their mail box." other="# people have an old dinner route in their mail box." />{' '}
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

function FailedView({ state, onDone }: { state: OptimizationState; onDone: (optimizationId: string | null) => void }) {
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
      {again.refused && <RefusalNote refused={again.refused} />}
      <div className="flex flex-col gap-2 sm:flex-row xl:flex-col 2xl:flex-row">
        <Button onClick={() => void again.run()} disabled={again.busy} className="flex-1" data-testid="optimization-run-again">
          {again.busy ? <Trans>Starting…</Trans> : <Trans>Try again</Trans>}
        </Button>
        <Button variant="secondary" onClick={() => onDone(null)} disabled={again.busy} className="flex-1" data-testid="optimization-done">
          <Trans>Close</Trans>
        </Button>
      </div>
    </div>
  );
}
