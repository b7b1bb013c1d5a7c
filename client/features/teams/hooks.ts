import type {
  cancelTeamSchema,
  MeetingPlan,
  TeamCancellationResult,
  TeamsResponse,
  WaitingListChangeResult,
} from '@contract/teams';
import type { Published } from '@contract/updates';
import type { WaitingList } from '@contract/waiting-list';
import useSWR, { useSWRConfig } from 'swr';
import type { InferInput } from 'valibot';
import { type ApiError, adminPath, api } from '../../lib/api';
import { useAdminId } from '../admin/hooks';
import { participantsPath } from '../participants/hooks';
import { swappedMembers } from './teamList';

/** The API paths of the organiser's team and waiting-list routes. */
const teamsPath = (adminId: string, suffix = '') => `/teamservice/v1/runningdinner/${adminId}${suffix}`;
const waitingListPath = (adminId: string, suffix = '') => `/waitinglistservice/v1/runningdinner/${adminId}${suffix}`;

/** Every team, the cancelled ones too: the page shows them with their status. The dashboard shares this key. */
const teamsKey = (adminId: string) => teamsPath(adminId, '?filterCancelledTeams=false');

export function useTeams() {
  const adminId = useAdminId();
  return useSWR<TeamsResponse, ApiError>(teamsKey(adminId));
}

/** Shows or hides the teams and routes on the personal pages without a mail; the teams' answer says which. */
export function usePublishTeams() {
  const adminId = useAdminId();
  const { mutate } = useSWRConfig();
  return async (wanted: Published): Promise<Published> => {
    const answer = await api.put<Published>(teamsPath(adminId, '/published'), wanted);
    await mutate(teamsKey(adminId));
    return answer;
  };
}

export function useWaitingList() {
  const adminId = useAdminId();
  return useSWR<WaitingList, ApiError>(waitingListPath(adminId));
}

export function useMeetingPlan(teamId: string) {
  const adminId = useAdminId();
  return useSWR<MeetingPlan, ApiError>(teamsPath(adminId, `/team/${teamId}/meetingplan`));
}

/**
 * Every team operation. After a change the teams, their meeting plans, the waiting list, the participants
 * (cancelled members leave the dinner), the dashboard's counts and the activities are stale.
 */
export function useTeamActions() {
  const adminId = useAdminId();
  const { mutate } = useSWRConfig();
  const key = teamsKey(adminId);
  const path = (suffix: string) => teamsPath(adminId, suffix);

  const revalidateAround = () => {
    void mutate((k) => typeof k === 'string' && k.startsWith(teamsPath(adminId, '/')));
    void mutate(waitingListPath(adminId));
    void mutate(participantsPath(adminId, '/participants'));
    void mutate(adminPath(adminId));
    void mutate(adminPath(adminId, '/activities'));
  };
  /** The operations that answer the whole plan put it into the cache at once. */
  const answeringTeams = async (call: Promise<TeamsResponse>): Promise<TeamsResponse> => {
    const teams = await call;
    await mutate(key, teams, { revalidate: false });
    revalidateAround();
    return teams;
  };
  /** The others change the plan too: it is fetched again (and awaited, so the page shows the new plan when the call ends). */
  const answeringOther = async <T>(call: Promise<T>): Promise<T> => {
    const result = await call;
    revalidateAround();
    await mutate(key);
    return result;
  };

  return {
    generate: async () => {
      try {
        return await answeringTeams(api.post<TeamsResponse>(path('')));
      } catch (e) {
        // Refused for too few participants: the counts on the page may be outdated.
        void mutate(adminPath(adminId));
        throw e;
      }
    },
    regenerate: () => answeringTeams(api.put<TeamsResponse>(path(''))),
    drop: () => answeringTeams(api.delete<TeamsResponse>(path(''))),
    /** Shows the two members swapped at once and puts them back if the server refuses. */
    swapMembers: async (participantIdA: string, participantIdB: string) => {
      await mutate<TeamsResponse>(
        key,
        api.put<TeamsResponse>(path(`/teammembers/swap/${participantIdA}/${participantIdB}`)),
        {
          optimisticData: (current) =>
            current ? swappedMembers(current, participantIdA, participantIdB) : (current as unknown as TeamsResponse),
          rollbackOnError: true,
          populateCache: true,
          revalidate: false,
        },
      );
      revalidateAround();
    },
    swapMeals: (teamIdA: string, teamIdB: string) =>
      answeringTeams(api.put<TeamsResponse>(path(`/meals/swap/${teamIdA}/${teamIdB}`))),
    swapTeamNumbers: (teamIdA: string, teamIdB: string) =>
      answeringTeams(api.put<TeamsResponse>(path(`/teamnumbers/swap/${teamIdA}/${teamIdB}`))),
    makeHost: (teamId: string, participantId: string) =>
      answeringTeams(
        api.put<TeamsResponse>(path('/teamhosts'), { teams: [{ id: teamId, hostTeamMemberId: participantId }] }),
      ),
    cancelMember: (teamId: string, participantId: string) =>
      answeringOther(api.put<TeamCancellationResult>(path(`/team/${teamId}/${participantId}/cancel`))),
    moveToWaitingList: (teamId: string, participantId: string) =>
      answeringOther(api.put<TeamCancellationResult>(path(`/team/${teamId}/${participantId}/waitinglist`))),
    /** Cancels the team, or replaces its members by `replacements` from the waiting list. The dry run changes nothing, so nothing needs fetching again. */
    cancelTeam: (teamId: string, { replacements, dryRun }: { replacements?: string[]; dryRun: boolean }) => {
      const request: InferInput<typeof cancelTeamSchema> = {
        teamId,
        replacementParticipantIds: replacements ?? [],
        replaceTeam: replacements !== undefined,
        dryRun,
      };
      const call = api.put<TeamCancellationResult>(path(`/team/${teamId}/cancel`), request);
      return dryRun ? call : answeringOther(call);
    },
    assignWaiting: (teamParticipantsAssignments: { teamId: string; participantIds: string[] }[]) =>
      answeringOther(
        api.put<WaitingListChangeResult>(waitingListPath(adminId, '/assign-participants-teams'), {
          teamParticipantsAssignments,
        }),
      ),
    generateFromWaiting: (participants: string[]) =>
      answeringOther(
        api.put<WaitingListChangeResult>(waitingListPath(adminId, '/generate-new-teams'), { participants }),
      ),
  };
}

export type TeamActions = ReturnType<typeof useTeamActions>;
