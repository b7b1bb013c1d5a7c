import type { RunningDinnerRow } from '../../../db/schema.js';
import type { Trx } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { acknowledgeUrl, administrationUrl } from '../links/links.js';
import { enqueueMail } from '../mail/mail-queue.js';
import { runningDinnerCreatedMail } from '../mail/system-mails/organiser-mails.js';

/** The mail that gives the creator the event's links and asks to confirm the address. */
export async function queueCreatedMail(deps: Deps, trx: Trx, row: RunningDinnerRow): Promise<void> {
  const mail = runningDinnerCreatedMail({
    language: row.language_code,
    demo: row.running_dinner_type === 'DEMO',
    name: row.contract_fullname,
    title: row.title,
    date: row.date,
    city: row.city,
    administrationUrl: administrationUrl(deps, row.admin_id),
    acknowledgeUrl: acknowledgeUrl(deps, row.admin_id, row.acknowledge_id),
  });
  await enqueueMail(deps, trx, {
    runningDinnerId: row.id,
    recipientEmail: row.email,
    confirmsAddress: true,
    cause: 'ORGANISER',
    ...mail,
  });
}
