import { DinnerEvent } from '@contract/dinner-events';
import type {
  DinnerRouteResponse,
  DinnerRoutesResponse,
  NearbyHostsResponse,
  RouteDistancesResponse,
} from '@contract/dinner-routes';
import type { GeocodingOverview } from '@contract/geocoding';
import useSWR, { useSWRConfig } from 'swr';
import { type ApiError, adminPath, api } from '../../lib/api';
import { useEventSource } from '../../lib/useEventSource';
import { useAdminId } from '../admin/hooks';
import { participantsPath } from '../participants/hooks';
import type { LatLng } from './cockpitModel';

/** The API paths of the route cockpit; the optimisation calls live under the same prefix. */
export const dinnerRoutesPath = (adminId: string, suffix = '') =>
  `/dinnerrouteservice/v1/runningdinner/${adminId}${suffix}`;

export function useDinnerRoutes() {
  const adminId = useAdminId();
  return useSWR<DinnerRoutesResponse, ApiError>(dinnerRoutesPath(adminId, '/teams'), { keepPreviousData: true });
}

export function useDinnerRoute(teamId: string) {
  const adminId = useAdminId();
  return useSWR<DinnerRouteResponse, ApiError>(dinnerRoutesPath(adminId, `/teams/${teamId}`));
}

export function useRouteDistances() {
  const adminId = useAdminId();
  return useSWR<RouteDistancesResponse, ApiError>(dinnerRoutesPath(adminId, '/distances/teams'));
}

export function useNearbyHosts(rangeInMeters: number) {
  const adminId = useAdminId();
  return useSWR<NearbyHostsResponse, ApiError>(dinnerRoutesPath(adminId, `/distances/${rangeInMeters}/teams`), {
    keepPreviousData: true,
  });
}

/** How far the geocoder got, with the addresses it could not locate (its call lives under the cockpit's prefix). */
export function useGeocoding() {
  const adminId = useAdminId();
  return useSWR<GeocodingOverview, ApiError>(dinnerRoutesPath(adminId, '/geocoding'), { keepPreviousData: true });
}

/** Fetches every call of the cockpit anew, the geocoding overview too (after a change of positions, teams or routes). */
export function useRevalidateRoutes() {
  const adminId = useAdminId();
  const { mutate } = useSWRConfig();
  return () => void mutate((key) => typeof key === 'string' && key.startsWith(dinnerRoutesPath(adminId, '/')));
}

const dinnerEventsUrl = (adminId: string) => `/sse/runningdinnerservice/v1/runningdinner/${adminId}/events`;

/**
 * Keeps the cockpit current while it shows: a team change (it records an activity), a registration, a position
 * found by the geocoder (the `geocoding` event) and a route optimisation that started or moved on (also one the
 * server started by itself) fetch the routes and the optimisation's calls anew.
 */
export function useLiveRoutes() {
  const adminId = useAdminId();
  const revalidate = useRevalidateRoutes();
  const changed = () => revalidate();
  return useEventSource(
    adminId ? dinnerEventsUrl(adminId) : null,
    {
      [DinnerEvent.activity]: changed,
      [DinnerEvent.participants]: changed,
      [DinnerEvent.geocoding]: changed,
      [DinnerEvent.optimization]: changed,
    },
    { onPoll: changed },
  );
}

/** What a hand-set position is for: a participant's address (a team's host) or the after-party. */
export type PositionSubject = { kind: 'participant'; participantId: string } | { kind: 'afterParty' };

/** Sets a position by hand; the routes, the participant and the event are fetched anew. */
export function useSetPosition() {
  const adminId = useAdminId();
  const { mutate } = useSWRConfig();
  const revalidateRoutes = useRevalidateRoutes();
  return async (subject: PositionSubject, position: LatLng): Promise<void> => {
    const body = { lat: position.lat, lng: position.lng };
    if (subject.kind === 'participant') {
      await api.put<unknown>(participantsPath(adminId, `/participant/${subject.participantId}/geocode`), body);
      void mutate(participantsPath(adminId, `/participants/${subject.participantId}`));
      void mutate(participantsPath(adminId, '/participants'));
    } else {
      await api.put<unknown>(adminPath(adminId, '/afterpartylocation/geocode'), body);
      void mutate(adminPath(adminId));
    }
    revalidateRoutes();
  };
}
