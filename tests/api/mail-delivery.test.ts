import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createBody, createDinner } from '../support/factories.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { freePort, startTestServer } from '../support/test-server.js';

// Issue 8 item 9: one slow mail server answer must not hold up all mail, and a mail server that never answers
// fails the attempt within set timeouts (the mail is retried later).

describe('delivering mail', () => {
  it('goes on with other mails while one delivery hangs', async () => {
    const sink = new SmtpSink(await freePort());
    sink.holdRecipients.add('langsam@example.org');
    await sink.start();
    const server = await startTestServer({ smtpUrl: sink.url });
    try {
      await createDinner(server, { ...createBody(), email: 'langsam@example.org' });
      for (let i = 0; i < 100 && sink.held === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(sink.held).toBe(1);

      await createDinner(server, { ...createBody(), email: 'schnell@example.org' });
      const mail = await sink.waitFor((m) => m.to === 'schnell@example.org', 10_000);
      expect(mail.subject).toContain('Weihnachtsdinner Wiehre');
    } finally {
      await server.stop();
      await sink.stop();
    }
  });

  it('gives up on a mail server that never greets within the greeting timeout and queues the mail again', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    const server = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailRetryBaseMs: 60_000, smtpTimeouts: { connectionMs: 500, greetingMs: 500, socketMs: 1_000 } });
    try {
      await createDinner(server);
      let task: { status: string; attempts: number; last_error: string | null } | undefined;
      for (let i = 0; i < 100 && !task?.last_error; i++) {
        await new Promise((r) => setTimeout(r, 50));
        task = await server.deps.db.selectFrom('message_task').select(['status', 'attempts', 'last_error']).executeTakeFirst();
      }
      expect(task).toMatchObject({ status: 'QUEUED', attempts: 1 });
      expect(task!.last_error).toMatch(/greeting|timeout/i);
    } finally {
      await server.stop();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
