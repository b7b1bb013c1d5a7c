import type { Issue } from '@domain/validation';
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

/** What to tell the user about a failed call: the server's translated message, or else what went wrong. */
/** What to tell the user about a failed call: a 406 carries its reasons as issues, not as a message. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError && e.issues.length > 0) return e.issues.map((issue) => issue.message).join(' ');
  return e instanceof ApiError ? e.message : String(e);
}

type ErrorBody = { message?: string; issues?: Issue[]; code?: string } | undefined;

const commonHeaders = () => ({ Accept: 'application/json', 'Accept-Language': i18n.locale ?? 'de' });

const networkError = () =>
  new ApiError(
    0,
    i18n._(
      /*i18n*/ {
        id: 'error.network',
        message: 'The server cannot be reached. Please check your connection and try again.',
      },
    ),
  );

const responseError = (status: number, data: ErrorBody) =>
  new ApiError(
    status,
    data?.message ?? i18n._(/*i18n*/ { id: 'error.unexpected', message: 'There occurred an unexpected error' }),
    status === 406 ? (data?.issues ?? []) : [],
    data?.code,
  );

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/rest${path}`, {
      method,
      headers: {
        ...commonHeaders(),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw networkError();
  }
  const data = await response.json().catch(() => undefined);
  if (!response.ok) throw responseError(response.status, data);
  return data as T;
}

/** `headers` carry e.g. an Idempotency-Key: the same key again makes the server answer what the first request made. */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  put: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    request<T>('PUT', path, body ?? {}, headers),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    request<T>('POST', path, body ?? {}, headers),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};

/** A fresh Idempotency-Key; crypto.randomUUID exists only in secure contexts (a self-hoster may serve plain http). */
export function idempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const parseJson = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * POSTs a file as the raw request body. XMLHttpRequest rather than fetch because only it reports upload progress;
 * errors are the same ApiError as `api`'s.
 */
export function upload<T>(
  path: string,
  file: File,
  contentType: string,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/rest${path}`);
    for (const [name, value] of Object.entries({ ...commonHeaders(), 'Content-Type': contentType }))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(networkError());
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(responseError(xhr.status, data));
    };
    xhr.send(file);
  });
}

/** swr fetcher: keys are API paths. */
export const fetcher = <T>(path: string) => api.get<T>(path);

export const adminPath = (adminId: string, suffix = '') => `/runningdinnerservice/v1/runningdinner/${adminId}${suffix}`;
