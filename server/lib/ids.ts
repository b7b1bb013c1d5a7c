import { randomUUID } from 'node:crypto';

/** Every id, public or secret, is a random UUID (122 bits): unguessable, so it can stand in a link. */
export const newId = (): string => randomUUID();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string): boolean => UUID.test(s);

/** For log lines: secret ids must never reach a log. */
export const redactIds = (s: string): string =>
  s.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id');
