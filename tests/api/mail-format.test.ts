import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueTestMail, taskById } from '../support/mail-tasks.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { freePort, startTestServer, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';
import { useTestServer } from '../support/use-test-server.js';

// Issue 11, delivery: every mail is multipart (the text as written, an escaped HTML part with the main link as a
// button), carries the dinner route's calendar when it has one, and no header can be injected through its subject.

const CALENDAR = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//running-dinner//EN',
  'BEGIN:VEVENT',
  'UID:route-1@example.org',
  'SUMMARY:Vorspeise',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');
const TEXT =
  'Hallo <script>alert("x")</script> & Co,\n\nhier ist eure Route: https://dinner.example.org/route?a=1&b=2.\nDie Karte: https://dinner.example.org/karte\n\nBis bald';

describe('a mail over SMTP', () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    sink = new SmtpSink(await freePort());
    await sink.start();
    server = await startTestServer({ smtpUrl: sink.url });
  });
  afterAll(async () => {
    await server.stop();
    await sink.stop();
  });

  const delivered = async (to: string, mail: Parameters<typeof enqueueTestMail>[1] = { recipientEmail: to }) => {
    const id = await enqueueTestMail(server, mail);
    const received = await sink.waitFor((m) => m.to === to);
    return { received, task: (await taskById(server, id))! };
  };

  it('has the text as written and an HTML part with every value escaped and the first link as the one button', async () => {
    const { received, task } = await delivered('route@example.org', {
      recipientEmail: 'route@example.org',
      text: TEXT,
    });
    expect(received.text).toBe(task.body_text);
    expect(received.html).not.toContain('<script>');
    expect(received.html).toContain('Hallo &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co,');
    expect(received.html.match(/class="button"/g)).toHaveLength(1);
    expect(received.html).toMatch(/<a class="button" href="https:\/\/dinner\.example\.org\/route\?a=1&amp;b=2"/);
    expect(received.html).toMatch(/<a href="https:\/\/dinner\.example\.org\/karte"/);
    expect(received.html).toContain('<p style="margin:0 0 1em">Bis bald</p>');
    expect(received.attachments).toEqual([]);
  });

  it('adds no header and no recipient through a subject with a line break, even one that skipped the queue', async () => {
    const { received } = await delivered('ziel@example.org', {
      recipientEmail: 'ziel@example.org',
      subject: 'Hallo\r\nBcc: x@evil.example',
    });
    expect(received.subject).toBe('Hallo Bcc: x@evil.example');

    const id = crypto.randomUUID();
    await server.deps.db
      .insertInto('message_task')
      .values({
        id,
        running_dinner_id: null,
        message_job_id: null,
        participant_id: null,
        recipient_email: 'direkt@example.org',
        subject: 'Direkt\r\nBcc: y@evil.example\nX-Evil: 1',
        body_text: 'Hallo',
        status: 'QUEUED',
        attempts: 0,
        next_attempt_at: new Date().toISOString(),
        message_id: `<${id}@127.0.0.1>`,
        failure_type: null,
        resend_count: 0,
        calendar: null,
        created_at: new Date().toISOString(),
        sent_at: null,
      })
      .execute();
    const direct = await until(() => sink.mails.find((m) => m.to === 'direkt@example.org'));
    expect(direct.subject).toBe('Direkt Bcc: y@evil.example X-Evil: 1');

    for (const mail of [received, direct]) {
      expect(mail.envelopeTo).toEqual([mail.to]);
      expect(mail.headerNames).not.toContain('bcc');
      expect(mail.headerNames).not.toContain('x-evil');
    }
    expect(sink.mails.flatMap((m) => m.envelopeTo).filter((to) => to.includes('evil'))).toEqual([]);
  });

  it('carries the calendar as running-dinner.ics when its task has one', async () => {
    const { received } = await delivered('kalender@example.org', {
      recipientEmail: 'kalender@example.org',
      text: TEXT,
      calendar: CALENDAR,
    });
    expect(received.attachments).toHaveLength(1);
    const [ics] = received.attachments;
    expect(ics.filename).toBe('running-dinner.ics');
    expect(ics.contentType).toBe('text/calendar');
    expect(ics.content).toBe(CALENDAR);
    expect(received.html).toContain('class="button"');
  });
});

describe('a mail in the outbox', () => {
  const server = useTestServer();

  it('is the same multipart mail, calendar included', async () => {
    const id = await enqueueTestMail(server, { recipientEmail: 'outbox@example.org', text: TEXT, calendar: CALENDAR });
    const task = (await taskById(server, id))!;
    const outbox = path.join(server.dataDir, 'mails');
    const file = await until(() => {
      try {
        return readdirSync(outbox).find((f) => f.endsWith(`-${id}.eml`));
      } catch {
        return undefined;
      }
    });
    const mail = await simpleParser(readFileSync(path.join(outbox, file)));
    expect(mail.messageId).toBe(task.message_id);
    expect(mail.text).toBe(task.body_text);
    expect(mail.html).toContain('Hallo &lt;script&gt;');
    expect(String(mail.html).match(/class="button"/g)).toHaveLength(1);
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.toString('utf8')])).toEqual([
      ['running-dinner.ics', 'text/calendar', CALENDAR],
    ]);
  });
});
