import type { MessageJobRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { enqueueMail, type OutgoingMail } from '../../server/features/mail/mail-queue.js';
import type { TestServer } from './test-server.js';

function fail(reason: string): never {
  throw new Error(reason);
}

/** Queues a mail as the app's services do (enqueueMail in a committed transaction); answers the task id. */
export function enqueueTestMail(
  server: TestServer,
  mail: Partial<OutgoingMail> & Pick<OutgoingMail, 'recipientEmail'>,
): Promise<string> {
  const outgoing: OutgoingMail = { runningDinnerId: null, subject: 'Eine Testmail', text: 'Hallo', ...mail };
  return writeTransaction(
    server.deps.db,
    async (trx) => (await enqueueMail(server.deps, trx, outgoing)) ?? fail('the mail was not queued'),
  );
}

export const taskById = (server: TestServer, id: string) =>
  server.deps.db.selectFrom('message_task').selectAll().where('id', '=', id).executeTakeFirst();

/** Stores a message job row as the messaging centre would (no tasks: a test queues them); answers its id. */
export async function insertMessageJob(
  server: Pick<TestServer, 'deps'>,
  runningDinnerId: string,
  {
    messageType = 'PARTICIPANT',
    status = 'QUEUED',
  }: { messageType?: MessageJobRow['message_type']; status?: MessageJobRow['status'] } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await server.deps.db
    .insertInto('message_job')
    .values({
      id,
      running_dinner_id: runningDinnerId,
      message_type: messageType,
      status,
      sending_failed: 0,
      idempotency_key: null,
      payload: '{}',
      created_at: new Date().toISOString(),
      finished_at: null,
    })
    .execute();
  return id;
}
