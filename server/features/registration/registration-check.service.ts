import type { RegistrationForm } from '../../../contract/participants.js';
import type {
  PublicRunningDinner,
  RegistrationState,
  RegistrationSummary,
  TeamPartnerWishStanding,
} from '../../../contract/registration.js';
import { registrationStateOf } from '../../../domain/events/registration-state.js';
import { zipAllowed } from '../../../domain/events/zip-restrictions.js';
import type { Issue } from '../../../domain/validation.js';
import { msgId } from '../../../domain/validation-messages.js';
import type { Deps } from '../../deps.js';
import { AppError, type ConflictCode, ErrorMessage, ValidationError } from '../../lib/errors.js';
import { emailTaken, findWishByEmail } from '../participants/participants.queries.js';
import {
  findPublicDinner,
  mealsOf,
  type PublicDinnerRow,
  priceOf,
  seatsNeededForTeamRegistration,
} from './public-dinners.service.js';

const REGISTRATION_REFUSALS: Record<Exclude<RegistrationState, 'OPEN'>, { code: ConflictCode; messageId: string }> = {
  CANCELLED: { code: 'registration_cancelled', messageId: ErrorMessage.registrationCancelled.id },
  DINNER_PASSED: { code: 'dinner_date_passed', messageId: ErrorMessage.dinnerDatePassed.id },
  DEADLINE_PASSED: { code: 'registration_deadline_passed', messageId: ErrorMessage.registrationDeadlinePassed.id },
  DEACTIVATED: { code: 'registration_deactivated', messageId: ErrorMessage.registrationDeactivated.id },
  NOT_YET_OPEN: { code: 'registration_not_yet_open', messageId: ErrorMessage.registrationNotYetOpen.id },
};

function assertRegistrationOpen(deps: Deps, dinner: PublicDinnerRow): void {
  const state = registrationStateOf(dinner, deps.clock.today());
  if (state === 'OPEN') return;
  const { code, messageId } = REGISTRATION_REFUSALS[state];
  throw new AppError(code, messageId);
}

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

/** Whether the wished partner is registered already (they are invited only if not) and names the registrant. */
async function wishStandingOf(
  deps: Deps,
  dinner: PublicDinnerRow,
  form: RegistrationForm,
): Promise<TeamPartnerWishStanding | null> {
  if (!form.teamPartnerWishEmail) return null;
  const partner = await findWishByEmail(deps.db, dinner.id, form.teamPartnerWishEmail);
  if (!partner) return 'INVITED';
  return partner.team_partner_wish_email === form.email && !partner.team_partner_wish_originator_id
    ? 'NAMES_YOU'
    : 'REGISTERED';
}

function summaryOf(
  form: RegistrationForm,
  seatsNeeded: number,
  price: PublicRunningDinner['price'],
  teamPartnerWishStanding: TeamPartnerWishStanding | null,
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
    teamPartnerWishStanding,
    teamPartnerName: form.teamPartnerWishRegistrationData,
    participantCount,
    totalPrice: price && { amountCents: price.amountCents * participantCount, currency: price.currency },
  };
}

/** Every check of a registration that needs no write: the event takes it, and its fields fit the event. */
export async function checkRegistration(deps: Deps, publicDinnerId: string, form: RegistrationForm) {
  const dinner = await findPublicDinner(deps, publicDinnerId);
  assertRegistrationOpen(deps, dinner);
  const seatsNeeded = seatsNeededForTeamRegistration(dinner, (await mealsOf(deps, dinner)).length);
  const issues = await registrationIssues(deps, dinner, seatsNeeded, form);
  if (issues.length > 0) throw new ValidationError(issues);
  const standing = await wishStandingOf(deps, dinner, form);
  return { dinner, summary: summaryOf(form, seatsNeeded, priceOf(deps, dinner), standing) };
}

/** What the registration would store, for the participant to confirm; writes nothing. */
export async function validateRegistration(
  deps: Deps,
  publicDinnerId: string,
  form: RegistrationForm,
): Promise<RegistrationSummary> {
  return (await checkRegistration(deps, publicDinnerId, form)).summary;
}
