import type { Participant } from '../../../contract/participants.js';
import type { SelfSessionData } from '../../../contract/registration.js';
import { SELF_REGISTRATION_FIELDS, type SelfHome } from '../../../contract/self.js';
import type { SelfTeam } from '../../../contract/self-teams.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import { type RegistrationState, registrationStateOf } from '../../../domain/events/registration-state.js';
import { fixedPartnerOf } from '../../../domain/participants/team-partner-wish.js';
import { msgId } from '../../../domain/validation-messages.js';
import type { Deps } from '../../deps.js';
import { AppError, type ConflictCode, ErrorMessage, ValidationError } from '../../lib/errors.js';
import { listMeals } from '../dinner/dinner.queries.js';
import { assertWritable, readOnlyReason } from '../dinner/dinner-access.js';
import { reserveMailTo } from '../mail/mail-limits.js';
import { scheduledMailTimes } from '../messages/messages.queries.js';
import { toParticipant } from '../participants/participant-row.js';
import { emailTaken, listParticipantRows, setTeamPartnerWish } from '../participants/participants.queries.js';
import { queuePartnerInvitation } from '../participants/partner-invitation.js';
import { teamsExist } from '../teams/teams.queries.js';
import { mailsWent } from '../updates/updates.service.js';
import type { SelfLink } from './self-link.js';
import { cancellationOf, openOwnTeam, pickFields, selfTeam } from './self-teams.service.js';
import { type Shown, shownTo } from './shown.js';

const SelfMessage = {
  registeredTogether: /*i18n*/ {
    id: 'error.teamPartnerRegisteredTogether',
    message: 'You registered together with your team partner, so your team is already fixed',
  },
} as const;

const teamsMade = () => new AppError('team_partner_wish_teams_made', ErrorMessage.teamPartnerWishTeamsMade.id);

/** The participant's own team, once they are in one and it is shown to them. */
async function ownTeam(deps: Deps, link: SelfLink, shown: Shown): Promise<SelfTeam | null> {
  const teamId = link.participant.team_id;
  return teamId && shown.team ? selfTeam(deps, link, await openOwnTeam(deps.db, link, teamId)) : null;
}

/** What the personal link opens: the event, the registration, the partner wish and, once the teams are made, the own team. */
export async function selfHome(deps: Deps, link: SelfLink): Promise<SelfHome> {
  const { dinner, participant } = link;
  const shown = await shownTo(deps.db, link);
  const [meals, rows, teamsMade, team, went, mailsExpected] = await Promise.all([
    listMeals(deps.db, dinner.id),
    listParticipantRows(deps.db, dinner.id),
    teamsExist(deps.db, dinner.id),
    ownTeam(deps, link, shown),
    mailsWent(deps.db, dinner.id),
    scheduledMailTimes(deps.db, dinner.id),
  ]);
  const all = rows.map(toParticipant);
  const self = all.find((p) => p.id === participant.id)!;
  const partnerId = self.teamPartnerWishOriginatorId
    ? fixedPartnerOf(self, all)?.id
    : all.find((p) => p.id !== self.id && p.email === self.teamPartnerWishEmail)?.id;
  const partner = all.find((p) => p.id === partnerId);
  const disabled = dinner.team_partner_wish_disabled === 1;
  return {
    languageCode: participant.language_code,
    title: dinner.public_title,
    date: dinner.date,
    city: dinner.city,
    meals: meals.map((m) => ({ label: m.label, time: m.time })),
    participant: {
      firstnamePart: self.firstnamePart,
      lastname: self.lastname,
      email: self.email,
      teamPartnerWishEmail: self.teamPartnerWishEmail,
    },
    registration: pickFields(self, SELF_REGISTRATION_FIELDS),
    teamPartnerWishDisabled: disabled,
    teamPartnerWishChangeable:
      !disabled &&
      !self.teamPartnerWishOriginatorId &&
      !teamsMade &&
      readOnlyReason(dinner, deps.clock.today()) === null,
    teamPartner: partner ? teamPartnerOf(self, partner) : null,
    teamsExist: teamsMade,
    shown,
    team,
    onWaitingList: teamsMade && participant.team_id === null && (went.teams || shown.team),
    mailsExpected,
    withdrawnAt: participant.withdrawn_at,
    cancellation: cancellationOf(link),
  };
}

