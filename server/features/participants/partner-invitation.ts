import type { Participant } from '../../../contract/participants.js';
import type { ParticipantRow, RunningDinnerRow } from '../../../db/schema.js';
import type { Trx } from '../../../db/transaction.js';
import { type RegistrationColumns, registrationStateOf } from '../../../domain/events/registration-state.js';
import { fullName } from '../../../domain/participants/names.js';
import type { Deps } from '../../deps.js';
import { publicDinnerUrl } from '../links/links.js';
import { eventMailsLeft, mayMail } from '../mail/mail-limits.js';
import { enqueueMail } from '../mail/mail-queue.js';
import { partnerInvitationMail } from '../mail/system-mails/team-mails.js';
import { toParticipant } from './participant-row.js';
import { emailTaken } from './participants.repo.js';

type InvitingDinner = Pick<RunningDinnerRow, 'id' | 'public_dinner_id' | 'public_title' | 'date' | 'city'>;

/**
 * Invites the partner the participant wished, who is not registered yet. Queued only on confirmation or by
 * the organiser, never on registration: nobody can make the app mail an arbitrary address.
 */
export async function queuePartnerInvitation(
  deps: Deps,
  trx: Trx,
  dinner: InvitingDinner,
  inviter: Participant,
  inviteeEmail: string,
) {
  const query = new URLSearchParams({ email: inviteeEmail, teamPartnerWishEmail: inviter.email });
  const mail = partnerInvitationMail({
    language: inviter.languageCode,
    inviter: fullName(inviter),
    inviterEmail: inviter.email,
    title: dinner.public_title,
    date: dinner.date,
    city: dinner.city,
    registrationUrl: `${publicDinnerUrl(deps, dinner.public_dinner_id)}?${query}`,
  });
  // Tied to the inviter: the mail carries their name, and deleting them must stop it.
  await enqueueMail(deps, trx, {
    runningDinnerId: dinner.id,
    participantId: inviter.id,
    recipientEmail: inviteeEmail,
    language: inviter.languageCode,
    ...mail,
  });
}

type InvitationDinner = InvitingDinner &
  RegistrationColumns &
  Pick<RunningDinnerRow, 'registration_type' | 'team_partner_wish_disabled'>;

/**
 * On a participant's first confirmation (by the mailed link or by the organiser): invites the wished partner
 * if they can still register and are not registered yet.
 */
export async function invitePartnerIfDue(
  deps: Deps,
  trx: Trx,
  dinner: InvitationDinner,
  participant: ParticipantRow,
): Promise<boolean> {
  const wish = participant.team_partner_wish_email;
  if (!wish || dinner.registration_type === 'CLOSED' || dinner.team_partner_wish_disabled) return false;
  if (registrationStateOf(dinner, deps.clock.today()) !== 'OPEN' || (await emailTaken(trx, dinner.id, wish)))
    return false;
  // The confirmation itself must not fail: an address that had its share of mail this hour, or an event that sent its
  // share today, just makes no invitation.
  if ((await eventMailsLeft(deps, trx, dinner.id)) === 0 || !(await mayMail(deps, wish, trx))) return false;
  await queuePartnerInvitation(deps, trx, dinner, toParticipant(participant), wish);
  return true;
}
