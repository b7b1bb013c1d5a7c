import type { Issue } from '@server/lib/validation';
import { i18n } from './i18n';

/** A failed call: 406 carries the validation issues, everything else a translated message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: Issue[] = [],
    readonly code?: string,
  ) {
    super(message);
  }
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/rest${path}`, {
      method,
      headers: { Accept: 'application/json', 'Accept-Language': i18n.locale ?? 'de', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError(0, i18n._(/*i18n*/ { id: 'error.network', message: 'The server cannot be reached. Please check your connection and try again.' }));
  }
  const data = await response.json().catch(() => undefined);
  if (!response.ok) {
    const issues: Issue[] = response.status === 406 ? (data?.issues ?? []) : [];
    throw new ApiError(response.status, data?.message ?? i18n._(/*i18n*/ { id: 'error.unexpected', message: 'There occurred an unexpected error' }), issues, data?.code);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** swr fetcher: keys are API paths. */
export const fetcher = <T>(path: string) => api.get<T>(path);

export const adminPath = (adminId: string, suffix = '') => `/runningdinnerservice/v1/runningdinner/${adminId}${suffix}`;
