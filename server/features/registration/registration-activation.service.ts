import { DinnerEvent } from '../../../contract/dinner-events.js';
import type { ActivationResult } from '../../../contract/registration.js';
import type { ParticipantRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { AppError, ErrorMessage, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { findDinner } from '../dinner/dinner.queries.js';
import { personalPageUrl } from '../links/links.js';
import { publishDinnerEvent } from '../live/dinner-events.js';
import { enqueueMail } from '../mail/mail-queue.js';
import { waitingListMail } from '../mail/system-mails/registration-mails.js';
import { findParticipant } from '../participants/participants.queries.js';
import { invitePartnerIfDue } from '../participants/partner-invitation.js';
import { teamsExist } from '../teams/teams.queries.js';
import { findPublicDinner } from './public-dinners.service.js';
import * as repo from './registration.repo.js';

/** Someone who confirms after the teams were made waits for a place: the mail says so and what it means. */
async function queueWaitingListMail(deps: Deps, trx: Trx, runningDinnerId: string, participant: ParticipantRow) {
  const dinner = await findDinner(trx, runningDinnerId);
  if (!dinner) return;
  const mail = waitingListMail({
    language: participant.language_code,
    firstname: participant.firstname_part,
    title: dinner.public_title,
    date: dinner.date,
    personalUrl: personalPageUrl(deps, dinner.self_admin_id, participant.id),
  });
  await enqueueMail(deps, trx, {
    runningDinnerId: dinner.id,
    participantId: participant.id,
    recipientEmail: participant.email,
    language: participant.language_code,
    ...mail,
  });
}

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
      if (await teamsExist(trx, dinner.id)) await queueWaitingListMail(deps, trx, dinner.id, participant);
      publishDinnerEvent(deps, trx, dinner.id, DinnerEvent.participants, {
        change: 'CONFIRMED',
        participantIds: [participant.id],
      });
      return true;
    }));
  return {
    onWaitingList: participant.team_id === null && (await teamsExist(deps.db, dinner.id)),
    firstnamePart: participant.firstname_part,
    lastname: participant.lastname,
    email: participant.email,
    alreadyActivated: !firstActivation,
    title: dinner.public_title,
    date: dinner.date,
  };
}
