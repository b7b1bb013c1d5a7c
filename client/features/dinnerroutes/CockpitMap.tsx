import type { DinnerRoutesResponse } from '@contract/dinner-routes';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useMemo } from 'react';
import { distinctColour } from '../../components/map/distinctColours';
import type { LatLngPoint, MapLine, MapPlace } from '../../components/map/PlacesMap';
import { mealKind } from '../../components/mealColours';
import { Skeleton } from '../../components/Skeleton';
import {
  ALL_MEALS,
  afterPartyShown,
  type CockpitSettings,
  connectionSegments,
  drawnPositions,
  type LatLng,
  mealFilterOptions,
  mealShown,
  teamClusters,
  teamLabel,
} from './cockpitModel';
import { AFTER_PARTY_MARKER, addressLine, mealMarkerClass, mealStrokeClass, useTileAttribution } from './routeBits';

// Leaflet is big: only the pages with a map load it.
const PlacesMap = lazy(() => import('../../components/map/PlacesMap'));

export const MAP_HEIGHT = 'h-80 w-full rounded-lg sm:h-[28rem] xl:h-[36rem]';

export const AFTER_PARTY_KEY = 'after-party';
export const FIX_KEY = 'fix-position';

/** A position being set by hand: where its marker stands now, and whether the user has placed it yet. */
export interface PositionFix {
  label: string;
  title: string;
  position: LatLng;
  placed: boolean;
}

interface CockpitMapProps {
  data: DinnerRoutesResponse;
  settings: CockpitSettings;
  selectedTeamId: string | null;
  onPlaceClick: (key: string) => void;
  onMapClick: (position: LatLngPoint) => void;
  fix: PositionFix | null;
  onFixMoved: (position: LatLngPoint) => void;
  focus?: LatLngPoint & { seq: number };
  onTilesFailed: () => void;
}

/** The cockpit's map: a marker per host coloured by meal or by cluster, the connection paths, the after-party. */
export function CockpitMap({
  data,
  settings,
  selectedTeamId,
  onPlaceClick,
  onMapClick,
  fix,
  onFixMoved,
  focus,
  onTilesFailed,
}: CockpitMapProps) {
  const { t } = useLingui();
  const attribution = useTileAttribution();
  const mealIds = data.meals.map((m) => m.id);
  const clusters = useMemo(() => teamClusters(data.teams), [data.teams]);
  const positions = useMemo(
    () => drawnPositions(data.teams, data.sameAddressGroups),
    [data.teams, data.sameAddressGroups],
  );
  const selected = data.teams.find((team) => team.id === selectedTeamId);
  const onSelectedRoute = new Set(selected?.stops.map((s) => s.teamId) ?? []);
  const partyShown = afterPartyShown(data.afterPartyLocation, settings);
  const filterOption = mealFilterOptions(data.meals.length, partyShown).find((o) => o.id === settings.mealFilter);

  const places: MapPlace[] = [];
  for (const team of data.teams) {
    const at = positions.get(team.id);
    const mealIndex = mealIds.indexOf(team.meal.id);
    if (team.status === 'CANCELLED' || !at || !mealShown(settings.mealFilter, mealIndex, data.meals.length)) continue;
    const cluster = clusters.get(team.id) ?? 0;
    const teamNumber = team.teamNumber;
    const meal = team.meal.label;
    const name = team.host.name;
    places.push({
      key: team.id,
      ...at,
      label: teamLabel(team.teamNumber),
      title: `${t`Team ${teamNumber}`} · ${meal} · ${name} · ${addressLine(team.host)}`,
      ...(settings.showClusters
        ? { colour: distinctColour(cluster) }
        : { className: mealMarkerClass[mealKind(mealIndex)] }),
      group: settings.showClusters ? `cluster-${cluster}` : `meal-${mealIndex}`,
      emphasis: selected
        ? team.id === selected.id
          ? 'highlighted'
          : onSelectedRoute.has(team.id)
            ? undefined
            : 'dimmed'
        : undefined,
    });
  }
  const party = data.afterPartyLocation;
  if (party && partyShown && (settings.mealFilter === ALL_MEALS || filterOption?.toMeal === null)) {
    const title = party.title;
    places.push({
      key: AFTER_PARTY_KEY,
      lat: party.lat!,
      lng: party.lng!,
      label: t`AP`,
      title: `${t`After-party: ${title}`} · ${addressLine(party)}`,
      className: AFTER_PARTY_MARKER,
      square: true,
    });
  }
  if (fix) {
    places.push({
      key: FIX_KEY,
      ...fix.position,
      label: fix.label,
      title: fix.title,
      className: 'bg-secondary-600 text-white',
      emphasis: 'highlighted',
      draggable: true,
    });
  }

  const teamsById = new Map(data.teams.map((team) => [team.id, team]));
  const lines: MapLine[] = settings.showPaths
    ? connectionSegments(data.teams, positions, mealIds, party, settings).map((segment) => {
        const team = teamsById.get(segment.teamId)!;
        return {
          key: segment.key,
          points: segment.points,
          ...(settings.showClusters
            ? { colour: distinctColour(clusters.get(team.id) ?? 0).background }
            : { className: mealStrokeClass[mealKind(mealIds.indexOf(team.meal.id))] }),
          emphasis: selected ? (team.id === selected.id ? 'highlighted' : 'dimmed') : undefined,
        };
      })
    : [];

  // The view fits what is shown when the filter changes or markers come and go, not when a colour changes.
  const fitKey = `${settings.mealFilter} ${settings.excludeAfterParty} ${places.length - (fix ? 1 : 0)}`;
  const fallback = party && partyShown ? { lat: party.lat!, lng: party.lng! } : undefined;
  return (
    <Suspense fallback={<Skeleton className={MAP_HEIGHT} />}>
      <PlacesMap
        places={places}
        lines={lines}
        tileUrl={data.tileUrl}
        attribution={attribution}
        label={t`Map of the dinner routes`}
        onTilesFailed={onTilesFailed}
        onPlaceClick={onPlaceClick}
        onPlaceMoved={(key, position) => key === FIX_KEY && onFixMoved(position)}
        onMapClick={onMapClick}
        fitKey={fitKey}
        focus={focus}
        fallbackCenter={fallback}
        picking={fix !== null}
        className={MAP_HEIGHT}
      />
    </Suspense>
  );
}

/** The line under the map when no tile loaded. */
export function TilesFailedNote() {
  return (
    <p className="mt-2 text-sm text-gray-700" role="status" data-testid="routes-tiles-failed">
      <Trans>
        The map background could not be loaded. The markers and paths still show where everyone cooks, and the list
        beside the map names every address.
      </Trans>
    </p>
  );
}
