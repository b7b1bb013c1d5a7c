import { DinnerEvent, type DinnerEventData } from '@contract/dinner-events';
import type { Participant, ParticipantInput, ParticipantList, RegistrationsPage } from '@contract/participants';
import useSWR, { useSWRConfig } from 'swr';
import { type ApiError, adminPath, api } from '../../lib/api';
import { useEventSource } from '../../lib/useEventSource';
import { useAdminId } from '../admin/hooks';
import { updatesKey } from '../messages/api';
import { swappedList } from './participantList';

/** The API path of the organiser's participant routes. */
export const participantsPath = (adminId: string, suffix = '') =>
  `/participantservice/v1/runningdinner/${adminId}${suffix}`;

export function useParticipants() {
  const adminId = useAdminId();
  return useSWR<ParticipantList, ApiError>(participantsPath(adminId, '/participants'));
}

/** The newest registrations, for the dashboard. */
export function useLatestRegistrations() {
  const adminId = useAdminId();
  return useSWR<RegistrationsPage, ApiError>(participantsPath(adminId, '/participants/registrations?page=0'));
}

export function useParticipant(participantId: string | undefined) {
  const adminId = useAdminId();
  return useSWR<Participant, ApiError>(
    participantId ? participantsPath(adminId, `/participants/${participantId}`) : null,
  );
}

/** After any change to the participants the counts on the dashboard, its registrations and the activities change too. */
function useRevalidateAround() {
  const adminId = useAdminId();
  const { mutate } = useSWRConfig();
  return (options: { list?: boolean } = {}) => {
    if (options.list !== false) void mutate(participantsPath(adminId, '/participants'));
    void mutate(adminPath(adminId));
    void mutate(adminPath(adminId, '/activities'));
    // Any change of teams, routes, addresses or times (each leaves an activity) may leave people to update.
    void mutate(updatesKey(adminId));
    void mutate(
      (key) => typeof key === 'string' && key.startsWith(participantsPath(adminId, '/participants/registrations')),
    );
  };
}

const dinnerEventsUrl = (adminId: string) => `/sse/runningdinnerservice/v1/runningdinner/${adminId}/events`;

/**
 * Keeps the participants, the dashboard's counts, its latest registrations and the activities current while a
 * page shows them: a registration in another tab or by a guest appears without reloading.
 */
export function useLiveDinnerUpdates() {
  const adminId = useAdminId();
  const { mutate } = useSWRConfig();
  const revalidate = useRevalidateAround();
  const participantsChanged = (data: unknown) => {
    revalidate();
    for (const id of (data as DinnerEventData['participants']).participantIds)
      void mutate(participantsPath(adminId, `/participants/${id}`));
  };
  return useEventSource(
    adminId ? dinnerEventsUrl(adminId) : null,
    { [DinnerEvent.activity]: () => revalidate(), [DinnerEvent.participants]: participantsChanged },
    { onPoll: () => revalidate() },
  );
}

export function useParticipantActions() {
  const adminId = useAdminId();
  const { mutate } = useSWRConfig();
  const revalidate = useRevalidateAround();
  const listKey = participantsPath(adminId, '/participants');
  const path = (suffix: string) => participantsPath(adminId, suffix);

  return {
    save: async (input: ParticipantInput, participantId?: string): Promise<Participant> => {
      const saved = participantId
        ? await api.put<Participant>(path(`/participant/${participantId}`), input)
        : await api.post<Participant>(path('/participant'), input);
      await mutate(path(`/participants/${saved.id}`), saved, { revalidate: false });
      revalidate();
      return saved;
    },
    remove: async (participantId: string): Promise<void> => {
      await api.delete<unknown>(path(`/participant/${participantId}`));
      revalidate();
    },
    activate: async (participantId: string): Promise<Participant> => {
      const activated = await api.put<Participant>(path(`/participant/${participantId}/activate`));
      await mutate(path(`/participants/${participantId}`), activated, { revalidate: false });
      revalidate();
      return activated;
    },
    /** Shows the swapped list at once and puts it back if the server refuses. */
    swap: async (firstId: string, secondId: string): Promise<ParticipantList> => {
      const result = await mutate<ParticipantList>(
        listKey,
        () => api.put<ParticipantList>(path(`/participants/swap/${firstId}/${secondId}`)),
        {
          optimisticData: (current) =>
            current ? swappedList(current, firstId, secondId) : (current as unknown as ParticipantList),
          rollbackOnError: true,
          populateCache: true,
          revalidate: false,
        },
      );
      // The numbers of both changed: their detail copies are stale.
      void mutate(path(`/participants/${firstId}`));
      void mutate(path(`/participants/${secondId}`));
      return result!;
    },
    /** After an import: everything about the participants changed. */
    refreshAll: () => revalidate(),
  };
}
