import type { DbOrTrx } from '../../../db/transaction.js';
import type { MailFailureType } from '../../../domain/messages/mail-failure.js';

// Addresses of an event that mail failed at for good: its later message jobs do not mail them again (the task is
// SUPPRESSED) until the organiser changes the address or clears the mark.

const key = (email: string) => email.trim().toLowerCase();

export async function markUndeliverable(
  db: DbOrTrx,
  runningDinnerId: string,
  email: string,
  failureType: MailFailureType,
  now: Date,
): Promise<void> {
  await db
    .insertInto('undeliverable_address')
    .values({
      running_dinner_id: runningDinnerId,
      email: key(email),
      failure_type: failureType,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['running_dinner_id', 'email']).doNothing())
    .execute();
}

/** The marks among `emails` (lower case), with why and since when. */
export async function undeliverableAmong(
  db: DbOrTrx,
  runningDinnerId: string,
  emails: readonly string[],
): Promise<Map<string, { failureType: MailFailureType; since: string }>> {
  const keys = [...new Set(emails.map(key))];
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('undeliverable_address')
    .select(['email', 'failure_type', 'created_at'])
    .where('running_dinner_id', '=', runningDinnerId)
    .where('email', 'in', keys)
    .execute();
  return new Map(rows.map((r) => [r.email, { failureType: r.failure_type, since: r.created_at }]));
}

export const isUndeliverable = (marks: ReadonlyMap<string, unknown>, email: string) => marks.has(key(email));

/** The mark of one address, or null. */
export async function undeliverableMark(db: DbOrTrx, runningDinnerId: string, email: string) {
  return (await undeliverableAmong(db, runningDinnerId, [email])).get(key(email)) ?? null;
}

export async function clearUndeliverable(db: DbOrTrx, runningDinnerId: string, email: string): Promise<void> {
  await db
    .deleteFrom('undeliverable_address')
    .where('running_dinner_id', '=', runningDinnerId)
    .where('email', '=', key(email))
    .execute();
}
