import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import { SMTPServer } from 'smtp-server';
import type { NewParticipant } from '../db/schema.js';
import { nextParticipantNumber } from '../server/features/participants/participants.repo.js';
import { createDinner, participantInput, runningDinnerIdOf } from '../tests/support/factories.js';
import { confirmedRow, formColumns, insertParticipantRows } from '../tests/support/participant-rows.js';
import { startTestServer } from '../tests/support/test-server.js';

// npm run bench, mail part: how fast a message job's mails reach a mail server, and how soon a client hears of
// them. The real server runs in this process (fresh SQLite file) and sends a job of RECIPIENTS mails to a tiny
// SMTP server on loopback that accepts everything and notes when each mail arrived. A client follows the job's
// progress stream (SSE, read with fetch and eventsource-parser) and notes when each event arrived. For mail k (in
// arrival order at the SMTP server) the delay is the arrival of the first progress event with sent >= k minus the
// moment the SMTP server accepted mail k. All times are performance.now() of this one process.

const RECIPIENTS = 1_000;
const RATE = '1000';
/** Everything must be in by then, else the bench fails with what it got. */
const LIMIT_MS = 60_000;

/** MAIL_CONCURRENCY stays the server's default unless this process is given one. */
const env = {
  MAIL_RATE_PER_SECOND: RATE,
  MAIL_MAX_PER_JOB: String(RECIPIENTS),
  ...(process.env.MAIL_CONCURRENCY ? { MAIL_CONCURRENCY: process.env.MAIL_CONCURRENCY } : {}),
};

// The SMTP server: accept every mail once its data has been read, and note when.
const accepted: number[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  closeTimeout: 200,
  onData(stream, _session, callback) {
    stream.on('end', () => {
      accepted.push(performance.now());
      callback();
    });
    stream.resume();
  },
});
await new Promise<void>((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(0, '127.0.0.1', () => resolve());
});
const smtpPort = (smtp.server.address() as AddressInfo).port;

const log = console.log;
console.log = () => undefined; // the server's start-up line
const server = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, env });
console.log = log;
const { config } = server.deps;

const hangUp = new AbortController();
try {
  // An acknowledged event with RECIPIENTS confirmed participants, written straight to the database.
  const adminId = (await createDinner(server)).runningDinner.adminId;
  const runningDinnerId = await runningDinnerIdOf(server, adminId);
  const first = await nextParticipantNumber(server.deps.db, runningDinnerId);
  const now = new Date().toISOString();
  const template = formColumns(participantInput());
  const rows: NewParticipant[] = Array.from({ length: RECIPIENTS }, (_, i) => ({
    ...confirmedRow(runningDinnerId, first + i, template, now, 'de'),
    firstname_part: `Gast${first + i}`,
    lastname: `Nummer${first + i}`,
    email: `gast${first + i}@example.org`,
    team_partner_wish_email: null,
  }));
  await insertParticipantRows(server.deps.db, rows);
  await server.deps.db
    .updateTable('running_dinner')
    .set({ acknowledged_at: new Date().toISOString() })
    .where('id', '=', runningDinnerId)
    .execute();

  // The progress stream, open before the job exists.
  const progress: { at: number; sent: number; failed: number; status: string }[] = [];
  const stream = await fetch(`${server.baseUrl}/sse/messageservice/v1/runningdinner/${adminId}/messagejobs`, {
    headers: { Accept: 'text/event-stream' },
    signal: hangUp.signal,
  });
  if (stream.status !== 200) throw new Error(`the progress stream answered ${stream.status}: ${await stream.text()}`);
  const parser = createParser({
    onEvent(event) {
      if (event.event !== 'progress') return;
      const at = performance.now();
      const data = JSON.parse(event.data) as { sent: number; failed: number; sendingStatus: string };
      progress.push({ at, sent: data.sent, failed: data.failed, status: data.sendingStatus });
    },
  });
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of stream.body as AsyncIterable<Uint8Array>)
      parser.feed(decoder.decode(chunk, { stream: true }));
  })().catch(() => undefined);

  const started = performance.now();
  const response = await fetch(
    `${server.baseUrl}/rest/messageservice/v1/runningdinner/${adminId}/mails/participant?sendToDinnerOwner=false`,
    {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: JSON.stringify({ subject: 'Bench', message: 'Hello {firstname}', participantSelection: 'ALL' }),
    },
  );
  const answered = performance.now();
  if (response.status !== 201) throw new Error(`sending answered ${response.status}: ${await response.text()}`);
  await response.json();

  const deadline = started + LIMIT_MS;
  const done = () => accepted.length >= RECIPIENTS && progress.some((p) => p.sent + p.failed >= RECIPIENTS);
  while (!done() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  if (!done()) {
    const last = progress.at(-1);
    throw new Error(
      `within ${LIMIT_MS / 1000} s: ${accepted.length} mails accepted, last progress sent=${last?.sent ?? '-'} failed=${last?.failed ?? '-'}`,
    );
  }
  const failed = progress.at(-1)?.failed ?? 0;

  // 1. Mails per second: from the organiser's request to the last mail the SMTP server accepted.
  const seconds = (accepted[RECIPIENTS - 1] - started) / 1000;
  const spread = (accepted[RECIPIENTS - 1] - accepted[0]) / 1000;
  console.log(
    `mail: ${RECIPIENTS} mails to a loopback SMTP server in ${seconds.toFixed(2)} s = ${Math.round(RECIPIENTS / seconds)} mails/s ` +
      `(MAIL_RATE_PER_SECOND=${config.mailRatePerSecond}, MAIL_CONCURRENCY=${config.mailConcurrency}; the request took ${Math.round(answered - started)} ms, ` +
      `first to last mail ${spread.toFixed(2)} s = ${Math.round((RECIPIENTS - 1) / spread)} mails/s${failed ? `, ${failed} failed` : ''})`,
  );

  // 2. The delay from mail k's acceptance to the first progress event that counts it.
  const delays: number[] = [];
  let e = 0;
  for (let k = 1; k <= RECIPIENTS; k++) {
    while (e < progress.length && progress[e].sent < k) e++;
    if (e === progress.length) break;
    delays.push(progress[e].at - accepted[k - 1]);
  }
  delays.sort((a, b) => a - b);
  const percentile = (p: number) => delays[Math.min(delays.length - 1, Math.ceil((p / 100) * delays.length) - 1)];
  console.log(
    `sse: delay from a mail's acceptance to its progress event at a client: median ${Math.round(percentile(50))} ms, p99 ${Math.round(percentile(99))} ms, ` +
      `max ${Math.round(delays.at(-1) ?? 0)} ms (${delays.length} mails, ${progress.length} progress events)`,
  );
  hangUp.abort();
  await reading;
} finally {
  hangUp.abort();
  await server.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
}
