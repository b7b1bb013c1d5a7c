import type { DinnerRouteResponse, RouteDistance } from '@contract/dinner-routes';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useState } from 'react';
import { BackLink } from '../../components/BackLink';
import { LinkButton } from '../../components/Button';
import { Card } from '../../components/Card';
import { formatTime } from '../../components/dateFormat';
import type { MapLine, MapPlace } from '../../components/map/PlacesMap';
import { RetryLine } from '../../components/RetryLine';
import { Skeleton, SkeletonLines } from '../../components/Skeleton';
import { useRunningDinner } from '../admin/hooks';
import { AfterPartyStop } from './AfterPartyStop';
import { MAP_HEIGHT, TilesFailedNote } from './CockpitMap';
import { isLocated, teamLabel } from './cockpitModel';
import { RoutesHeader } from './DinnerRoutesPage';
import { useDinnerRoute, useLiveRoutes, useRouteDistances } from './hooks';
import { AFTER_PARTY_MARKER, addressLine, Distance, MealDot, StopAddress, useTileAttribution } from './routeBits';

const PlacesMap = lazy(() => import('../../components/map/PlacesMap'));

// The single-route view: the current team green, its hosts grey.
const OWN_MARKER = 'bg-primary-700 text-white';
const HOST_MARKER = 'bg-gray-500 text-white';

/** /admin/{adminId}/dinnerroute/{teamId} — one team's evening on the map and as a list, with its distances. */
export function DinnerRouteTeamPage({ teamId }: { teamId: string }) {
  const { t } = useLingui();
  const { data, error, mutate } = useDinnerRoute(teamId);
  useLiveRoutes();
  const back = (
    <BackLink href="/dinnerroute" testId="back-to-routes" underline="hover">
      <Trans>All dinner routes</Trans>
    </BackLink>
  );
  if (error?.status === 404) {
    return (
      <>
        {back}
        <Card testId="route-team-not-found">
          <p className="text-gray-700">
            <Trans>This team does not exist (any more). The teams may have been made anew.</Trans>
          </p>
        </Card>
      </>
    );
  }
  if (error && !data) {
    return (
      <>
        {back}
        <Card>
          <RetryLine message={`${t`The route could not be loaded.`} ${error.message}`} onRetry={() => void mutate()} />
        </Card>
      </>
    );
  }
  if (!data) {
    return (
      <>
        {back}
        <div className="space-y-4" data-testid="route-team-loading">
          <Skeleton className="h-9 w-64" />
          <Skeleton className={MAP_HEIGHT} />
          <SkeletonLines lines={6} />
        </div>
      </>
    );
  }
  return (
    <>
      {back}
      <TeamRoute data={data} />
    </>
  );
}

