import type { Activity } from '@server/features/activities/activities.schema';
import type { RunningDinner } from '@server/features/events/events.schema';
import useSWR, { useSWRConfig } from 'swr';
import { useParams } from 'wouter';
import { adminPath, api, type ApiError } from '../../lib/api';

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
    const updated = method === 'put' ? await api.put<RunningDinner>(adminPath(adminId, suffix), body) : await api.delete<RunningDinner>(adminPath(adminId, suffix));
    await mutate(adminPath(adminId), updated, { revalidate: false });
    // The activity list gains an entry with nearly every change.
    void mutate(adminPath(adminId, '/activities'));
    return updated;
  };
}

export function useActivities() {
  const adminId = useAdminId();
  return useSWR<{ activities: Activity[] }, ApiError>(adminPath(adminId, '/activities'));
}

export const isReadOnly = (dinner: RunningDinner) => dinner.readOnlyReason !== null;

/** The dashboard's absolute path: a relative "/" inside the nested route would add a trailing slash. */
export function useDashboardHref(): string {
  return `~/admin/${useAdminId()}`;
}
