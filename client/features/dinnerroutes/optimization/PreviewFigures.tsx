import type { OptimizationPreview } from '@contract/route-optimization';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDistance } from '../cockpitModel';
import { formatPercent, proposalBound, shorterFraction } from '../optimizationModel';
import { Distance } from '../routeBits';
import { FigureChange } from './FigureChange';

/** The totals, the longest way, the lower bound and how many routes change. */
export function PreviewFigures({ preview, withChanges }: { preview: OptimizationPreview; withChanges: boolean }) {
  const { i18n } = useLingui();
  const km = (m: number) => formatDistance(m, i18n.locale);
  const fraction = shorterFraction(preview.totalMetersBefore, preview.totalMetersAfter);
  const percent = formatPercent(fraction, i18n.locale);
  const changed = preview.changedRoutes;
  const teams = preview.routes.length;
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm" data-testid="optimization-figures">
      <FigureChange
        testId="preview-total"
        label={<Trans>All ways together</Trans>}
        before={km(preview.totalMetersBefore)}
        after={km(preview.totalMetersAfter)}
        shorter={fraction > 0 ? <Trans>{percent} shorter</Trans> : undefined}
      />
      <FigureChange
        testId="preview-longest"
        label={<Trans>Longest single way</Trans>}
        before={<Distance meters={preview.longestLegMetersBefore} />}
        after={<Distance meters={preview.longestLegMetersAfter} />}
      />
      <div className="rounded-lg bg-gray-50 p-2">
        <dt className="text-xs text-gray-600">
          <Trans>Lower bound: no plan is shorter</Trans>
        </dt>
        <dd className="font-semibold text-gray-900 tabular-nums" data-testid="preview-bound">
          {km(proposalBound(preview))}
        </dd>
      </div>
      {withChanges && (
        <div className="rounded-lg bg-gray-50 p-2">
          <dt className="text-xs text-gray-600">
            <Trans>Routes that change</Trans>
          </dt>
          <dd className="font-semibold text-gray-900 tabular-nums" data-testid="preview-changed" data-changed={changed}>
            <Trans>
              {changed} of {teams}
            </Trans>
          </dd>
        </div>
      )}
    </dl>
  );
}
