import { checkpointSqlite } from '../../../db/connection.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import { addDays, compareDates, todayIn } from '../../../domain/local-dates.js';
import type { Deps } from '../../deps.js';
import { newId } from '../../lib/ids.js';
import { forgetCachedAddressesOf } from '../geocoding/geocode-cache-forgetting.js';
import { administrationUrl, participantsExportUrl } from '../links/links.js';
import { enqueueMail } from '../mail/mail-queue.js';
import { deletionWarningMail } from '../mail/system-mails/deletion-mail.js';
import * as repo from './event-retention.repo.js';

// Every event is deleted with all its people's data `EVENT_RETENTION_DAYS` after its date (a cancelled one two days
// after the cancellation). The organiser is told two days before, once, with a link to the participant list; the
// deletion waits until that notice is two days old, so an event is never deleted unannounced. What is kept: the
// counts in `event_statistics`.

/** Days between the organiser's notice and the deletion. */
export const WARNING_DAYS = 2;

const localDay = (deps: Deps, at: string) => todayIn(deps.config.timeZone, new Date(at));

/** The day an event is deleted on: `EVENT_RETENTION_DAYS` after its date, and never before its notice is 2 days old. */
export function deletionDay(deps: Deps, row: Pick<RunningDinnerRow, 'date' | 'deletion_warned_at'>): string {
  const byDate = addDays(row.date, deps.config.eventRetentionDays);
  if (row.deletion_warned_at === null) return byDate;
  const byWarning = addDays(localDay(deps, row.deletion_warned_at), WARNING_DAYS);
  return compareDates(byDate, byWarning) >= 0 ? byDate : byWarning;
}

async function warn(deps: Deps, row: RunningDinnerRow): Promise<void> {
  const now = deps.clock.now();
  await writeTransaction(deps.db, async (trx) => {
    if (!(await repo.markWarned(trx, row.id, now))) return;
    const mail = deletionWarningMail({
      language: row.language_code,
      title: row.title,
      date: row.date,
      deletionDate: deletionDay(deps, { ...row, deletion_warned_at: now.toISOString() }),
      exportUrl: participantsExportUrl(deps, row.admin_id),
      administrationUrl: administrationUrl(deps, row.admin_id),
    });
    await enqueueMail(deps, trx, { runningDinnerId: row.id, recipientEmail: row.email, cause: 'ORGANISER', ...mail });
  });
}

/** The deletion itself, in the caller's transaction: the counts are kept, the rest goes, the outbox files after the commit. */
async function erase(deps: Deps, trx: Trx, row: RunningDinnerRow): Promise<boolean> {
  const statistics = await repo.statisticsOf(trx, row);
  await forgetCachedAddressesOf(trx, row.id);
  if (!(await repo.deleteEvent(trx, row.id))) return false;
  await repo.insertStatistics(trx, { id: newId(), ...statistics, deleted_at: deps.clock.now().toISOString() });
  trx.afterCommit(() => deps.mailQueue.emit('forgotten'));
  return true;
}

const eraseEach = async (deps: Deps, rows: RunningDinnerRow[]): Promise<number> => {
  let deleted = 0;
  for (const row of rows) if (await writeTransaction(deps.db, (trx) => erase(deps, trx, row))) deleted++;
  if (deleted > 0) checkpointSqlite(deps.db);
  return deleted;
};

/**
 * The clean-up's part: warns the organisers whose events are deleted in two days, and deletes the events that are
 * due. Answers how many were warned and deleted. One event's failure (its mail refused) does not stop the others.
 */
export async function applyRetention(deps: Deps): Promise<{ warned: number; deleted: number }> {
  const today = deps.clock.today();
  const retention = deps.config.eventRetentionDays;
  let warned = 0;
  for (const row of await repo.listToWarn(deps.db, addDays(today, WARNING_DAYS - retention)))
    await warn(deps, row).then(
      () => warned++,
      (e) => console.error(`the notice before deleting the running dinner ${row.id} failed:`, e),
    );
  const now = deps.clock.now();
  const candidates = await repo.listDue(deps.db, now, addDays(today, -retention));
  const cancelledAndDue = (row: RunningDinnerRow) =>
    row.delete_after !== null && new Date(row.delete_after).getTime() <= now.getTime();
  const due = candidates.filter((row) => cancelledAndDue(row) || compareDates(deletionDay(deps, row), today) <= 0);
  return { warned, deleted: await eraseEach(deps, due) };
}

/** The organiser deletes the event at once (the route checked the typed title), whatever its state. */
export async function deleteNow(deps: Deps, row: RunningDinnerRow): Promise<void> {
  await eraseEach(deps, [row]);
}
