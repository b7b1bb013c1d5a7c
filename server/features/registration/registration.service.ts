import type { Deps } from '../../deps.js';
import { afterPartyOf, publicDinnerUrl } from '../events/events.service.js';
import type { PublicRunningDinner } from './registration.schema.js';
import * as repo from './registration.repo.js';

/** The public events list of the landing page, soonest first. */
export async function listPublicRunningDinners(deps: Deps): Promise<PublicRunningDinner[]> {
  const dinners = await repo.listOpenPublicDinners(deps.db, deps.clock.today());
  const meals = await repo.listMealsOf(deps.db, dinners.map((d) => d.id));
  return dinners.map((d) => ({
    publicDinnerId: d.public_dinner_id,
    publicDinnerUrl: publicDinnerUrl(deps, d.public_dinner_id),
    title: d.public_title,
    description: d.public_description,
    city: d.city,
    zip: d.zip,
    date: d.date,
    endOfRegistrationDate: d.end_of_registration_date,
    meals: meals.filter((m) => m.running_dinner_id === d.id).map((m) => ({ label: m.label, time: m.time })),
    afterPartyLocation: afterPartyOf(d),
    publicContactName: d.public_contact_name,
    publicContactEmail: d.public_contact_email,
  }));
}