function TeamRoute({ data }: { data: DinnerRouteResponse }) {
  const { t } = useLingui();
  const { team, meals } = data;
  const { data: distances } = useRouteDistances();
  const route: RouteDistance | undefined = distances?.routes.find((r) => r.teamId === team.id);
  const [tilesFailed, setTilesFailed] = useState(false);
  const onTilesFailed = useCallback(() => setTilesFailed(true), []);
  const attribution = useTileAttribution();
  const teamNumber = team.teamNumber;
  const names = team.memberNames.join(', ');
  const party = data.afterPartyLocation;
  const dinnerDate = useRunningDinner().data?.basicDetails.date;

  const places: MapPlace[] = team.stops.flatMap((stop) => {
    if (!isLocated(stop)) return [];
    const number = stop.teamNumber;
    const meal = stop.meal.label;
    return [
      {
        key: stop.teamId,
        lat: stop.lat,
        lng: stop.lng,
        label: teamLabel(stop.teamNumber),
        title: `${formatTime(stop.meal.time)} ${meal} · ${t`Team ${number}`} · ${addressLine(stop)}`,
        className: stop.isOwnTeam ? OWN_MARKER : HOST_MARKER,
        group: stop.isOwnTeam ? 'own' : 'host',
        emphasis: stop.isOwnTeam ? ('highlighted' as const) : undefined,
      },
    ];
  });
  if (party && isLocated(party)) {
    const title = party.title;
    places.push({
      key: 'after-party',
      lat: party.lat,
      lng: party.lng,
      label: t`AP`,
      title: `${formatTime(party.time)} ${t`After-party: ${title}`}`,
      className: AFTER_PARTY_MARKER,
      square: true,
    });
  }
  const lines: MapLine[] =
    places.length > 1
      ? [{ key: 'route', points: places.map((p) => [p.lat, p.lng]), colour: '#166534', dashed: true }]
      : [];
  const unlocated = team.stops.filter((stop) => !isLocated(stop));
  const cancelled = team.status === 'CANCELLED';

  return (
    <div data-testid="route-team-page" data-team-number={team.teamNumber}>
      <RoutesHeader sub={<span className="break-words">{names}</span>}>
        <Trans>Route of team {teamNumber}</Trans>
      </RoutesHeader>
      {cancelled && (
        <p className="mb-4 rounded-lg border border-gray-300 bg-gray-50 p-3 text-sm text-gray-800">
          <Trans>This team is cancelled: it neither cooks nor visits anyone.</Trans>
        </p>
      )}
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0">
          {places.length > 0 ? (
            <Suspense fallback={<Skeleton className={MAP_HEIGHT} />}>
              <PlacesMap
                places={places}
                lines={lines}
                tileUrl={data.tileUrl}
                attribution={attribution}
                label={t`Map of the route of team ${teamNumber}`}
                onTilesFailed={onTilesFailed}
                className={MAP_HEIGHT}
              />
            </Suspense>
          ) : (
            <Card>
              <p className="text-sm text-gray-700" data-testid="route-team-no-map">
                <Trans>None of the addresses of this route has a position yet, so there is no map.</Trans>
              </p>
            </Card>
          )}
          {tilesFailed && <TilesFailedNote />}
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700">
            <span className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`inline-block size-3 rounded-full ${OWN_MARKER}`} />
              <Trans>Team {teamNumber} cooks here</Trans>
            </span>
            <span className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`inline-block size-3 rounded-full ${HOST_MARKER}`} />
              <Trans>Its hosts</Trans>
            </span>
            {party && isLocated(party) && (
              <span className="flex items-center gap-1.5">
                <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${AFTER_PARTY_MARKER}`} />
                <Trans>After-party</Trans>
              </span>
            )}
          </p>
        </div>
        <section
          className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
          aria-labelledby="route-stops-heading"
        >
          <h2 id="route-stops-heading" className="font-semibold text-gray-900">
            <Trans>The evening</Trans>
          </h2>
          <ol className="mt-3 space-y-3 text-sm">
            {team.stops.map((stop, i) => {
              const number = stop.teamNumber;
              const leg = i > 0 ? route?.legs[i - 1] : undefined;
              return (
                <li
                  key={stop.meal.id}
                  className="rounded-lg border border-gray-200 p-3"
                  data-testid="route-team-stop"
                  data-own={stop.isOwnTeam || undefined}
                >
                  {leg && (
                    <p className="mb-1 text-xs text-gray-600">
                      <Trans>Way from the last stop:</Trans> <Distance meters={leg.distanceMeters} />
                    </p>
                  )}
                  <p className="flex flex-wrap items-center gap-x-2">
                    <MealDot meals={meals} mealId={stop.meal.id} />
                    <time className="font-bold tabular-nums text-gray-900">{formatTime(stop.meal.time)}</time>
                    <span className="font-semibold text-gray-900">{stop.meal.label}</span>
                  </p>
                  <p className="mt-1 text-gray-800">
                    {stop.isOwnTeam ? <Trans>Cooks at home</Trans> : <Trans>Guest of team {number}</Trans>}
                  </p>
                  {!stop.isOwnTeam && <p className="break-words text-gray-700">{stop.hostNames}</p>}
                  <StopAddress place={stop} />
                </li>
              );
            })}
            {party && dinnerDate && (
              <AfterPartyStop party={party} leg={route?.legs.find((leg) => leg.toAfterParty)} dinnerDate={dinnerDate} />
            )}
          </ol>
          {route && (
            <p
              className="mt-3 flex justify-between gap-2 border-t border-gray-200 pt-3 text-sm"
              data-testid="route-team-total"
            >
              <span className="text-gray-700">
                <Trans>The whole way</Trans>
              </span>
              <span className="font-semibold text-gray-900">
                <Distance meters={route.totalMeters} />
              </span>
            </p>
          )}
          {route && route.unknownLegs > 0 && (
            <p className="mt-1 text-xs text-amber-900">
              <Trans>Ways to or from an address without position are not counted.</Trans>
            </p>
          )}
          {unlocated.length > 0 && (
            <LinkButton href="/dinnerroute" variant="secondary" className="mt-3">
              <Trans>Set the missing positions</Trans>
            </LinkButton>
          )}
        </section>
      </div>
    </div>
  );
}
