import type { SelfDinnerRoute } from '@contract/self-teams';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Skeleton } from '../../../components/Skeleton';
import { selfCardClass } from '../SelfPage';
import { mapPlaces } from './mapPlaces';
import { NotOnMap } from './NotOnMap';
import type { NumberedStop } from './numberedStops';

// Leaflet is big: only this page loads it, and only once the route is there.
const RouteMap = lazy(() => import('../../../components/map/RouteMap'));

/** The map with every place whose position is known; the places without one are named below it. */
export function RouteMapSection({ route, stops }: { route: SelfDinnerRoute; stops: NumberedStop[] }) {
  const { t } = useLingui();
  const [tilesFailed, setTilesFailed] = useState(false);
  const onTilesFailed = useCallback(() => setTilesFailed(true), []);
  const { points, unlocated, partyNumber, unlocatedParty } = mapPlaces(route, stops, t`your team hosts`);
  const attribution = `&copy; <a href="https://www.openstreetmap.org/copyright" rel="noreferrer" target="_blank">${t`OpenStreetMap contributors`}</a>`;
  return (
    <section className={selfCardClass} aria-labelledby="route-map-heading" data-testid="route-map">
      <h2 id="route-map-heading" className="text-lg font-semibold text-gray-900">
        <Trans>Map</Trans>
      </h2>
      {points.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700" data-testid="route-map-empty">
          <Trans>
            The positions of the addresses are not known, so there is no map. The addresses above are all you need.
          </Trans>
        </p>
      ) : (
        <div className="mt-3">
          <Suspense fallback={<Skeleton className="h-72 w-full rounded-lg sm:h-96" />}>
            <RouteMap
              points={points}
              tileUrl={route.tileUrl}
              attribution={attribution}
              label={t`Map of your route`}
              onTilesFailed={onTilesFailed}
            />
          </Suspense>
        </div>
      )}
      {tilesFailed && (
        <p className="mt-3 text-sm text-gray-700" role="status" data-testid="route-tiles-failed">
          <Trans>
            The map background could not be loaded. The numbers still show where you go, and every address is listed
            above.
          </Trans>
        </p>
      )}
      <NotOnMap stops={unlocated} party={points.length > 0 ? unlocatedParty : null} partyNumber={partyNumber} />
    </section>
  );
}
