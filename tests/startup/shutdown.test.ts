import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  type ChildServer,
  confirmOrganiserIn,
  STOP_WITHIN_MS,
  startChildServer,
  stopMsOf,
} from '../support/child-server.js';
import { createDinner, publicPath, registrationForm } from '../support/factories.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { freePort } from '../support/test-server.js';
import { until } from '../support/until.js';

// Reliability 24: SIGTERM answers what clients already sent, closes slow connections, puts mail in flight back
// in the queue and ends the process within 8 s whatever happens.

/** Sends SIGTERM and answers the exit code and how long the stop took by the process's own clock. */
async function terminate(server: ChildServer): Promise<{ stopMs: number | undefined; code: number | null }> {
  server.child.kill('SIGTERM');
  const code = await server.exited;
  return { stopMs: stopMsOf(server.output()), code };
}

/** A TCP connection to the server that speaks HTTP as the test writes it; the server may drop it. */
async function rawConnection(server: ChildServer): Promise<Socket> {
  const socket = connect(server.port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.on('error', () => undefined);
  return socket;
}

/** The status and Retry-After of the answer the server writes on `socket` before closing it; status 0 if none. */
function readAll(socket: Socket): Promise<{ status: number; retryAfter: string | undefined; text: string }> {
  let text = '';
  socket.on('data', (chunk) => (text += chunk));
  return new Promise((resolve) =>
    socket.once('close', () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
        retryAfter: /\r\nretry-after: *(\d+)/i.exec(text)?.[1],
        text: text.slice(0, 200),
      }),
    ),
  );
}

describe('SIGTERM', { timeout: 60_000 }, () => {
  it('answers every registration sent just before it, and exits', async () => {
    const server = await startChildServer();
    try {
      const { runningDinner } = await createDinner(server);
      await confirmOrganiserIn(server, runningDinner.adminId);
      const path = publicPath(runningDinner.publicSettings.publicDinnerId, '/register');
      // Each request is whole in the server's socket before the signal, however slowly a busy machine runs this test.
      const sent = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const socket = await rawConnection(server);
          const body = JSON.stringify(registrationForm({ email: `kurz.davor${i}@example.org` }));
          const answer = readAll(socket);
          await new Promise<void>((resolve) =>
            socket.write(
              `POST /rest${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
              () => resolve(),
            ),
          );
          return answer;
        }),
      );
      const { stopMs, code } = await terminate(server);
      const answers = await Promise.all(sent);

      expect(answers.filter((a) => a.status !== 200 && !(a.status === 503 && Number(a.retryAfter) > 0))).toEqual([]);
      expect(stopMs).toBeLessThan(STOP_WITHIN_MS);
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

      const { stopMs, code } = await terminate(server);
      expect(stopMs).toBeLessThan(STOP_WITHIN_MS);
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

      const { stopMs, code } = await terminate(server);
      clearInterval(trickle);
      expect(stopMs).toBeLessThan(STOP_WITHIN_MS);
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
