import type { TeamPartnerWishState } from '../../../contract/participants.js';
import type { TeamPartnerWishDetails, TeamPartnerWishItem } from '../../../contract/team-partner-wish.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import { registrationStateOf } from '../../../domain/events/registration-state.js';
import { teamPartnerWishOf } from '../../../domain/participants/team-partner-wish.js';
import { msgId } from '../../../domain/validation-messages.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound, ValidationError } from '../../lib/errors.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { reserveMailTo } from '../mail/mail-limits.js';
import { toParticipant } from './participant-row.js';
import { listParticipantRows, setTeamPartnerWish } from './participants.repo.js';
import { queuePartnerInvitation } from './partner-invitation.js';
import { assertTeamPartnersKept, teamPartnersFixed } from './team-partners-kept.js';

const TeamPartnerWishMessage = {
  notCompletable: /*i18n*/ {
    id: 'error.teamPartnerWishNotCompletable',
    message:
      'There is nothing to complete: the two already wish each other, the partner wishes someone else, or there is no wish',
  },
  invitationImpossible: /*i18n*/ {
    id: 'error.partnerInvitationImpossible',
    message:
      'The wished partner cannot be invited: this running dinner takes no registrations at the moment. Add the partner yourself.',
  },
} as const;

/** The wish of one participant among all of the event, with both participants; undefined when there is none. */
async function wishDetails(
  deps: Deps,
  dinner: RunningDinnerRow,
  participantId: string,
): Promise<TeamPartnerWishDetails | undefined> {
  const all = (await listParticipantRows(deps.db, dinner.id)).map(toParticipant);
  const participant = all.find((p) => p.id === participantId);
  if (!participant) throw notFound();
  const wish = teamPartnerWishOf(participant, all);
  if (!wish) return undefined;
  return { state: wish.state, participant, partner: all.find((p) => p.id === wish.partnerId) ?? null };
}

/** The wish of the participant when its state is one of the relevant ones (all when none are given), else null. */
export async function teamPartnerWishFor(
  deps: Deps,
  dinner: RunningDinnerRow,
  participantId: string,
  relevantStates: TeamPartnerWishState[],
): Promise<TeamPartnerWishDetails | null> {
  const details = await wishDetails(deps, dinner, participantId);
  if (!details) return null;
  return relevantStates.length === 0 || relevantStates.includes(details.state) ? details : null;
}

/**
 * The wishes of the chosen participants (the spec's selected entities), in the order asked, leaving out those
 * without one. The body names the event's admin id too, which must be the path's; an unknown participant is a 404.
 */
export async function teamPartnerWishesOf(
  deps: Deps,
  dinner: RunningDinnerRow,
  selection: { entityIds: string[]; adminId: string },
): Promise<TeamPartnerWishItem[]> {
  if (selection.adminId !== dinner.admin_id)
    throw new ValidationError([{ field: 'adminId', message: msgId('invalidValue') }]);
  const all = (await listParticipantRows(deps.db, dinner.id)).map(toParticipant);
  return selection.entityIds.flatMap((id) => {
    const participant = all.find((p) => p.id === id);
    if (!participant) throw notFound();
    const wish = teamPartnerWishOf(participant, all);
    if (!wish) return [];
    const partner = all.find((p) => p.id === wish.partnerId) ?? null;
    return [{ state: wish.state, subscribedParticipant: participant, partner }];
  });
}

/**
 * The organiser completes a one-sided wish: a registered partner without a wish gets the participant as theirs
 * (they become a fixed pair); a partner not registered yet is invited by mail. Once the teams are made,
 * neither may pair someone who is in a team (409, as editing the wish).
 */
export async function completeTeamPartnerWish(
  deps: Deps,
  dinner: RunningDinnerRow,
  participantId: string,
): Promise<TeamPartnerWishDetails> {
  assertWritable(deps, dinner);
  const details = await wishDetails(deps, dinner, participantId);
  // Without an e-mail of their own, the partner has nothing to name.
  if (details?.state === 'EXISTS_EMPTY_TEAM_PARTNER_WISH' && details.participant.email !== '') {
    const { participant, partner } = details;
    await writeTransaction(deps.db, async (trx) => {
      await assertTeamPartnersKept(trx, dinner, (all) =>
        all.map((p) => (p.id === partner!.id ? { ...p, teamPartnerWishEmail: participant.email } : p)),
      );
      await setTeamPartnerWish(trx, dinner.id, partner!.id, participant.email, deps.clock.now());
    });
  } else if (details?.state === 'NOT_EXISTING') {
    const { participant } = details;
    // The invited partner would register naming them: a pair with someone who already cooks in a team.
    if (participant.teamId !== null) throw teamPartnersFixed();
    if (dinner.registration_type === 'CLOSED' || registrationStateOf(dinner, deps.clock.today()) !== 'OPEN') {
      throw new AppError('partner_invitation_impossible', TeamPartnerWishMessage.invitationImpossible.id);
    }
    await reserveMailTo(deps, participant.teamPartnerWishEmail!);
    await writeTransaction(deps.db, (trx) =>
      queuePartnerInvitation(deps, trx, dinner, participant, participant.teamPartnerWishEmail!),
    );
  } else {
    throw new AppError('team_partner_wish_not_completable', TeamPartnerWishMessage.notCompletable.id);
  }
  return (await wishDetails(deps, dinner, participantId))!;
}
