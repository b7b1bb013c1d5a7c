import { SmtpSink } from './smtp-sink.js';
import { freePort, startTestServer, type TestServer } from './test-server.js';

/** The pattern of an id in a mailed link. */
export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The real server together with the SMTP sink it delivers its mails to. */
export interface ServerWithSmtpSink {
  server: TestServer;
  sink: SmtpSink;
}

/** Starts an SMTP sink and the server mailing to it; the short retry backoff keeps a failed delivery from holding up a test. */
export async function startServerWithSmtpSink(env: Record<string, string> = {}): Promise<ServerWithSmtpSink> {
  const sink = new SmtpSink(await freePort());
  await sink.start();
  const server = await startTestServer({ smtpUrl: sink.url, mailRetryBaseMs: 50, env });
  return { server, sink };
}

/** Marks the organiser's address confirmed, as their click on the creation mail would: messages are locked before. */
export async function confirmOrganiser(server: TestServer, runningDinnerId: string): Promise<void> {
  await server.deps.db
    .updateTable('running_dinner')
    .set({ acknowledged_at: new Date().toISOString() })
    .where('id', '=', runningDinnerId)
    .execute();
}

/** Stops the server first, so that it sends nothing more to the sink. */
export async function stopServerWithSmtpSink({ server, sink }: ServerWithSmtpSink) {
  await server.stop();
  await sink.stop();
}
