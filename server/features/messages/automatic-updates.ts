import type { RunningDinnerRow } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';
import { LANGUAGES } from '../../../domain/language.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { withFooters } from './message-composing.js';
import { enqueueJobMails } from './message-job-creation.service.js';
import { loadMailContext } from './messages.compose.js';
import * as repo from './messages.repo.js';
import { defaultTemplates } from './messages.texts.js';
import { assertMessagingUnlocked } from './messaging-unlocked.js';
import { updateMails } from './update-mails.js';

/**
 * What a participant changed themselves is told at once, without waiting for the organiser: the members of `teamIds`
 * whose route it made wrong get the update, each with the default text in their language. An update that cannot go
 * out (mail locked, the day's allowance used up) leaves them on the organiser's list of updates.
 */
export async function sendUpdatesToTeams(deps: Deps, dinner: RunningDinnerRow, teamIds: string[]): Promise<void> {
  try {
    assertMessagingUnlocked(dinner);
    const context = await loadMailContext(deps.db, dinner);
    const mails = withFooters(
      dinner,
      LANGUAGES.flatMap((language) =>
        updateMails(deps, context, defaultTemplates(language).UPDATE, { teamIds }).filter(
          (mail) => mail.language === language,
        ),
      ),
    );
    if (mails.length === 0) return;
    const message = { messageType: 'UPDATE' as const, message: defaultTemplates(dinner.language_code).UPDATE };
    await writeTransaction(deps.db, async (trx) => {
      const job = {
        id: newId(),
        running_dinner_id: dinner.id,
        message_type: 'UPDATE' as const,
        status: 'QUEUED' as const,
        sending_failed: 0 as const,
        idempotency_key: null,
        payload: JSON.stringify(message.message),
        send_at: null,
        created_at: deps.clock.now().toISOString(),
        finished_at: null,
      };
      await repo.insertJob(trx, job);
      await enqueueJobMails(deps, trx, job, message, mails, 'SYSTEM');
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(`automatic update not sent: ${error.code}`);
  }
}
