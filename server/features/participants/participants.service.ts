import type { RunningDinnerRow } from '../../../db/schema.js';
import type { Deps } from '../../deps.js';
import { REGISTRATIONS_PAGE_SIZE, type RegistrationsPage } from './participants.schema.js';
import * as repo from './participants.repo.js';

/** One page of the latest registrations; one row more than a page tells whether another page follows. */
export async function registrationsPage(deps: Deps, dinner: RunningDinnerRow, page: number): Promise<RegistrationsPage> {
  const rows = await repo.listRegistrations(deps.db, dinner.id, page * REGISTRATIONS_PAGE_SIZE, REGISTRATIONS_PAGE_SIZE + 1);
  return {
    registrations: rows.slice(0, REGISTRATIONS_PAGE_SIZE).map((r) => ({
      participantId: r.id,
      firstnamePart: r.firstname_part,
      lastname: r.lastname,
      email: r.email,
      createdAt: r.created_at,
      activated: r.activated_at !== null,
    })),
    page,
    hasMore: rows.length > REGISTRATIONS_PAGE_SIZE,
  };
}
