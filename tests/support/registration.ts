import { expect } from 'vitest';
import { createBody, createDinner, publicPath, registrationForm } from './factories.js';
import { confirmOrganiser } from './mail-server.js';
import { call, type RequestHeaders, type TestServer } from './test-server.js';

/**
 * A dinner open to public registration with every id a test of it needs: the database id for rows,
 * the admin id for the organiser's routes, the public id for registering and the self-service id of the personal link.
 */
export interface PublicDinner {
  id: string;
  adminId: string;
  publicDinnerId: string;
  selfAdminId: string;
}

/**
 * Creates a dinner (PUBLIC unless `body` says otherwise) with its creator's address confirmed, as registration
 * needs, and reads the ids the create answer does not name. `{ confirmed: false }` leaves the address unconfirmed.
 */
export async function createPublicDinner(
  server: TestServer,
  body: unknown = createBody(),
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<PublicDinner> {
  const { runningDinner } = await createDinner(server, body);
  const row = await server.deps.db
    .selectFrom('running_dinner')
    .select(['id', 'self_admin_id'])
    .where('admin_id', '=', runningDinner.adminId)
    .executeTakeFirstOrThrow();
  if (confirmed) await confirmOrganiser(server, row.id);
  return {
    id: row.id,
    adminId: runningDinner.adminId,
    publicDinnerId: runningDinner.publicSettings.publicDinnerId,
    selfAdminId: row.self_admin_id,
  };
}

/** Sends a registration form as it is; the test checks the answer. */
export const register = (
  server: TestServer,
  dinner: Pick<PublicDinner, 'publicDinnerId'>,
  form: unknown,
  headers: RequestHeaders = {},
) => call(server, 'POST', publicPath(dinner.publicDinnerId, '/register'), form, headers);

/** Opens the confirmation link of a registration. */
export const activate = (
  server: TestServer,
  dinner: Pick<PublicDinner, 'publicDinnerId'>,
  participantId: string,
  headers: RequestHeaders = {},
) => call(server, 'PUT', publicPath(dinner.publicDinnerId, `/${participantId}/activate`), undefined, headers);

/**
 * Registers `registrationForm(form)` (expects 200) and answers the new participant's id:
 * the answer leaves the id out, so it is read by the address the form gave.
 */
export async function registeredId(
  server: TestServer,
  dinner: Pick<PublicDinner, 'id' | 'publicDinnerId'>,
  form: Record<string, unknown> = {},
): Promise<string> {
  const res = await register(server, dinner, registrationForm(form));
  expect(res.status, res.text).toBe(200);
  const email = String(form.email ?? registrationForm().email)
    .trim()
    .toLowerCase();
  const row = await server.deps.db
    .selectFrom('participant')
    .select('id')
    .where('running_dinner_id', '=', dinner.id)
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}
