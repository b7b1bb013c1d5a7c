import type { Issue } from '@domain/validation';
import type { MessageType } from '@server/features/messages/messages.schema';
import { ApiError } from '../../lib/api';
import { i18n } from '../../lib/i18n';

/** The path segment of each type: `/mails/participant`, `/mails/team`, `/mails/dinnerroute`; also the tab's URL. */
export const PATH_OF_TYPE: Record<MessageType, 'participant' | 'team' | 'dinnerroute'> = { PARTICIPANT: 'participant', TEAM: 'team', DINNER_ROUTE: 'dinnerroute' };

/** The tabs' URLs: /messages/participants, /messages/teams, /messages/dinnerroute. */
export const TAB_OF_TYPE: Record<MessageType, string> = { PARTICIPANT: 'participants', TEAM: 'teams', DINNER_ROUTE: 'dinnerroute' };
export const TYPE_OF_TAB: Record<string, MessageType | undefined> = { participants: 'PARTICIPANT', teams: 'TEAM', dinnerroute: 'DINNER_ROUTE' };

/** The API paths of the messaging centre (relative to /rest, as swr keys and `api` take them). */
export const messagesPath = (adminId: string, suffix = '') => `/messageservice/v1/runningdinner/${adminId}${suffix}`;
export const jobsKey = (adminId: string, type: MessageType) => messagesPath(adminId, `/messagejobs?messageType=${type}`);
export const jobKey = (adminId: string, jobId: string) => messagesPath(adminId, `/messagejobs/${jobId}`);
export const overviewKey = (adminId: string, jobId: string) => messagesPath(adminId, `/messagejobs/${jobId}/overview`);
export const tasksKey = (adminId: string, jobId: string) => messagesPath(adminId, `/messagetasks/${jobId}`);
export const statusKey = (adminId: string) => messagesPath(adminId, '/mailserverstatus');
export const streamUrl = (adminId: string) => `/sse/messageservice/v1/runningdinner/${adminId}/messagejobs`;

/** A fresh key per send click; crypto.randomUUID exists only in secure contexts (a self-hoster may serve plain http). */
export function idempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A PUT with extra headers (the Idempotency-Key of a send), failing with the same ApiError as `api`:
 * 406 with its issues, anything else with the server's translated message.
 */
export async function putWithHeaders<T>(path: string, body: unknown, headers: Record<string, string>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/rest${path}`, {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Accept-Language': i18n.locale ?? 'de', 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, i18n._(/*i18n*/ { id: 'error.network', message: 'The server cannot be reached. Please check your connection and try again.' }));
  }
  const data = (await response.json().catch(() => undefined)) as { message?: string; issues?: Issue[]; code?: string } | undefined;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      data?.message ?? i18n._(/*i18n*/ { id: 'error.unexpected', message: 'There occurred an unexpected error' }),
      response.status === 406 ? (data?.issues ?? []) : [],
      data?.code,
    );
  }
  return data as T;
}
