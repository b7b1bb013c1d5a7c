import type { DinnerRoutesResponse } from '@contract/dinner-routes';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { RetryLine } from '../../../components/RetryLine';
import { SkeletonLines } from '../../../components/Skeleton';
import { useRouteDistances } from '../hooks';
import { Distance } from '../routeBits';
import { DistanceFigure } from './DistanceFigure';
import { RouteDistanceEntry } from './RouteDistanceEntry';
import { listClass } from './sidebarClasses';

export function DistancesList({
  data,
  onSelectTeam,
}: {
  data: DinnerRoutesResponse;
  onSelectTeam: (teamId: string) => void;
}) {
  const { t } = useLingui();
  const { data: distances, error, mutate } = useRouteDistances();
  if (error)
    return (
      <RetryLine message={`${t`The distances could not be loaded.`} ${error.message}`} onRetry={() => void mutate()} />
    );
  if (!distances) return <SkeletonLines lines={6} />;
  const unknown = distances.unknownLegs;
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid grid-cols-2 gap-2" data-testid="distances-summary">
        <DistanceFigure label={<Trans>All ways together</Trans>} value={<Distance meters={distances.totalMeters} />} />
        <DistanceFigure
          label={<Trans>Average route</Trans>}
          value={<Distance meters={distances.averageRouteMeters} />}
        />
        <DistanceFigure label={<Trans>Average way</Trans>} value={<Distance meters={distances.averageLegMeters} />} />
        <DistanceFigure label={<Trans>Longest way</Trans>} value={<Distance meters={distances.longestLegMeters} />} />
      </dl>
      <p className="text-gray-600">
        <Trans>Straight-line distances between the hosts' homes.</Trans>{' '}
        {unknown > 0 && (
          <span className="text-amber-900" data-testid="distances-unknown">
            <Plural
              value={unknown}
              one="# way has an end without a position and is not counted."
              other="# ways have an end without a position and are not counted."
            />
          </span>
        )}
      </p>
      <ul className={listClass}>
        {distances.routes.map((route) => (
          <RouteDistanceEntry key={route.teamId} route={route} data={data} onSelectTeam={onSelectTeam} />
        ))}
      </ul>
    </div>
  );
}
