import * as v from 'valibot';
import type { Change } from '../domain/updates/told-facts.js';
import { msgId } from '../domain/validation-messages.js';

// Isomorphic: who needs an update after the team or route mails, and the teams' publication on the personal pages.

export type { Change, ChangeKind } from '../domain/updates/told-facts.js';

/** A participant whose team or route is no longer as a mail told them, with what changed. */
export interface ParticipantUpdate {
  participantId: string;
  email: string;
  firstnamePart: string;
  lastname: string;
  teamNumber: number;
  changes: Change[];
}

/** PUT …/published — the personal pages show the teams (routes) without a mail. */
export const publishedSchema = v.strictObject(
  { teams: v.boolean(msgId('invalidValue')), routes: v.boolean(msgId('invalidValue')) },
  msgId('unknownField'),
);
export type Published = v.InferOutput<typeof publishedSchema>;
