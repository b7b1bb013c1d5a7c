import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueTestMail } from '../support/mail-tasks.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

// Issue 23: the outbox shows a mail as it was sent: its HTML part beside the text, and its attachments to download.

const CALENDAR = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'END:VCALENDAR', ''].join('\r\n');

describe('a mail in the outbox', () => {
  let server: TestServer;
  let id: string;
  beforeAll(async () => {
    server = await startTestServer();
    await enqueueTestMail(server, {
      recipientEmail: 'route@example.org',
      subject: 'Eure Route',
      text: 'Hallo <b>Anna</b>,\n\neure Route: https://dinner.example.org/route',
      calendar: CALENDAR,
    });
    id = await until(async () => {
      const { json } = await call(server, 'GET', '/mailbox');
      return json.mails.find((m: { subject: string }) => m.subject === 'Eure Route')?.id;
    }, 'the mail in the outbox');
  });
  afterAll(() => server.stop());

  it('answers its HTML part and names its attachments', async () => {
    const { status, json } = await call(server, 'GET', `/mailbox/${id}`);
    expect(status).toBe(200);
    expect(json.html).toContain('Hallo &lt;b&gt;Anna&lt;/b&gt;,');
    expect(json.html).toContain('href="https://dinner.example.org/route"');
    expect(json.attachments).toEqual([
      { index: 0, filename: 'running-dinner.ics', contentType: 'text/calendar', size: expect.any(Number) },
    ]);
  });

  it('hands out an attachment as a download, and 404 for one it does not have', async () => {
    const res = await fetch(`${server.baseUrl}/rest/mailbox/${id}/attachments/0`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="running-dinner.ics"');
    expect(await res.text()).toContain('BEGIN:VCALENDAR');
    for (const index of ['1', '-1', 'x', '0.5'])
      expect((await call(server, 'GET', `/mailbox/${id}/attachments/${index}`)).status, index).toBe(404);
    expect((await call(server, 'GET', `/mailbox/${crypto.randomUUID()}.eml/attachments/0`)).status).toBe(404);
  });
});
