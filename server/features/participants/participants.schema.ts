import * as v from 'valibot';
import { msgId } from '../../lib/validation-messages.js';

// Isomorphic: the wire types of the participant service, imported by the server and the client.

export const REGISTRATIONS_PAGE_SIZE = 20;

/** `?page=N`, counted from 0; missing means the first page. */
export const registrationsPageSchema = v.optional(
  v.pipe(v.string(), v.regex(/^\d{1,6}$/, msgId('invalidValue')), v.transform(Number)),
  '0',
);

export interface Registration {
  participantId: string;
  firstnamePart: string;
  lastname: string;
  email: string;
  /** UTC instant, ISO 8601. */
  createdAt: string;
  /** False until the participant confirmed the registration by the mailed link. */
  activated: boolean;
}

export interface RegistrationsPage {
  registrations: Registration[];
  page: number;
  hasMore: boolean;
}
