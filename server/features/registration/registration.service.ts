import type { Language, RegistrationType } from '../../../contract/dinner.js';
import { DinnerEvent } from '../../../contract/dinner-events.js';
import { type RegistrationForm, UNKNOWN } from '../../../contract/participants.js';
import type {
  ActivationResult,
  PublicMeal,
  PublicRunningDinner,
  RegistrationState,
  RegistrationSummary,
} from '../../../contract/registration.js';
import type { NewParticipant } from '../../../db/schema.js';
import { type DbOrTrx, type Trx, writeTransaction } from '../../../db/transaction.js';
import { registrationStateOf } from '../../../domain/events/registration-state.js';
import { zipAllowed } from '../../../domain/events/zip-restrictions.js';
import { seatsToHost } from '../../../domain/teams/seats.js';
import type { Issue } from '../../../domain/validation.js';
import { msgId } from '../../../domain/validation-messages.js';
import type { Deps } from '../../deps.js';
import { AppError, type ConflictCode, ErrorMessage, notFound, ValidationError } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { afterPartyOf } from '../dinner/after-party-row.js';
import { geocodingQueued } from '../geocoding/geocoding.service.js';
import { activationUrl, personalPageUrl, publicDinnerUrl } from '../links/links.js';
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

export type { PublicDinnerRow };

const REGISTRATION_REFUSALS: Record<Exclude<RegistrationState, 'OPEN'>, { code: ConflictCode; messageId: string }> = {
  CANCELLED: { code: 'registration_cancelled', messageId: ErrorMessage.registrationCancelled.id },
  DINNER_PASSED: { code: 'dinner_date_passed', messageId: ErrorMessage.dinnerDatePassed.id },
  DEADLINE_PASSED: { code: 'registration_deadline_passed', messageId: ErrorMessage.registrationDeadlinePassed.id },
  DEACTIVATED: { code: 'registration_deactivated', messageId: ErrorMessage.registrationDeactivated.id },
};

function assertRegistrationOpen(deps: Deps, dinner: PublicDinnerRow): void {
  const state = registrationStateOf(dinner, deps.clock.today());
  if (state === 'OPEN') return;
  const { code, messageId } = REGISTRATION_REFUSALS[state];
  throw new AppError(code, messageId);
}

/** The team hosts the other teams of a meal: a participant registering with a partner needs a seat for each. */
const seatsNeededForTeamRegistration = (dinner: PublicDinnerRow, mealCount: number) =>
  seatsToHost(mealCount, dinner.team_size);

function priceOf(dinner: PublicDinnerRow): PublicRunningDinner['price'] {
  const { price_per_registration_cents: amountCents, currency } = dinner;
  return amountCents === null || currency === null ? null : { amountCents, currency };
}

async function findPublicDinner(
  deps: Deps,
  publicDinnerId: string,
  registrationTypes?: RegistrationType[],
): Promise<PublicDinnerRow> {
  const dinner = isUuid(publicDinnerId)
    ? await repo.findPublicDinner(deps.db, publicDinnerId, registrationTypes)
    : undefined;
  if (!dinner) throw notFound();
  return dinner;
}

async function mealsOf(deps: Deps, dinner: PublicDinnerRow): Promise<PublicMeal[]> {
  return (await repo.listMealsOf(deps.db, [dinner.id])).map((m) => ({ label: m.label, time: m.time }));
}

function toPublicRunningDinner(deps: Deps, dinner: PublicDinnerRow, meals: PublicMeal[]): PublicRunningDinner {
  return {
    publicDinnerId: dinner.public_dinner_id,
    publicDinnerUrl: publicDinnerUrl(deps, dinner.public_dinner_id),
    title: dinner.public_title,
    description: dinner.public_description,
    city: dinner.city,
    zip: dinner.zip,
    date: dinner.date,
    endOfRegistrationDate: dinner.end_of_registration_date,
    meals,
    afterPartyLocation: afterPartyOf(dinner),
    publicContactName: dinner.public_contact_name,
    publicContactEmail: dinner.public_contact_email,
    publicContactMobileNumber: dinner.public_contact_mobile_number,
    registrationType: dinner.registration_type === 'OPEN' ? 'OPEN' : 'PUBLIC',
    registrationState: registrationStateOf(dinner, deps.clock.today()),
    languageCode: dinner.language_code,
    teamPartnerWishDisabled: dinner.team_partner_wish_disabled === 1,
    zipRestrictions: dinner.zip_restrictions,
    seatsNeededForTeamRegistration: seatsNeededForTeamRegistration(dinner, meals.length),
    price: priceOf(dinner),
  };
}