/** Why a partner who is not registered cannot be invited: nobody new may register (a cancelled or past dinner was refused before). */
const PARTNER_REGISTRATION_REFUSALS: Partial<Record<RegistrationState, { code: ConflictCode; messageId: string }>> = {
  DEADLINE_PASSED: {
    code: 'team_partner_registration_deadline_passed',
    messageId: ErrorMessage.teamPartnerRegistrationDeadlinePassed.id,
  },
  DEACTIVATED: {
    code: 'team_partner_registration_deactivated',
    messageId: ErrorMessage.teamPartnerRegistrationDeactivated.id,
  },
};

function assertPartnerMayRegister(deps: Deps, dinner: RunningDinnerRow, email: string): void {
  if (dinner.registration_type === 'CLOSED')
    throw new AppError('team_partner_registration_closed', ErrorMessage.teamPartnerRegistrationClosed.id, { email });
  const refusal = PARTNER_REGISTRATION_REFUSALS[registrationStateOf(dinner, deps.clock.today())];
  if (refusal) throw new AppError(refusal.code, refusal.messageId, { email });
}

/**
 * A new wish for someone not registered invites them, as the registration form does: only while they may register,
 * and within the address's hourly mail limit. Answers the address to invite now, or null.
 */
async function partnerToInvite(deps: Deps, { dinner, participant }: SelfLink, email: string): Promise<string | null> {
  if (
    email === '' ||
    email === participant.team_partner_wish_email ||
    (await emailTaken(deps.db, dinner.id, email, participant.id))
  )
    return null;
  assertPartnerMayRegister(deps, dinner, email);
  // An unconfirmed registration invites its partner on confirmation, like the form's.
  if (participant.activated_at === null) return null;
  await reserveMailTo(deps, email);
  return email;
}

/**
 * Sets the wished team partner, or clears it with an empty address; possible until the teams are made. A partner
 * who is not registered yet is invited by mail.
 */
export async function changeTeamPartnerWish(deps: Deps, link: SelfLink, email: string): Promise<SelfHome> {
  const { dinner, participant } = link;
  if (dinner.team_partner_wish_disabled)
    throw new AppError('team_partner_wish_disabled', msgId('teamPartnerWishDisabled'));
  assertWritable(deps, dinner);
  if (participant.team_partner_wish_originator_id)
    throw new AppError('team_partner_registered_together', SelfMessage.registeredTogether.id);
  if (email !== '' && email === participant.email)
    throw new ValidationError([{ field: 'email', message: msgId('teamPartnerWishSelf') }]);
  if (await teamsExist(deps.db, dinner.id)) throw teamsMade();
  const invitee = await partnerToInvite(deps, link, email);
  await writeTransaction(deps.db, async (trx) => {
    if (await teamsExist(trx, dinner.id)) throw teamsMade();
    await setTeamPartnerWish(trx, dinner.id, participant.id, email === '' ? null : email, deps.clock.now());
    // The partner may have registered in the meantime: then the wish finds them without a mail.
    if (invitee && !(await emailTaken(trx, dinner.id, invitee)))
      await queuePartnerInvitation(deps, trx, dinner, toParticipant(participant), invitee);
  });
  return selfHome(deps, link);
}

function teamPartnerOf(self: Participant, partner: Participant): SelfSessionData['teamPartner'] {
  const mutual =
    !!self.teamPartnerWishOriginatorId || (self.email !== '' && partner.teamPartnerWishEmail === self.email);
  return mutual ? { mutual, firstnamePart: partner.firstnamePart, lastname: partner.lastname } : { mutual };
}
