import type { RegistrationType } from '../../../contract/dinner.js';
import type { ParticipantRow } from '../../../db/schema.js';
import type { DbOrTrx } from '../../../db/transaction.js';
import type { LocalDate } from '../../../domain/local-dates.js';

/** Everything a public page may show of an event, and the internal id to find its meals; nothing secret. */
const PUBLIC_COLUMNS = [
  'running_dinner.id',
  'running_dinner.public_dinner_id',
  'running_dinner.public_title',
  'running_dinner.public_description',
  'running_dinner.city',
  'running_dinner.zip',
  'running_dinner.date',
  'running_dinner.end_of_registration_date',
  'running_dinner.registration_type',
  'running_dinner.registration_deactivated',
  'running_dinner.cancelled_at',
  'running_dinner.acknowledged_at',
  'running_dinner.running_dinner_type',
  'running_dinner.language_code',
  'running_dinner.team_size',
  'running_dinner.team_partner_wish_disabled',
  'running_dinner.zip_restrictions',
  'running_dinner.public_contact_name',
  'running_dinner.public_contact_email',
  'running_dinner.public_contact_mobile_number',
  'payment_option.price_per_registration_cents',
  'payment_option.currency',
] as const;

function publicDinners(db: DbOrTrx) {
  return db
    .selectFrom('running_dinner')
    .leftJoin('payment_option', 'payment_option.running_dinner_id', 'running_dinner.id')
    .select(PUBLIC_COLUMNS);
}

export type PublicDinnerRow = NonNullable<Awaited<ReturnType<typeof findPublicDinner>>>;

/**
 * PUBLIC dinners that take registrations today: confirmed by their creator, not deactivated, not cancelled, neither
 * the end of registration nor the dinner passed. Demos never: their participants are made up.
 */
export function listOpenPublicDinners(db: DbOrTrx, today: LocalDate) {
  return publicDinners(db)
    .where('running_dinner.running_dinner_type', '=', 'STANDARD')
    .where('registration_type', '=', 'PUBLIC')
    .where('acknowledged_at', 'is not', null)
    .where('registration_deactivated', '=', 0)
    .where('cancelled_at', 'is', null)
    .where('date', '>=', today)
    .where('end_of_registration_date', '>=', today)
    .orderBy('date')
    .orderBy('created_at')
    .execute();
}

/** A PUBLIC event, or an OPEN one reached by its link; a CLOSED one only when asked for (confirming earlier registrations). */
export function findPublicDinner(
  db: DbOrTrx,
  publicDinnerId: string,
  registrationTypes: RegistrationType[] = ['OPEN', 'PUBLIC'],
) {
  return publicDinners(db)
    .where('public_dinner_id', '=', publicDinnerId)
    .where('registration_type', 'in', registrationTypes)
    .executeTakeFirst();
}

/** An event as its public page sees it, found by its internal id (a paid registration that comes back from Stripe). */
export function findPublicDinnerById(db: DbOrTrx, runningDinnerId: string) {
  return publicDinners(db).where('running_dinner.id', '=', runningDinnerId).executeTakeFirst();
}

/** The secret id of the participants' personal links: for their mails only, never for a public answer. */
export async function selfAdminIdOf(db: DbOrTrx, runningDinnerId: string): Promise<string> {
  const { self_admin_id } = await db
    .selectFrom('running_dinner')
    .select('self_admin_id')
    .where('id', '=', runningDinnerId)
    .executeTakeFirstOrThrow();
  return self_admin_id;
}

export function listMealsOf(db: DbOrTrx, runningDinnerIds: string[]) {
  if (runningDinnerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('meal')
    .select(['running_dinner_id', 'label', 'time'])
    .where('running_dinner_id', 'in', runningDinnerIds)
    .orderBy('position')
    .execute();
}

/**
 * Confirms the participant and the partner registered together with them. Guarded by the current state:
 * answers false when the participant was confirmed before, so a second confirmation changes nothing.
 */
export async function activateRegistration(db: DbOrTrx, participant: ParticipantRow, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('participant')
    .set({ activated_at: at, updated_at: at })
    .where('running_dinner_id', '=', participant.running_dinner_id)
    .where('id', '=', participant.id)
    .where('activated_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  if (participant.team_partner_wish_originator_id) {
    await db
      .updateTable('participant')
      .set({ activated_at: at, updated_at: at })
      .where('running_dinner_id', '=', participant.running_dinner_id)
      .where('team_partner_wish_originator_id', '=', participant.team_partner_wish_originator_id)
      .where('activated_at', 'is', null)
      .execute();
  }
  return true;
}
