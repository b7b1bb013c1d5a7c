import type { MessageType } from '@contract/messages';

/** The path segment of each type: `/mails/participant`, `/mails/team`, `/mails/dinnerroute`; also the tab's URL. */
export const PATH_OF_TYPE: Record<MessageType, 'participant' | 'team' | 'dinnerroute'> = {
  PARTICIPANT: 'participant',
  TEAM: 'team',
  DINNER_ROUTE: 'dinnerroute',
};

/** The tabs' URLs: /messages/participants, /messages/teams, /messages/dinnerroute. */
export const TAB_OF_TYPE: Record<MessageType, string> = {
  PARTICIPANT: 'participants',
  TEAM: 'teams',
  DINNER_ROUTE: 'dinnerroute',
};
export const TYPE_OF_TAB: Record<string, MessageType | undefined> = {
  participants: 'PARTICIPANT',
  teams: 'TEAM',
  dinnerroute: 'DINNER_ROUTE',
};

/** The API paths of the messaging centre (relative to /rest, as swr keys and `api` take them). */
export const messagesPath = (adminId: string, suffix = '') => `/messageservice/v1/runningdinner/${adminId}${suffix}`;
export const jobsKey = (adminId: string, type: MessageType) =>
  messagesPath(adminId, `/messagejobs?messageType=${type}`);
export const jobKey = (adminId: string, jobId: string) => messagesPath(adminId, `/messagejobs/${jobId}`);
export const overviewKey = (adminId: string, jobId: string) => messagesPath(adminId, `/messagejobs/${jobId}/overview`);
export const tasksKey = (adminId: string, jobId: string) => messagesPath(adminId, `/messagetasks/${jobId}`);
export const statusKey = (adminId: string) => messagesPath(adminId, '/mailserverstatus');
export const streamUrl = (adminId: string) => `/sse/messageservice/v1/runningdinner/${adminId}/messagejobs`;
