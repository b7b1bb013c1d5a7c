import type { Language } from '../../../contract/dinner.js';
import { DinnerEvent } from '../../../contract/dinner-events.js';
import { type RegistrationForm, UNKNOWN } from '../../../contract/participants.js';
import type { RegistrationSummary } from '../../../contract/registration.js';
import type { NewParticipant } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { AppError, ErrorMessage } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { geocodingQueued } from '../geocoding/geocoding.service.js';
import { activationUrl, personalPageUrl } from '../links/links.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { publishDinnerEvent } from '../live/dinner-events.js';
import { reserveMailTo } from '../mail/mail-limits.js';
import { enqueueMail } from '../mail/mail-queue.js';
import { paidRegistrationMail, registrationConfirmationMail } from '../mail/system-mails/registration-mails.js';
import { assertRoomForParticipants } from '../participants/participant-limit.js';
import { fullNameOf, participantColumns } from '../participants/participant-row.js';
import {
  emailTaken,
  findParticipant,
  insertParticipant,
  nextParticipantNumber,
} from '../participants/participants.queries.js';
import { invitePartnerIfDue } from '../participants/partner-invitation.js';
import { emailAlreadyRegistered, withUniqueEmail } from '../participants/unique-email.js';
import type { PublicDinnerRow } from './registration.repo.js';
import * as repo from './registration.repo.js';
import { checkRegistration } from './registration-check.service.js';

function registrationRows(
  dinnerId: string,
  number: number,
  form: RegistrationForm,
  language: Language,
  now: Date,
): NewParticipant[] {
  const at = now.toISOString();
  const participant: NewParticipant = {
    id: newId(),
    running_dinner_id: dinnerId,
    participant_number: number,
    ...participantColumns(form),
    lat: null,
    lng: null,
    team_id: null,
    team_partner_wish_originator_id: null,
    language_code: language,
    activated_at: null,
    created_at: at,
    updated_at: at,
  };
  const partnerData = form.teamPartnerWishRegistrationData;
  if (!partnerData) return [participant];
  participant.team_partner_wish_originator_id = participant.id;
  // The partner cooks with the participant in the same kitchen: same address and meal needs, no own contact or seats.
  const partner: NewParticipant = {
    ...participant,
    id: newId(),
    participant_number: number + 1,
    firstname_part: partnerData.firstnamePart,
    lastname: partnerData.lastname,
    email: '',
    gender: 'UNDEFINED',
    mobile_number: '',
    age: UNKNOWN,
    num_seats: UNKNOWN,
  };
  return [participant, partner];
}

/**
 * Stores the participant unconfirmed and mails the confirmation link. The answer is the summary, never the
 * participant's id: only the mail proves that the address belongs to the one who registered.
 */
export async function register(
  deps: Deps,
  publicDinnerId: string,
  form: RegistrationForm,
  requestLanguage: Language,
): Promise<RegistrationSummary> {
  const { dinner, summary } = await checkRegistration(deps, publicDinnerId, form);
  // An event with a fee registers only through a paid order (…/order and Stripe's webhook).
  if (summary.totalPrice) throw new AppError('paid_registration_required', ErrorMessage.paidRegistrationRequired.id);
  const now = deps.clock.now();
  await withUniqueEmail(() =>
    writeTransaction(deps.db, async (trx) => {
      await reserveMailTo(deps, form.email, trx);
      return storeRegistration(deps, trx, dinner, form, form.languageCode ?? requestLanguage, now, { paid: false });
    }),
  );
  return summary;
}

/**
 * Stores a registration in the caller's transaction and queues its mail; answers the participant's id. A paid one
 * is confirmed at once (the card payment proved the address owner's intent) and its mail says so; else the mail
 * asks for the confirmation.
 */
export async function storeRegistration(
  deps: Deps,
  trx: Trx,
  dinner: PublicDinnerRow,
  form: RegistrationForm,
  language: Language,
  now: Date,
  { paid }: { paid: boolean },
): Promise<string> {
  if (await emailTaken(trx, dinner.id, form.email)) throw emailAlreadyRegistered();
  const rows = registrationRows(dinner.id, await nextParticipantNumber(trx, dinner.id), form, language, now);
  await assertRoomForParticipants(deps, trx, dinner.id, rows.length);
  if (paid) for (const row of rows) row.activated_at = now.toISOString();
  for (const row of rows) await insertParticipant(trx, row);
  const [participant, partner] = rows;
  const names: Record<string, string> = {
    name: fullNameOf(participant),
    ...(partner ? { partnerName: fullNameOf(partner) } : {}),
  };
  await recordActivity(deps, trx, dinner.id, ActivityType.participantSubscribed, 'PARTICIPANT', now, names);
  publishDinnerEvent(deps, trx, dinner.id, DinnerEvent.participants, {
    change: paid ? 'CONFIRMED' : 'REGISTERED',
    participantIds: rows.map((row) => row.id),
  });
  // Inserted PENDING: the background loop locates the address (both partners share it, so it is asked once).
  geocodingQueued(deps, trx);
  await queueRegistrationMail(deps, trx, dinner, { participant, partner, paid });
  if (paid)
    await invitePartnerIfDue(deps, trx, dinner, (await findParticipant(trx, dinner.id, participant.id as string))!);
  return participant.id as string;
}

async function queueRegistrationMail(
  deps: Deps,
  trx: Trx,
  dinner: PublicDinnerRow,
  { participant, partner, paid }: { participant: NewParticipant; partner?: NewParticipant; paid: boolean },
) {
  // A partner registered together is fixed: there is no wish left to manage.
  const wishesTaken = dinner.team_partner_wish_disabled === 0 && !partner;
  const mail = (paid ? paidRegistrationMail : registrationConfirmationMail)({
    language: participant.language_code,
    firstname: participant.firstname_part,
    lastname: participant.lastname,
    title: dinner.public_title,
    date: dinner.date,
    city: dinner.city,
    activationUrl: activationUrl(deps, dinner.public_dinner_id, participant.id),
    partnerName: partner ? fullNameOf(partner) : null,
    selfServiceUrl: wishesTaken
      ? personalPageUrl(deps, await repo.selfAdminIdOf(trx, dinner.id), participant.id)
      : null,
  });
  await enqueueMail(deps, trx, {
    runningDinnerId: dinner.id,
    participantId: participant.id,
    recipientEmail: participant.email,
    owed: paid,
    language: participant.language_code,
    ...mail,
  });
}
