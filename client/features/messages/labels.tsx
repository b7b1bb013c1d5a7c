import type { MailFailureType, MessageJob, MessageTask, MessageType } from '@contract/messages';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { TextFieldName } from './compose';

export const tabLabel: Record<MessageType, ReactNode> = {
  PARTICIPANT: <Trans>Participants</Trans>,
  TEAM: <Trans>Teams</Trans>,
  DINNER_ROUTE: <Trans>Dinner routes</Trans>,
  UPDATE: <Trans>Updates</Trans>,
};

/** What a job of the type is called on its page and in lists. */
export const jobTypeLabel: Record<MessageType, ReactNode> = {
  PARTICIPANT: <Trans>Message to participants</Trans>,
  TEAM: <Trans>Team arrangements</Trans>,
  DINNER_ROUTE: <Trans>Dinner routes</Trans>,
  UPDATE: <Trans>Updates</Trans>,
};

export const fieldLabel: Record<TextFieldName, ReactNode> = {
  subject: <Trans>Subject</Trans>,
  message: <Trans>Message</Trans>,
  hostMessagePartTemplate: <Trans>Text for the host</Trans>,
  nonHostMessagePartTemplate: <Trans>Text for the partner</Trans>,
  selfTemplate: <Trans>Your own course</Trans>,
  hostsTemplate: <Trans>Each visit</Trans>,
};

// Named values, so that the braces reach the text as they are (a literal "{host}" in the message would be read as a placeholder).
const host = '{host}';
const route = '{route}';

export const fieldHint: Partial<Record<TextFieldName, ReactNode>> = {
  hostMessagePartTemplate: <Trans>Stands for {host} in the mail of the member at whose place the team cooks.</Trans>,
  nonHostMessagePartTemplate: <Trans>Stands for {host} in the mail of the other member.</Trans>,
  selfTemplate: <Trans>Written into {route} for the meal the team cooks itself.</Trans>,
  hostsTemplate: <Trans>Written into {route} for every meal the team is a guest at.</Trans>,
};

/** What each placeholder stands for, on its insert button. */
export const placeholderMeaning: Record<string, ReactNode> = {
  firstname: <Trans>first name</Trans>,
  lastname: <Trans>last name</Trans>,
  partner: <Trans>name of the team partner</Trans>,
  meal: <Trans>the meal</Trans>,
  mealtime: <Trans>time of the meal</Trans>,
  mealspecifics: <Trans>what the guests cannot eat</Trans>,
  host: <Trans>the text for the host or for the partner</Trans>,
  managehostlink: <Trans>link to the team's page</Trans>,
  route: <Trans>the whole evening in order</Trans>,
  routelink: <Trans>link to the dinner route</Trans>,
  afterparty: <Trans>the after-party</Trans>,
  hostaddress: <Trans>address of the host</Trans>,
  hostnames: <Trans>names of the host team, e.g. “Anna Schmidt, Ben Roth”</Trans>,
  addressremarks: <Trans>the host's doorbell and floor remarks, e.g. “2nd floor, ring at Fischer”</Trans>,
  mobilenumber: <Trans>mobile number of the host</Trans>,
  maplink: <Trans>link that opens the address on a map, e.g. “https://www.openstreetmap.org/?mlat=…”</Trans>,
};

export type JobState =
  | 'SCHEDULED'
  | 'QUEUED'
  | 'SENDING_STARTED'
  | 'SENDING_FINISHED_SUCCESS'
  | 'SENDING_FINISHED_FAILURE';

const jobState = (job: Pick<MessageJob, 'sendingStatus' | 'sendingFailed'>): JobState =>
  job.sendingStatus === 'SENDING_FINISHED'
    ? job.sendingFailed
      ? 'SENDING_FINISHED_FAILURE'
      : 'SENDING_FINISHED_SUCCESS'
    : job.sendingStatus;

const jobStateWords: Record<JobState, { label: ReactNode; className: string }> = {
  SCHEDULED: { label: <Trans>Scheduled</Trans>, className: 'bg-secondary-100 text-secondary-700' },
  QUEUED: { label: <Trans>Waiting to be sent</Trans>, className: 'bg-gray-100 text-gray-800' },
  SENDING_STARTED: {
    label: <Trans>Sending</Trans>,
    className: 'bg-primary-50 text-primary-800 ring-1 ring-primary-200',
  },
  SENDING_FINISHED_SUCCESS: { label: <Trans>All sent</Trans>, className: 'bg-primary-700 text-white' },
  SENDING_FINISHED_FAILURE: { label: <Trans>Finished with failures</Trans>, className: 'bg-red-100 text-red-900' },
};

export function JobStatusBadge({ job }: { job: Pick<MessageJob, 'sendingStatus' | 'sendingFailed'> }) {
  const state = jobState(job);
  const { label, className } = jobStateWords[state];
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${className}`}
      data-testid="job-status"
      data-status={state}
    >
      {label}
    </span>
  );
}

export type TaskState = 'QUEUED' | 'SENDING' | 'SENT' | 'FAILED';

export const taskState = (task: MessageTask): TaskState =>
  task.sendingStatus === 'SENDING_FINISHED'
    ? task.sendingResult.delieveryFailed
      ? 'FAILED'
      : 'SENT'
    : task.sendingStatus === 'SENDING_STARTED'
      ? 'SENDING'
      : 'QUEUED';

const taskStateWords: Record<TaskState, { label: ReactNode; className: string }> = {
  QUEUED: { label: <Trans>Waiting</Trans>, className: 'bg-gray-100 text-gray-800' },
  SENDING: { label: <Trans>Sending</Trans>, className: 'bg-primary-50 text-primary-800 ring-1 ring-primary-200' },
  SENT: { label: <Trans>Sent</Trans>, className: 'bg-primary-50 text-primary-800' },
  FAILED: { label: <Trans>Failed</Trans>, className: 'bg-red-100 text-red-900' },
};

export function TaskStatusBadge({ task }: { task: MessageTask }) {
  const state = taskState(task);
  const { label, className } = taskStateWords[state];
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${className}`}
      data-testid="task-status"
      data-status={state}
    >
      {label}
    </span>
  );
}

export const failureTypeLabel: Record<MailFailureType, ReactNode> = {
  BLOCKED: <Trans>Blocked</Trans>,
  BOUNCE: <Trans>Bounced</Trans>,
  INVALID_EMAIL: <Trans>Invalid address</Trans>,
  SPAM: <Trans>Marked as spam</Trans>,
  SUPPRESSED: <Trans>Not sent: mail to this address failed before</Trans>,
};
