import type { RegistrationType } from '../../../contract/dinner.js';
import type { PublicMeal, PublicRunningDinner } from '../../../contract/registration.js';
import type { AfterPartyRow } from '../../../db/schema.js';
import type { DbOrTrx } from '../../../db/transaction.js';
import { registrationStateOf } from '../../../domain/events/registration-state.js';
import { seatsToHost } from '../../../domain/teams/seats.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { stripeOf } from '../../lib/stripe.js';
import { afterPartyOf, findAfterParty, listAfterPartiesOf } from '../dinner/after-party.js';
import { publicDinnerUrl } from '../links/links.js';
import type { PublicDinnerRow } from './registration.repo.js';
import * as repo from './registration.repo.js';

export type { PublicDinnerRow };

/** The team hosts the other teams of a meal: a participant registering with a partner needs a seat for each. */
export const seatsNeededForTeamRegistration = (dinner: PublicDinnerRow, mealCount: number) =>
  seatsToHost(mealCount, dinner.team_size);

/**
 * The fee a registration pays. None on a server without a payment provider (it lost its key after the fee was set):
 * then registering stays free rather than refusing everyone at the end of the form, and the dashboard says so. None
 * for a demo either: its registrations are simulated.
 */
export function priceOf(deps: Deps, dinner: PublicDinnerRow): PublicRunningDinner['price'] {
  const { price_per_registration_cents: amountCents, currency } = dinner;
  if (!stripeOf(deps.config) || dinner.running_dinner_type === 'DEMO') return null;
  return amountCents === null || currency === null ? null : { amountCents, currency };
}

export async function findPublicDinner(
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

export async function mealsOf(deps: Deps, dinner: PublicDinnerRow): Promise<PublicMeal[]> {
  return (await repo.listMealsOf(deps.db, [dinner.id])).map((m) => ({ label: m.label, time: m.time }));
}

function toPublicRunningDinner(
  deps: Deps,
  dinner: PublicDinnerRow,
  meals: PublicMeal[],
  afterParty: AfterPartyRow | undefined,
): PublicRunningDinner {
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
    afterPartyLocation: afterPartyOf(afterParty),
    publicContactName: dinner.public_contact_name,
    publicContactEmail: dinner.public_contact_email,
    publicContactMobileNumber: dinner.public_contact_mobile_number,
    registrationType: dinner.registration_type === 'OPEN' ? 'OPEN' : 'PUBLIC',
    registrationState: registrationStateOf(dinner, deps.clock.today()),
    demo: dinner.running_dinner_type === 'DEMO',
    languageCode: dinner.language_code,
    teamPartnerWishDisabled: dinner.team_partner_wish_disabled === 1,
    zipRestrictions: dinner.zip_restrictions,
    seatsNeededForTeamRegistration: seatsNeededForTeamRegistration(dinner, meals.length),
    price: priceOf(deps, dinner),
  };
}

/** The public events list of the landing page, soonest first. */
export async function listPublicRunningDinners(deps: Deps): Promise<PublicRunningDinner[]> {
  const dinners = await repo.listOpenPublicDinners(deps.db, deps.clock.today());
  const ids = dinners.map((d) => d.id);
  const [meals, afterParties] = await Promise.all([repo.listMealsOf(deps.db, ids), listAfterPartiesOf(deps.db, ids)]);
  return dinners.map((d) =>
    toPublicRunningDinner(
      deps,
      d,
      meals.filter((m) => m.running_dinner_id === d.id).map((m) => ({ label: m.label, time: m.time })),
      afterParties.find((a) => a.running_dinner_id === d.id),
    ),
  );
}

export async function getPublicRunningDinner(deps: Deps, publicDinnerId: string): Promise<PublicRunningDinner> {
  const dinner = await findPublicDinner(deps, publicDinnerId);
  const [meals, afterParty] = await Promise.all([mealsOf(deps, dinner), findAfterParty(deps.db, dinner.id)]);
  return toPublicRunningDinner(deps, dinner, meals, afterParty);
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
