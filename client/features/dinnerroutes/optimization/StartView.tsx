import {
  MAX_MINIMUM_DISTANCE_METERS,
  MIN_LOCATED_SHARE,
  type OptimizationPrediction,
  type OptimizationPredictionResponse,
  type OptimizationRequest,
} from '@contract/route-optimization';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/Button';
import { SelectField, SwitchField } from '../../../components/form';
import { useAdminId } from '../../admin/hooks';
import { formatDistance } from '../cockpitModel';
import { DEFAULT_REQUEST, useOptimizationActions, useOptimizationStore } from '../optimizationHooks';
import { formatPercent, formatSeconds } from '../optimizationModel';
import { Figure, RefusalNote, useRefusal } from './common';

// Before a run: the prediction, the rules, the settings and the start.

type Settings = Required<OptimizationRequest>;

/** The choices of the minimum distance between hosts of the same meal, in metres (0: none). */
const MINIMUM_DISTANCES = [0, 100, 200, 500, 1000, 2000].filter((m) => m <= MAX_MINIMUM_DISTANCE_METERS);

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
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${PREDICTION_CLASS[prediction]}`}>
      {words[prediction]}
    </span>
  );
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
      return (
        <Trans>
          With every team keeping its meal, the routes are already short: little can be gained. Letting teams change the
          meal they cook may still help.
        </Trans>
      );
    case 'NONE':
      return (
        <Trans>
          Only {located} of {teams} hosts are on the map, and at least {needed} are needed. Set the missing positions
          above first.
        </Trans>
      );
  }
}

export function StartView({
  prediction,
  onStarted,
}: {
  prediction: OptimizationPredictionResponse;
  onStarted: (optimizationId: string) => void;
}) {
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
  const seconds = formatSeconds(prediction.expectedSeconds, i18n.locale);
  const none = prediction.prediction === 'NONE';
  const metres = (m: number) => (m < 1000 ? `${new Intl.NumberFormat(i18n.locale).format(m)} m` : km(m));
  const distanceOptions = MINIMUM_DISTANCES.map((m) => ({
    value: String(m),
    label: m === 0 ? t`No minimum` : t`At least ${metres(m)}`,
  }));

  return (
    <>
      <div
        className="flex flex-wrap items-center gap-2"
        data-testid="optimization-prediction"
        data-prediction={prediction.prediction}
      >
        <PredictionBadge prediction={prediction.prediction} />
        <p className="text-gray-800">
          <PredictionText prediction={prediction} />
        </p>
      </div>
      {!none && (
        <dl className="grid grid-cols-2 gap-2">
          <Figure
            label={<Trans>Today, all ways together</Trans>}
            value={km(prediction.currentTotalMeters)}
            testId="prediction-total"
          />
          <Figure
            label={<Trans>At best, if every team keeps its meal</Trans>}
            value={km(prediction.lowerBoundMeters)}
            testId="prediction-bound"
          />
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
          <Trans>
            It takes about {seconds} s. Nothing is saved until you have looked at the proposal and applied it.
          </Trans>
        </li>
      </ul>
      <div className="space-y-3 border-t border-gray-200 pt-3">
        <div data-testid="setting-meals">
          <SwitchField
            name="ignoreMealAssignments"
            label={<Trans>Teams may change the meal they cook</Trans>}
            description={
              <Trans>Routes can get shorter still, but a team may then cook another course than it expects.</Trans>
            }
            checked={settings.ignoreMealAssignments}
            onChange={(ignoreMealAssignments) =>
              change({
                ignoreMealAssignments,
                minimumDistanceInMeters: ignoreMealAssignments ? settings.minimumDistanceInMeters : 0,
              })
            }
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
                <Trans>
                  Hosts of the same meal are kept this far apart where possible, so the guests spread over the area.
                </Trans>
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
