import type { MailServerStatus } from '@contract/mail';
import type {
  MessageJob,
  MessageJobOverview,
  MessageJobProgress,
  MessagePreview,
  MessageTask,
  MessageTemplates,
  MessageType,
  Recipient,
  ResendTask,
} from '@contract/messages';
import type { ParticipantUpdate } from '@contract/updates';
import { useMemo, useRef } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { type ApiError, adminPath, api } from '../../lib/api';
import { useEventSource } from '../../lib/useEventSource';
import { useAdminId } from '../admin/hooks';
import {
  jobKey,
  jobsKey,
  messagesPath,
  overviewKey,
  PATH_OF_TYPE,
  statusKey,
  streamUrl,
  tasksKey,
  updatesKey,
} from './api';

export function useRecipients() {
  return useSWR<Recipient[], ApiError>(messagesPath(useAdminId(), '/participants'));
}

/** Who needs an update, with what changed for each. */
export function useUpdates() {
  return useSWR<ParticipantUpdate[], ApiError>(updatesKey(useAdminId()));
}

export function useTemplates() {
  return useSWR<MessageTemplates, ApiError>(messagesPath(useAdminId(), '/templates'));
}

/** Asked again every half minute: the banner goes away by itself when the mail server is back. */
export function useMailServerStatus() {
  return useSWR<MailServerStatus, ApiError>(statusKey(useAdminId()), { refreshInterval: 30_000 });
}

export function useMessageJobs(type: MessageType) {
  return useSWR<MessageJob[], ApiError>(jobsKey(useAdminId(), type));
}

export function useMessageJob(jobId: string) {
  return useSWR<MessageJob, ApiError>(jobKey(useAdminId(), jobId));
}

/** The numbers of a job; only asked for while `wanted` (an unfinished job in the history). */
export function useJobOverview(jobId: string, wanted = true) {
  const adminId = useAdminId();
  return useSWR<MessageJobOverview, ApiError>(wanted ? overviewKey(adminId, jobId) : null);
}

export function useMessageTasks(jobId: string) {
  return useSWR<MessageTask[], ApiError>(tasksKey(useAdminId(), jobId));
}

/** The calls of the compose form. */
export function useMessageActions(type: MessageType) {
  const adminId = useAdminId();
  const { mutate } = useSWRConfig();
  const mails = (suffix = '') => messagesPath(adminId, `/mails/${PATH_OF_TYPE[type]}${suffix}`);
  return {
    preview: (body: unknown) => api.put<MessagePreview>(mails('/preview'), body),
    /** One sample to the organiser only; answers the address it went to. */
    sendToMe: (body: unknown) => api.put<{ sentTo: string }>(mails('?sendToDinnerOwner=true'), body),
    /** Creates the job; the same key for a retried click makes the server answer the same job. */
    send: async (body: unknown, idempotencyKey: string): Promise<MessageJob> => {
      const job = await api.put<MessageJob>(mails('?sendToDinnerOwner=false'), body, {
        'Idempotency-Key': idempotencyKey,
      });
      await mutate(jobKey(adminId, job.id), job, { revalidate: false });
      await mutate<MessageJob[]>(
        jobsKey(adminId, type),
        (jobs) => (jobs ? [job, ...jobs.filter((j) => j.id !== job.id)] : jobs),
        { revalidate: true },
      );
      void mutate(adminPath(adminId, '/activities'));
      void mutate(updatesKey(adminId));
      return job;
    },
  };
}

/** Resends one task (to a corrected address or with a corrected text); the row, the job and its numbers follow. */
export function useResendTask(jobId: string) {
  const adminId = useAdminId();
  const { mutate } = useSWRConfig();
  return async (taskId: string, resend: ResendTask): Promise<MessageTask> => {
    const task = await api.put<MessageTask>(messagesPath(adminId, `/messagetask/${taskId}`), resend);
    await mutate<MessageTask[]>(tasksKey(adminId, jobId), (tasks) => tasks?.map((t) => (t.id === task.id ? task : t)), {
      revalidate: false,
    });
    void mutate(jobKey(adminId, jobId));
    void mutate(overviewKey(adminId, jobId));
    return task;
  };
}

