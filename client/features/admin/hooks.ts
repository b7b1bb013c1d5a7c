import type { ActivitiesPage } from '@contract/activities';
import type { RunningDinner } from '@contract/dinner';
import { useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { useParams } from 'wouter';
import { type ApiError, adminPath, api } from '../../lib/api';

export function useAdminId(): string {
  return useParams<{ adminId: string }>().adminId ?? '';
}

/** The event of this admin area; the swr key is its API path, so every page shares one cached copy. */
export function useRunningDinner() {
  const adminId = useAdminId();
  return useSWR<RunningDinner, ApiError>(adminPath(adminId));
}

/** Calls a mutation and puts the RunningDinner it answers with into the cache. */
export function useDinnerMutation() {
  const adminId = useAdminId();
  const { mutate } = useSWRConfig();
  return async (method: 'put' | 'delete', suffix: string, body?: unknown): Promise<RunningDinner> => {
    const updated =
      method === 'put'
        ? await api.put<RunningDinner>(adminPath(adminId, suffix), body)
        : await api.delete<RunningDinner>(adminPath(adminId, suffix));
    await mutate(adminPath(adminId), updated, { revalidate: false });
    // The activity list gains an entry with nearly every change.
    void mutate(adminPath(adminId, '/activities'));
    return updated;
  };
}

/** The first page of the activities; every change elsewhere revalidates it by this key. */
export function useActivities() {
  const adminId = useAdminId();
  return useSWR<ActivitiesPage, ApiError>(adminPath(adminId, '/activities'));
}

/** Once `wanted`, every page after `latest` (the first), loaded one after the other. */
export function useOlderActivities(wanted: boolean, latest: ActivitiesPage | undefined) {
  const adminId = useAdminId();
  const { data, error, size, setSize, mutate } = useSWRInfinite<ActivitiesPage, ApiError>(
    (index, previous: ActivitiesPage | null) =>
      wanted && (previous ?? latest)?.hasMore ? adminPath(adminId, `/activities?page=${index + 1}`) : null,
  );
  const last = data?.at(-1);
  const loadedAll = data?.length === size;
  useEffect(() => {
    if (last?.hasMore && loadedAll) void setSize((pages) => pages + 1);
  }, [last, loadedAll, setSize]);
  // A new activity shifts every older one by a place: the pages already loaded must move with it.
  const newestId = latest?.activities[0]?.id;
  useEffect(() => {
    if (newestId) void mutate();
  }, [newestId, mutate]);
  const loading = wanted && latest?.hasMore === true && !error && (!loadedAll || last?.hasMore === true);
  return { pages: data ?? [], loading, error, retry: () => void mutate() };
}

export const isReadOnly = (dinner: RunningDinner) => dinner.readOnlyReason !== null;

/** The dashboard's absolute path: a relative "/" inside the nested route would add a trailing slash. */
export function useDashboardHref(): string {
  return `~/admin/${useAdminId()}`;
}
