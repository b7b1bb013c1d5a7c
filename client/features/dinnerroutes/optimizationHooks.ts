import type {
  OptimizationPredictionResponse,
  OptimizationPreview,
  OptimizationProgress,
  OptimizationRequest,
  OptimizationState,
} from '@contract/route-optimization';
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { type ApiError, adminPath, api } from '../../lib/api';
import { useEventSource } from '../../lib/useEventSource';
import { useAdminId } from '../admin/hooks';
import { dinnerRoutesPath, useRevalidateRoutes } from './hooks';
import { isUnderway, withProgress } from './optimizationModel';

// The calls of the route optimisation (…/optimization under the cockpit's prefix) and its live stream.

const optimizationPath = (adminId: string, suffix = '') => dinnerRoutesPath(adminId, `/optimization${suffix}`);
const predictKey = (adminId: string) => optimizationPath(adminId, '/predict');
const statusKey = (adminId: string, id: string) => optimizationPath(adminId, `/${id}/status`);
const previewKey = (adminId: string, id: string) => optimizationPath(adminId, `/${id}/preview`);
const streamUrl = (adminId: string, id: string) =>
  `/sse/dinnerrouteservice/v1/runningdinner/${adminId}/${id}/subscribe`;

/** While the stream is not open (yet, or refused), the state is asked for this often. */
const POLL_MS = 2_000;

export const DEFAULT_REQUEST: Required<OptimizationRequest> = {
  ignoreMealAssignments: false,
  minimumDistanceInMeters: 0,
};

interface OptimizationStore {
  /** Per event: the run this browser started or last looked at, so a reload or a visit to a team's route finds it again. */
  followed: Record<string, string>;
  /** Per event: the run last put away, so that a report naming it a moment longer does not bring it back. */
  dismissed: Record<string, string>;
  /** Per event: the settings last chosen. */
  settings: Record<string, Required<OptimizationRequest>>;
  follow: (adminId: string, optimizationId: string | null) => void;
  choose: (adminId: string, settings: Required<OptimizationRequest>) => void;
}

export const useOptimizationStore = create<OptimizationStore>()(
  persist(
    (set) => ({
      followed: {},
      dismissed: {},
      settings: {},
      follow: (adminId, optimizationId) =>
        set((s) => {
          const followed = { ...s.followed };
          const dismissed = { ...s.dismissed };
          if (optimizationId) followed[adminId] = optimizationId;
          else if (followed[adminId]) {
            dismissed[adminId] = followed[adminId];
            delete followed[adminId];
          }
          return { followed, dismissed };
        }),
      choose: (adminId, settings) => set((s) => ({ settings: { ...s.settings, [adminId]: settings } })),
    }),
    { name: 'route-optimization', storage: createJSONStorage(() => sessionStorage) },
  ),
);

/** How much shorter the routes may become, today's total, the lower bound, and the runs not ended. */
export function usePrediction() {
  const adminId = useAdminId();
  return useSWR<OptimizationPredictionResponse, ApiError>(predictKey(adminId), { keepPreviousData: true });
}

/**
 * One run, live: its state (from the status call, then from the stream's events while the server works on it,
 * polled while the stream is not open), and once it finished with a proposal to look at, the preview.
 */
export function useOptimizationRun(optimizationId: string | null) {
  const adminId = useAdminId();
  const { mutate } = useSWRConfig();
  const revalidateRoutes = useRevalidateRoutes();
  const key = optimizationId ? statusKey(adminId, optimizationId) : null;
  const status = useSWR<OptimizationState, ApiError>(key);
  const state = status.data?.optimizationId === optimizationId ? status.data : undefined;
  const underway = !!state && isUnderway(state);

  const handlers = useMemo(() => {
    const ended = (data: unknown) => {
      const next = data as OptimizationState;
      if (!key || next?.optimizationId !== optimizationId) return;
      // An automatic run applies itself right after it finished; its stream ends before that: the state is asked for.
      void mutate(key, next, { revalidate: next.status === 'FINISHED' && next.automatic });
      void mutate(predictKey(adminId));
      // An automatic run that applied itself changed the routes (the dinner stream says so too).
      if (next.status === 'APPLIED') revalidateRoutes();
    };
    return {
      progress: (data: unknown) => {
        if (!key) return;
        void mutate<OptimizationState>(
          key,
          (current) => (current ? withProgress(current, data as OptimizationProgress) : current),
          { revalidate: false },
        );
      },
      finished: ended,
      failed: ended,
      cancelled: ended,
      applied: ended,
    };
  }, [adminId, key, optimizationId, mutate, revalidateRoutes]);

  const stream = useEventSource(underway && optimizationId ? streamUrl(adminId, optimizationId) : null, handlers, {
    onPoll: () => void (key && mutate(key)),
  });
  // A run that ended before the stream opened answers 204 and the stream stays shut: the state is asked for instead.
  useSWR<OptimizationState, ApiError>(underway && !stream.live ? key : null, {
    refreshInterval: POLL_MS,
    dedupingInterval: POLL_MS / 2,
  });

  const wantsPreview = state?.status === 'FINISHED' && !state.automatic && optimizationId;
  const preview = useSWR<OptimizationPreview, ApiError>(wantsPreview ? previewKey(adminId, optimizationId) : null);
  return { state, status, preview, live: stream.live };
}

/** Starting, stopping or discarding, and applying a run; each puts the answered state into the cache. */
export function useOptimizationActions() {
  const adminId = useAdminId();
  const { mutate } = useSWRConfig();
  const revalidateRoutes = useRevalidateRoutes();
  const store = (state: OptimizationState) =>
    mutate(statusKey(adminId, state.optimizationId), state, { revalidate: false });
  return {
    start: async (request: Required<OptimizationRequest>): Promise<OptimizationState> => {
      const state = await api.post<OptimizationState>(optimizationPath(adminId), request);
      await store(state);
      void mutate(predictKey(adminId));
      return state;
    },
    /** Stops a running run or discards a finished proposal. */
    cancel: async (optimizationId: string): Promise<OptimizationState> => {
      const state = await api.delete<OptimizationState>(optimizationPath(adminId, `/${optimizationId}`));
      await store(state);
      void mutate(predictKey(adminId));
      return state;
    },
    /** Saves the proposal: the routes, the teams (their guests and maybe meals), the dashboard and its activities are stale. */
    apply: async (optimizationId: string): Promise<OptimizationState> => {
      try {
        const state = await api.put<OptimizationState>(optimizationPath(adminId, `/${optimizationId}`));
        await store(state);
        return state;
      } catch (e) {
        // Refused (the teams changed): the state and the proposal say so now.
        void mutate(statusKey(adminId, optimizationId));
        void mutate(previewKey(adminId, optimizationId));
        throw e;
      } finally {
        revalidateRoutes();
        void mutate((k) => typeof k === 'string' && k.startsWith(`/teamservice/v1/runningdinner/${adminId}`));
        void mutate(adminPath(adminId));
        void mutate(adminPath(adminId, '/activities'));
      }
    },
  };
}
