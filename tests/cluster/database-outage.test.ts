import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, confirmOrganiserIn, startChildServer } from '../support/child-server.js';
import { createDinner, publicPath, registrationForm } from '../support/factories.js';
import { freshPostgresDatabase, onPostgres, type TestDatabase, testPostgresUrl } from '../support/postgres.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { TcpRelay } from '../support/tcp-relay.js';
import { call, freePort } from '../support/test-server.js';
import { until } from '../support/until.js';

// A PostgreSQL server that restarts or fails over is gone for some seconds. Meanwhile every request is answered 503
// with Retry-After (never a 500 with a stack in the log), the health check says unavailable, and afterwards the same
// process serves and sends mail again without a restart. The database is reached through a relay the test cuts.

const BUSY = {
  code: 'database_busy',
  message: 'The server is busy at the moment. Nothing was changed; please try again in a few seconds.',
};

describe.runIf(onPostgres)('a PostgreSQL server that is gone for a while', () => {
  let sink: SmtpSink;
  let database: TestDatabase;
  let relay: TcpRelay;
  let server: ChildServer;
  let publicDinnerId: string;

  beforeAll(async () => {
    sink = new SmtpSink(await freePort());
    await sink.start();
    database = await freshPostgresDatabase(testPostgresUrl()!);
    const direct = new URL(database.url);
    relay = new TcpRelay(await freePort(), { host: direct.hostname, port: Number(direct.port) });
    await relay.open();
    const relayed = new URL(database.url);
    relayed.port = String(relay.port);
    server = await startChildServer({ DATABASE_URL: relayed.toString(), SMTP_URL: sink.url });
    const { runningDinner } = await createDinner(server);
    publicDinnerId = runningDinner.publicSettings.publicDinnerId;
    await confirmOrganiserIn(server, runningDinner.adminId);
  });
  afterAll(async () => {
    await server?.stop();
    await relay?.cut();
    await database?.drop();
    await sink?.stop();
  });

  const register = (email: string) =>
    call(server, 'POST', publicPath(publicDinnerId, '/register'), registrationForm({ email }));
  const health = async () => (await fetch(`${server.baseUrl}/healthz`)).status;

  it('answers 503 with Retry-After meanwhile and serves again by itself afterwards', async () => {
    await relay.cut();

    for (const answer of [
      await call(server, 'GET', publicPath(publicDinnerId)),
      await register('waehrenddessen@example.org'),
    ]) {
      expect(answer.status, answer.text).toBe(503);
      expect(answer.json).toEqual(BUSY);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await health()).toBe(503);
    // Long enough for the background sessions (notifications, the lock of the singleton jobs) to fail a reconnect.
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    await relay.open();
    // The pool opens new connections on the next request: no restart, no wait for a timer.
    const again = await register('danach@example.org');
    expect(again.status, again.text).toBe(200);
    expect(await health()).toBe(200);
    expect((await call(server, 'GET', publicPath(publicDinnerId))).status).toBe(200);
    await until(() => sink.mails.some((mail) => mail.to.includes('danach@example.org')));
    expect(sink.mails.map((mail) => mail.to)).toContainEqual(expect.stringContaining('danach@example.org'));
    expect(sink.mails.map((mail) => mail.to)).not.toContainEqual(expect.stringContaining('waehrenddessen@example.org'));

    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/\b(GET|POST|PUT|DELETE) \S+ failed:/);
  }, 30_000);

  it('records a mail the mail server took while the database was away once it is back, and does not send it again', async () => {
    const recipient = 'gehalten@example.org';
    const mailsTo = () => sink.mails.filter((mail) => mail.envelopeTo.includes(recipient));
    sink.holdRecipients.add(recipient);
    expect((await register(recipient)).status).toBe(200);
    await until(() => sink.held === 1);
    await relay.cut();
    // The mail server takes the mail now: the app cannot write that down until the database is back.
    sink.acceptHeld();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await relay.open();

    const statusOfTask = () =>
      server.withDatabase(
        async (db) =>
          (
            await db
              .selectFrom('message_task')
              .select('status')
              .where('recipient_email', '=', recipient)
              .executeTakeFirstOrThrow()
          ).status,
      );
    await until(async () => (await statusOfTask()) === 'SENT');
    expect(await statusOfTask()).toBe('SENT');
    // A claim the app could not close would be taken up again and the mail sent a second time.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mailsTo()).toHaveLength(1);
    expect(server.output()).not.toMatch(/not delivered/);
  }, 30_000);
});