const TASKS_REFRESH_MS = 1000;

/**
 * Keeps the jobs of this event live while a messaging page is open: every `progress` of the stream goes into the
 * cached job, its numbers and the history of its type; the task list is asked again at most once a second, and once
 * more when the job is `finished`. When the stream is refused, the hook polls instead.
 */
export function useLiveMessageJobs(watched: { jobId?: string; type?: MessageType } = {}) {
  const adminId = useAdminId();
  const { mutate, cache } = useSWRConfig();
  const lastTasksRefresh = useRef(new Map<string, number>());
  const watchedRef = useRef(watched);
  watchedRef.current = watched;

  const handlers = useMemo(() => {
    const apply = (data: unknown, finished: boolean) => {
      const p = data as MessageJobProgress;
      if (!p || typeof p.messageJobId !== 'string') return;
      const done = finished || p.sendingStatus === 'SENDING_FINISHED';
      const overview: MessageJobOverview = {
        messageJobId: p.messageJobId,
        numMessagesSucceeded: p.sent,
        numMessagesFailed: p.failed,
        numMessagesQueued: p.queued,
        sendingFinished: done,
      };
      void mutate(overviewKey(adminId, p.messageJobId), overview, { revalidate: false });
      const patch = (job: MessageJob): MessageJob => ({
        ...job,
        sendingStatus: done ? 'SENDING_FINISHED' : p.sendingStatus,
        sendingFailed: done ? p.failed > 0 : job.sendingFailed,
        // A scheduled job gets its mails when it starts.
        numberOfMessageTasks: Math.max(job.numberOfMessageTasks, p.total),
      });
      void mutate<MessageJob>(jobKey(adminId, p.messageJobId), (job) => (job ? patch(job) : job), { revalidate: done });
      const listKey = jobsKey(adminId, p.messageType);
      const list = cache.get(listKey)?.data as MessageJob[] | undefined;
      // A job the list does not know yet (sent from another tab) is fetched with the list.
      const unknown = list !== undefined && !list.some((job) => job.id === p.messageJobId);
      void mutate<MessageJob[]>(listKey, (jobs) => jobs?.map((job) => (job.id === p.messageJobId ? patch(job) : job)), {
        revalidate: done || unknown,
      });
      const key = tasksKey(adminId, p.messageJobId);
      const now = Date.now();
      if (done || now - (lastTasksRefresh.current.get(p.messageJobId) ?? 0) >= TASKS_REFRESH_MS) {
        lastTasksRefresh.current.set(p.messageJobId, now);
        void mutate(key);
      }
      if (finished) {
        // The dashboard's steps read the sent mails from the teams; the activities gain "mails sent".
        void mutate((k) => typeof k === 'string' && k.startsWith(`/teamservice/v1/runningdinner/${adminId}`));
        void mutate(adminPath(adminId, '/activities'));
        void mutate(statusKey(adminId));
        // A mail that failed leaves its person to update.
        void mutate(updatesKey(adminId));
      }
    };
    /** A scheduled job was cancelled (here or elsewhere): it leaves the history. */
    const cancelled = (data: unknown) => {
      const { messageJobId } = (data ?? {}) as { messageJobId?: string };
      if (typeof messageJobId !== 'string') return;
      void mutate(jobKey(adminId, messageJobId));
      void mutate((k) => typeof k === 'string' && k.startsWith(messagesPath(adminId, '/messagejobs?')));
    };
    return {
      progress: (data: unknown) => apply(data, false),
      finished: (data: unknown) => apply(data, true),
      cancelled,
    };
  }, [adminId, mutate, cache]);

  const onPoll = () => {
    const { jobId, type } = watchedRef.current;
    if (jobId) {
      void mutate(jobKey(adminId, jobId));
      void mutate(overviewKey(adminId, jobId));
      void mutate(tasksKey(adminId, jobId));
    }
    if (type) void mutate(jobsKey(adminId, type));
    void mutate(statusKey(adminId));
    void mutate(updatesKey(adminId));
  };

  return useEventSource(adminId ? streamUrl(adminId) : null, handlers, { onPoll });
}
