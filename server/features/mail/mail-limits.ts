import { MailMessage } from '../../../contract/mail.messages.js';
import type { Trx } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { AppError, ErrorMessage, tooManyRequests } from '../../lib/errors.js';

const normalizedAddress = (email: string) => email.trim().toLowerCase();

/** The seconds until `email` may be mailed again because of an anonymous request; 0 when it may now. */
function reserve(deps: Deps, email: string, within?: Trx): Promise<number> {
  return deps.limits.mailsPerRecipient.take([normalizedAddress(email)], deps.clock.now().getTime(), within);
}

/**
 * Counts a mail that a request nobody vouches for makes the app send (a created event, a registration, an
 * invitation) against its recipient's hourly allowance, or refuses with 429 before anything is stored: nobody
 * can use the app to flood an address. Within the caller's transaction, a refusal undoes what it wrote, and with
 * several instances the count is written with it (one transaction instead of two).
 */
export async function reserveMailTo(deps: Deps, email: string, within?: Trx): Promise<void> {
  const wait = await reserve(deps, email, within);
  if (wait > 0)
    throw tooManyRequests('too_many_mails_to_recipient', ErrorMessage.tooManyMailsToRecipient, wait, {
      email: normalizedAddress(email),
    });
}

/** For a mail that goes with another action (an invitation on confirmation): whether it may be sent now. */
export const mayMail = async (deps: Deps, email: string, within: Trx): Promise<boolean> =>
  (await reserve(deps, email, within)) === 0;

const DAY_MS = 24 * 3600_000;

/** Who caused a mail: the organiser's own mails may use the whole daily allowance, visitors' only the rest of it. */
export type MailCause = 'ORGANISER' | 'VISITOR';

/**
 * The share of an event's daily allowance that only the organiser's own mails (messages, samples, resends) may use:
 * visitors who register or change their hosting by the hundred cannot leave the organiser without mail.
 */
const organiserShare = (deps: Deps) => Math.floor(deps.config.mailMaxPerEventPerDay / 4);

const HOUR_MS = 3600_000;

/** The start of the hour `at` lies in: uses are counted by the hour. */
const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString();

/**
 * Mails the event may still cause within the last 24 hours (counted by the hour: the hour 24 hours ago counts whole).
 * Within a write transaction, so no concurrent use is missed.
 */
export async function eventMailsLeft(
  deps: Deps,
  trx: Trx,
  runningDinnerId: string,
  cause: MailCause = 'VISITOR',
): Promise<number> {
  const since = hourOf(new Date(deps.clock.now().getTime() - DAY_MS));
  const row = await trx
    .selectFrom('event_mail_use')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('mails'), eb.lit(0)).as('used'))
    .where('running_dinner_id', '=', runningDinnerId)
    .where('used_at', '>=', since)
    .executeTakeFirstOrThrow();
  const allowance = deps.config.mailMaxPerEventPerDay - (cause === 'VISITOR' ? organiserShare(deps) : 0);
  return Math.max(0, allowance - Number(row.used));
}

/**
 * Takes `count` mails the event causes from its daily allowance (`MAIL_MAX_PER_EVENT_PER_DAY`), or refuses with
 * `refusal` when fewer are left for their cause. Under the write lock of the caller's transaction on both databases:
 * concurrent requests are counted one after the other, and a refusal undoes what the transaction wrote.
 */
export async function takeEventMails(
  deps: Deps,
  trx: Trx,
  runningDinnerId: string,
  count: number,
  { cause, refusal = eventMailsUsedUp }: { cause: MailCause; refusal?: (left: number) => AppError },
): Promise<void> {
  const left = await eventMailsLeft(deps, trx, runningDinnerId, cause);
  if (count > left) throw refusal(left);
  await writeDownUse(deps, trx, runningDinnerId, count);
}

/** Counts mails as they are queued: each by its cause, and those owed to someone who paid never refused. */
export async function countQueuedMails(
  deps: Deps,
  trx: Trx,
  runningDinnerId: string,
  mails: readonly { owed?: boolean; cause?: MailCause }[],
  refusal?: (left: number) => AppError,
): Promise<void> {
  for (const cause of ['ORGANISER', 'VISITOR'] as const) {
    const count = mails.filter((mail) => !mail.owed && (mail.cause ?? 'VISITOR') === cause).length;
    if (count > 0) await takeEventMails(deps, trx, runningDinnerId, count, { cause, refusal });
  }
  const owed = mails.filter((mail) => mail.owed).length;
  if (owed > 0) await writeDownUse(deps, trx, runningDinnerId, owed);
}

async function writeDownUse(deps: Deps, trx: Trx, runningDinnerId: string, mails: number): Promise<void> {
  await trx
    .insertInto('event_mail_use')
    .values({ running_dinner_id: runningDinnerId, used_at: hourOf(deps.clock.now()), mails })
    .onConflict((oc) =>
      oc
        .columns(['running_dinner_id', 'used_at'])
        .doUpdateSet((eb) => ({ mails: eb('event_mail_use.mails', '+', eb.ref('excluded.mails')) })),
    )
    .execute();
}

function eventMailsUsedUp(): AppError {
  return new AppError('mail_daily_limit', MailMessage.eventMailsUsedUp.id);
}

/** The clean-up: a day later a use no longer counts. */
export async function pruneEventMailUse(deps: Deps): Promise<void> {
  await deps.db
    .deleteFrom('event_mail_use')
    .where('used_at', '<', hourOf(new Date(deps.clock.now().getTime() - DAY_MS)))
    .execute();
}
