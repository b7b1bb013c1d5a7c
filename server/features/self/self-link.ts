import type { ParticipantRow, RunningDinnerRow } from '../../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, ErrorMessage } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { findParticipant } from '../participants/participants.queries.js';
import { findBySelfAdminId } from './self.repo.js';

/** What a personal link proves: the event and the participant it belongs to. */
export interface SelfLink {
  dinner: RunningDinnerRow;
  participant: ParticipantRow;
}

/** Every wrong or outdated personal link answers this same 404. */
export const selfLinkInvalid = () => new AppError('self_link_invalid', ErrorMessage.selfLinkInvalid.id);

/** A personal link names the event by its secret self id and the participant; anything else is the same 404. */
export async function openSelfLink(deps: Deps, selfAdminId: string, participantId: string): Promise<SelfLink> {
  const dinner = isUuid(selfAdminId) ? await findBySelfAdminId(deps.db, selfAdminId) : undefined;
  const participant =
    dinner && isUuid(participantId) ? await findParticipant(deps.db, dinner.id, participantId) : undefined;
  if (!dinner || !participant) throw selfLinkInvalid();
  return { dinner, participant };
}
