import type { Language } from '../../../contract/dinner.js';
import { writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { administrationUrl, personalPageUrl } from '../links/links.js';
import { mayMail } from '../mail/mail-limits.js';
import { enqueueMail } from '../mail/mail-queue.js';
import { linkRecoveryMail } from '../mail/system-mails/recovery-mails.js';
import { findOrganisedDinners, findParticipations } from './recovery.repo.js';

/**
 * Mails `email` the administration links of the events it organises and the personal links of those it takes part
 * in, in one mail. Nothing found, or the address's hourly allowance used up: no mail, and the caller learns neither.
 * The mail belongs to no event, so it counts against no event's allowance, only against the recipient's.
 */
export async function recoverLinks(deps: Deps, email: string, language: Language): Promise<void> {
  await writeTransaction(deps.db, async (trx) => {
    const organised = await findOrganisedDinners(trx, email);
    const participations = await findParticipations(trx, email);
    if (organised.length === 0 && participations.length === 0) return;
    if (!(await mayMail(deps, email, trx))) return;
    const mail = linkRecoveryMail({
      language,
      organised: organised.map((dinner) => ({
        ...dinner,
        cancelled: dinner.cancelled_at !== null,
        url: administrationUrl(deps, dinner.admin_id),
      })),
      participating: participations.map((row) => ({
        ...row,
        cancelled: row.cancelled_at !== null,
        url: personalPageUrl(deps, row.self_admin_id, row.participant_id),
      })),
    });
    await enqueueMail(deps, trx, { runningDinnerId: null, recipientEmail: email, language, ...mail });
  });
}