/** The public events list of the landing page, soonest first. */
export async function listPublicRunningDinners(deps: Deps): Promise<PublicRunningDinner[]> {
  const dinners = await repo.listOpenPublicDinners(deps.db, deps.clock.today());
  const meals = await repo.listMealsOf(
    deps.db,
    dinners.map((d) => d.id),
  );
  return dinners.map((d) =>
    toPublicRunningDinner(
      deps,
      d,
      meals.filter((m) => m.running_dinner_id === d.id).map((m) => ({ label: m.label, time: m.time })),
    ),
  );
}

export async function getPublicRunningDinner(deps: Deps, publicDinnerId: string): Promise<PublicRunningDinner> {
  const dinner = await findPublicDinner(deps, publicDinnerId);
  return toPublicRunningDinner(deps, dinner, await mealsOf(deps, dinner));
}

// ---- registration ----

/** The event's rules on the fields of a well-formed form; all of them at once, so the form shows every problem. */
async function registrationIssues(
  deps: Deps,
  dinner: PublicDinnerRow,
  seatsNeeded: number,
  form: RegistrationForm,
): Promise<Issue[]> {
  const issues: Issue[] = [];
  if (!zipAllowed(dinner.zip_restrictions, form.zip)) {
    issues.push({
      field: 'zip',
      message: msgId('zipNotAllowed'),
      values: { zipRestrictions: dinner.zip_restrictions },
    });
  }
  if (await emailTaken(deps.db, dinner.id, form.email))
    issues.push({ field: 'email', message: msgId('emailAlreadyRegistered') });
  if (dinner.team_partner_wish_disabled) {
    if (form.teamPartnerWishEmail)
      issues.push({ field: 'teamPartnerWishEmail', message: msgId('teamPartnerWishDisabled') });
    if (form.teamPartnerWishRegistrationData)
      issues.push({ field: 'teamPartnerWishRegistrationData', message: msgId('teamPartnerWishDisabled') });
  } else if (form.teamPartnerWishRegistrationData && form.numSeats < seatsNeeded) {
    issues.push({
      field: 'numSeats',
      message: msgId('partnerRegistrationNeedsSeats'),
      values: { seats: String(seatsNeeded) },
    });
  }
  return issues;
}

function summaryOf(
  form: RegistrationForm,
  seatsNeeded: number,
  price: PublicRunningDinner['price'],
): RegistrationSummary {
  const participantCount = form.teamPartnerWishRegistrationData ? 2 : 1;
  return {
    firstnamePart: form.firstnamePart,
    lastname: form.lastname,
    email: form.email,
    mobileNumber: form.mobileNumber,
    gender: form.gender,
    street: form.street,
    streetNr: form.streetNr,
    zip: form.zip,
    cityName: form.cityName,
    addressRemarks: form.addressRemarks,
    numSeats: form.numSeats,
    canHost: form.numSeats >= seatsNeeded,
    vegetarian: form.vegetarian,
    lactose: form.lactose,
    gluten: form.gluten,
    vegan: form.vegan,
    mealSpecificsNote: form.mealSpecificsNote,
    teamPartnerWishEmail: form.teamPartnerWishEmail,
    teamPartnerName: form.teamPartnerWishRegistrationData,
    participantCount,
    totalPrice: price && { amountCents: price.amountCents * participantCount, currency: price.currency },
  };
}

/** The event of a paid registration as stored now, and whether it still takes registrations today. */
export async function publicDinnerForPayment(
  deps: Deps,
  db: DbOrTrx,
  runningDinnerId: string,
): Promise<{ dinner: PublicDinnerRow; open: boolean } | null> {
  const dinner = await repo.findPublicDinnerById(db, runningDinnerId);
  return dinner ? { dinner, open: registrationStateOf(dinner, deps.clock.today()) === 'OPEN' } : null;
}

/** Every check of a registration that needs no write: the event takes it, and its fields fit the event. */
export async function checkRegistration(deps: Deps, publicDinnerId: string, form: RegistrationForm) {
  const dinner = await findPublicDinner(deps, publicDinnerId);
  assertRegistrationOpen(deps, dinner);
  const seatsNeeded = seatsNeededForTeamRegistration(dinner, (await mealsOf(deps, dinner)).length);
  const issues = await registrationIssues(deps, dinner, seatsNeeded, form);
  if (issues.length > 0) throw new ValidationError(issues);
  return { dinner, summary: summaryOf(form, seatsNeeded, priceOf(dinner)) };
}

/** What the registration would store, for the participant to confirm; writes nothing. */
export async function validateRegistration(
  deps: Deps,
  publicDinnerId: string,
  form: RegistrationForm,
): Promise<RegistrationSummary> {
  return (await checkRegistration(deps, publicDinnerId, form)).summary;
}

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
    ...mail,
  });
}

// ---- confirmation ----

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
