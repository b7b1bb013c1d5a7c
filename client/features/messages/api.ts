import type { MessageType } from '@contract/messages';

/** The path segment of each type: `/mails/participant`, `/mails/team`, `/mails/dinnerroute`; also the tab's URL. */
export const PATH_OF_TYPE: Record<MessageType, 'participant' | 'team' | 'dinnerroute' | 'update'> = {
  PARTICIPANT: 'participant',
  TEAM: 'team',
  DINNER_ROUTE: 'dinnerroute',
  UPDATE: 'update',
};

/** The tabs' URLs: /messages/participants, /messages/teams, /messages/dinnerroute. */
export const TAB_OF_TYPE: Record<MessageType, string> = {
  PARTICIPANT: 'participants',
  TEAM: 'teams',
  DINNER_ROUTE: 'dinnerroute',
  UPDATE: 'updates',
};
export const TYPE_OF_TAB: Record<string, MessageType | undefined> = {
  participants: 'PARTICIPANT',
  teams: 'TEAM',
  dinnerroute: 'DINNER_ROUTE',
  updates: 'UPDATE',
};

/** The API paths of the messaging centre (relative to /rest, as swr keys and `api` take them). */
export const messagesPath = (adminId: string, suffix = '') => `/messageservice/v1/runningdinner/${adminId}${suffix}`;
export const jobsKey = (adminId: string, type: MessageType) =>
  messagesPath(adminId, `/messagejobs?messageType=${type}`);
export const jobKey = (adminId: string, jobId: string) => messagesPath(adminId, `/messagejobs/${jobId}`);
export const overviewKey = (adminId: string, jobId: string) => messagesPath(adminId, `/messagejobs/${jobId}/overview`);
export const tasksKey = (adminId: string, jobId: string) => messagesPath(adminId, `/messagetasks/${jobId}`);
/** Who needs an update, with what changed: asked again whenever the teams, routes or mails move on. */
export const updatesKey = (adminId: string) => messagesPath(adminId, '/updates');
export const statusKey = (adminId: string) => messagesPath(adminId, '/mailserverstatus');
export const streamUrl = (adminId: string) => `/sse/messageservice/v1/runningdinner/${adminId}/messagejobs`;
