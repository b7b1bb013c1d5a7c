import { DinnerEvent } from '../../../contract/dinner-events.js';
import type { ActivationResult } from '../../../contract/registration.js';
import { writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { AppError, ErrorMessage, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { publishDinnerEvent } from '../live/dinner-events.js';
import { findParticipant } from '../participants/participants.queries.js';
import { invitePartnerIfDue } from '../participants/partner-invitation.js';
import { findPublicDinner } from './public-dinners.service.js';
import * as repo from './registration.repo.js';

/** Confirms a registration by its mailed link; a second confirmation changes nothing and sends nothing. */
export async function activateRegistration(
  deps: Deps,
  publicDinnerId: string,
  participantId: string,
): Promise<ActivationResult> {
  // Registered while the event was open: the link keeps working if the organiser closed it since.
  const dinner = await findPublicDinner(deps, publicDinnerId, ['OPEN', 'PUBLIC', 'CLOSED']);
  const participant = isUuid(participantId) ? await findParticipant(deps.db, dinner.id, participantId) : undefined;
  if (!participant) throw notFound();
  if (dinner.cancelled_at) throw new AppError('registration_cancelled', ErrorMessage.registrationCancelled.id);
  const firstActivation =
    participant.activated_at === null &&
    (await writeTransaction(deps.db, async (trx) => {
      if (!(await repo.activateRegistration(trx, participant, deps.clock.now()))) return false;
      await invitePartnerIfDue(deps, trx, dinner, participant);
      publishDinnerEvent(deps, trx, dinner.id, DinnerEvent.participants, {
        change: 'CONFIRMED',
        participantIds: [participant.id],
      });
      return true;
    }));
  return {
    firstnamePart: participant.firstname_part,
    lastname: participant.lastname,
    email: participant.email,
    alreadyActivated: !firstActivation,
    title: dinner.public_title,
    date: dinner.date,
  };
}
