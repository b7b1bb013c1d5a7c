import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type ChildServer, confirmOrganiserIn, startChildServer } from '../support/child-server.js';
import { createDinner, publicPath, registrationForm } from '../support/factories.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { call, freePort } from '../support/test-server.js';
import { until } from '../support/until.js';

// Reliability 24: SIGTERM answers what clients already sent, closes slow connections, puts mail in flight back
// in the queue and ends the process within 8 s whatever happens.

const EXIT_WITHIN_MS = 8_000;

/** Sends SIGTERM and answers how long the process took to exit, and its exit code. */
async function terminate(server: ChildServer): Promise<{ ms: number; code: number | null }> {
  const start = Date.now();
  server.child.kill('SIGTERM');
  const code = await server.exited;
  return { ms: Date.now() - start, code };
}

/** A TCP connection to the server that speaks HTTP as the test writes it; the server may drop it. */
async function rawConnection(server: ChildServer): Promise<Socket> {
  const socket = connect(server.port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.on('error', () => undefined);
  return socket;
}

describe('SIGTERM', () => {
  it('answers every registration sent just before it, and exits', async () => {
    const server = await startChildServer();
    try {
      const { runningDinner } = await createDinner(server);
      await confirmOrganiserIn(server, runningDinner.adminId);
      const path = publicPath(runningDinner.publicSettings.publicDinnerId, '/register');
      const sent = Array.from({ length: 50 }, (_, i) =>
        call(server, 'POST', path, registrationForm({ email: `kurz.davor${i}@example.org` })).then(
          (answer) => ({ status: answer.status, retryAfter: answer.headers.get('retry-after') }),
          (error: Error) => ({ status: 0, error: String((error.cause as Error | undefined)?.message ?? error) }),
        ),
      );
      await new Promise((r) => setTimeout(r, 30));
      const stopped = terminate(server);
      const answers = await Promise.all(sent);
      const { ms, code } = await stopped;

      expect(
        answers.filter((a) => a.status !== 200 && !(a.status === 503 && 'retryAfter' in a && Number(a.retryAfter) > 0)),
      ).toEqual([]);
      expect(ms).toBeLessThan(EXIT_WITHIN_MS);
      expect(code).toBe(0);
    } finally {
      await server.stop();
    }
  });

  it('does not wait for a mail server that holds a delivery, and puts that mail back in the queue', async () => {
    const sink = new SmtpSink(await freePort());
    sink.holdRecipients.add('orga@example.org');
    await sink.start();
    const server = await startChildServer({ SMTP_URL: sink.url });
    try {
      await createDinner(server);
      await until(() => sink.held > 0, 'the held delivery');
      expect(sink.held).toBe(1);

      const { ms, code } = await terminate(server);
      expect(ms).toBeLessThan(EXIT_WITHIN_MS);
      expect(code).toBe(0);
      const tasks = await server.withDatabase((db) => db.selectFrom('message_task').select('status').execute());
      expect(tasks).toEqual([{ status: 'QUEUED' }]);
    } finally {
      await server.stop();
      await sink.stop();
    }
  });

  it('closes a connection that sends its body slowly instead of waiting for it', async () => {
    const server = await startChildServer();
    const socket = await rawConnection(server);
    try {
      socket.write(
        'POST /rest/wizardservice/v1/create HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
      );
      const trickle = setInterval(() => socket.write(' '), 200);
      await new Promise((r) => setTimeout(r, 300));

      const { ms, code } = await terminate(server);
      clearInterval(trickle);
      expect(ms).toBeLessThan(EXIT_WITHIN_MS);
      expect(code).toBe(0);
    } finally {
      socket.destroy();
      await server.stop();
    }
  });

  it('is not held up by an idle keep-alive connection', async () => {
    const server = await startChildServer();
    const socket = await rawConnection(server);
    try {
      socket.write('GET /rest/masterdataservice/v1/registrationtypes HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await new Promise((r) => socket.once('data', r));
      const { code } = await terminate(server);
      // Not left for the stop's grace: said when it cuts off what is still open after it.
      expect(server.output()).not.toContain('were cut off');
      expect(code).toBe(0);
    } finally {
      socket.destroy();
      await server.stop();
    }
  });
});
