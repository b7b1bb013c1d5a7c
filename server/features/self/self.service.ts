import { writeTransaction } from '../../../db/transaction.js';
import type { ParticipantRow, RunningDinnerRow } from '../../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, ErrorMessage, ValidationError } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { msgId } from '../../../domain/validation-messages.js';
import { listMeals } from '../events/events.service.js';
import { assertWritable, readOnlyReason } from '../events/dinner-access.js';
import { toParticipant } from '../participants/participant-row.js';
import { emailTaken, findParticipant, listParticipantRows, setTeamPartnerWish } from '../participants/participants.queries.js';
import { fixedPartnerOf } from '../../../domain/participants/team-partner-wish.js';
import type { SelfSessionData } from '../registration/registration.schema.js';
import type { Participant } from '../participants/participants.schema.js';
import { teamsExist } from '../teams/teams.queries.js';
import { findBySelfAdminId } from './self.repo.js';

const SelfMessage = {
  registeredTogether: /*i18n*/ {
    id: 'error.teamPartnerRegisteredTogether',
    message: 'You registered together with your team partner, so your team is already fixed',
  },
} as const;

export interface SelfLink {
  dinner: RunningDinnerRow;
  participant: ParticipantRow;
}

/** Every wrong or outdated personal link answers this same 404. */
export const selfLinkInvalid = () => new AppError('self_link_invalid', ErrorMessage.selfLinkInvalid.id);

/** A personal link names the event by its secret self id and the participant; anything else is the same 404. */
export async function openSelfLink(deps: Deps, selfAdminId: string, participantId: string): Promise<SelfLink> {
  const dinner = isUuid(selfAdminId) ? await findBySelfAdminId(deps.db, selfAdminId) : undefined;
  const participant = dinner && isUuid(participantId) ? await findParticipant(deps.db, dinner.id, participantId) : undefined;
  if (!dinner || !participant) throw selfLinkInvalid();
  return { dinner, participant };
}

const notChangeable = () => new AppError('team_partner_wish_not_changeable', ErrorMessage.teamPartnerWishNotChangeable.id);

export async function selfSessionData(deps: Deps, { dinner, participant }: SelfLink): Promise<SelfSessionData> {
  const [meals, rows, teamsMade] = await Promise.all([listMeals(deps, dinner), listParticipantRows(deps.db, dinner.id), teamsExist(deps.db, dinner.id)]);
  const all = rows.map(toParticipant);
  const self = all.find((p) => p.id === participant.id)!;
  const partnerId = self.teamPartnerWishOriginatorId ? fixedPartnerOf(self, all)?.id : all.find((p) => p.id !== self.id && p.email === self.teamPartnerWishEmail)?.id;
  const partner = all.find((p) => p.id === partnerId);
  const disabled = dinner.team_partner_wish_disabled === 1;
  return {
    languageCode: participant.language_code,
    title: dinner.public_title,
    date: dinner.date,
    city: dinner.city,
    meals: meals.map((m) => ({ label: m.label, time: m.time })),
    participant: { firstnamePart: self.firstnamePart, lastname: self.lastname, email: self.email, teamPartnerWishEmail: self.teamPartnerWishEmail },
    teamPartnerWishDisabled: disabled,
    teamPartnerWishChangeable: !disabled && !self.teamPartnerWishOriginatorId && !teamsMade && readOnlyReason(dinner, deps.clock.today()) === null,
    teamPartner: partner ? teamPartnerOf(self, partner) : null,
  };
}

/**
 * Sets the wished team partner (a participant registered for the same event), or clears it with an empty
 * address; possible until the teams are made.
 */
export async function changeTeamPartnerWish(deps: Deps, link: SelfLink, email: string): Promise<SelfSessionData> {
  const { dinner, participant } = link;
  if (dinner.team_partner_wish_disabled) throw new AppError('team_partner_wish_disabled', msgId('teamPartnerWishDisabled'));
  assertWritable(deps, dinner);
  if (participant.team_partner_wish_originator_id) throw new AppError('team_partner_registered_together', SelfMessage.registeredTogether.id);
  if (email !== '' && email === participant.email) throw new ValidationError([{ field: 'email', message: msgId('teamPartnerWishSelf') }]);
  await writeTransaction(deps.db, async (trx) => {
    if (await teamsExist(trx, dinner.id)) throw notChangeable();
    if (email !== '' && !(await emailTaken(trx, dinner.id, email, participant.id))) throw notChangeable();
    await setTeamPartnerWish(trx, dinner.id, participant.id, email === '' ? null : email, deps.clock.now());
  });
  return selfSessionData(deps, link);
}

function teamPartnerOf(self: Participant, partner: Participant): SelfSessionData['teamPartner'] {
  const mutual = !!self.teamPartnerWishOriginatorId || (self.email !== '' && partner.teamPartnerWishEmail === self.email);
  return mutual ? { mutual, firstnamePart: partner.firstnamePart, lastname: partner.lastname } : { mutual };
}
