import { writeTransaction } from '../../db/transaction.js';
import { enqueueMail, type OutgoingMail } from '../../server/features/mail/mail-queue.js';
import type { TestServer } from './test-server.js';

function fail(reason: string): never {
  throw new Error(reason);
}

/** Queues a mail as the app's services do (enqueueMail in a committed transaction); answers the task id. */
export function enqueueTestMail(server: TestServer, mail: Partial<OutgoingMail> & Pick<OutgoingMail, 'recipientEmail'>): Promise<string> {
  const outgoing: OutgoingMail = { runningDinnerId: null, subject: 'Eine Testmail', text: 'Hallo', ...mail };
  return writeTransaction(server.deps.db, async (trx) => (await enqueueMail(server.deps, trx, outgoing)) ?? fail('the mail was not queued'));
}

export const taskById = (server: TestServer, id: string) => server.deps.db.selectFrom('message_task').selectAll().where('id', '=', id).executeTakeFirst();
