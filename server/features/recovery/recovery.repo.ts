import type { DbOrTrx } from '../../../db/transaction.js';

// The events an address belongs to, as the link recovery reads them. Addresses are compared without case.

/** The events `email` organises, cancelled ones too (their administration still opens), by date. */
export const findOrganisedDinners = (db: DbOrTrx, email: string) =>
  db
    .selectFrom('running_dinner')
    .select(['admin_id', 'title', 'city', 'date', 'cancelled_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .orderBy('date')
    .orderBy('created_at')
    .execute();

/**
 * The confirmed registrations of `email`, by the event's date. A demo's participants are made up: whoever typed an
 * address there never gets that demo's personal link.
 */
export const findParticipations = (db: DbOrTrx, email: string) =>
  db
    .selectFrom('participant')
    .innerJoin('running_dinner', 'running_dinner.id', 'participant.running_dinner_id')
    .select([
      'participant.id as participant_id',
      'running_dinner.self_admin_id',
      'running_dinner.title',
      'running_dinner.city',
      'running_dinner.date',
      'running_dinner.cancelled_at',
    ])
    .where((eb) => eb(eb.fn('lower', ['participant.email']), '=', email))
    .where('participant.activated_at', 'is not', null)
    .where('running_dinner.running_dinner_type', '!=', 'DEMO')
    .orderBy('running_dinner.date')
    .orderBy('participant.created_at')
    .execute();
