import { describe, expect, it } from 'vitest';
import type { TaskChange } from '../../server/features/mail/mail-queue-events.js';
import { enqueueTestMail, insertMessageJob, taskById } from '../support/mail-tasks.js';
import { createPublicDinner } from '../support/registration.js';
import { call, GERMAN, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';
import { useTestServer } from '../support/use-test-server.js';

// Issue 11, delivery: the mail provider reports bounces and complaints by Message-ID with a shared token.

const TOKEN = 'webhook-secret-0123456789';
const server = useTestServer({ env: { MAIL_WEBHOOK_TOKEN: TOKEN } });
const withoutToken = useTestServer();
/** Three wrong secrets a minute per client address; each test calls from its own address (through the trusted proxy). */
const limited = useTestServer({ env: { MAIL_WEBHOOK_TOKEN: TOKEN, GUESS_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'on' } });

const report = (s: TestServer, body: unknown, authorization?: string, headers: Record<string, string> = {}) =>
  call(s, 'POST', '/mail/events', body, { ...(authorization ? { Authorization: authorization } : {}), ...headers });

async function sentMail(s: TestServer, mail: Partial<Parameters<typeof enqueueTestMail>[1]> = {}) {
  const id = await enqueueTestMail(s, { recipientEmail: 'bounce@example.org', ...mail });
  return until(async () => {
    const task = await taskById(s, id);
    return task?.status === 'SENT' ? task : undefined;
  });
}

describe('the bounce and complaint webhook', () => {
  it('refuses every report when no token is configured, and one without the right token', async () => {
    const task = await sentMail(server);
    const body = { messageId: task.message_id, type: 'BOUNCE', description: 'mailbox full' };
    for (const [s, authorization] of [
      [withoutToken, `Bearer ${TOKEN}`],
      [withoutToken, undefined],
      [server, undefined],
      [server, 'Bearer wrong-secret-0123456789'],
      [server, `Bearer ${TOKEN}x`],
      [server, TOKEN],
    ] as const) {
      const res = await report(s, body, authorization);
      expect(res.status, `${authorization}`).toBe(403);
      expect(res.json.code).toBe('forbidden');
    }
    expect(await taskById(server, task.id)).toMatchObject({ status: 'SENT', failure_type: null });
  });

  it('answers 406 with the issues of a bad report', async () => {
    const res = await report(server, { messageId: '', type: 'LOST', description: 7 }, `Bearer ${TOKEN}`);
    expect(res.status).toBe(406);
    expect(res.json.issues.map((i: { field: string }) => i.field).sort()).toEqual(['description', 'messageId', 'type']);
    const german = await report(server, { messageId: null, type: 'BOUNCE' }, `Bearer ${TOKEN}`, GERMAN);
    expect(german.status).toBe(406);
    expect(german.json.issues).toEqual([{ field: 'messageId', message: 'Pflichtfeld' }]);
  });

  it("takes a report of a Message-ID it has no mail of (a deleted event's) with 202, and never counts it as a guess", async () => {
    const provider = { 'X-Forwarded-For': '203.0.113.9' };
    for (let i = 0; i < 10; i++) {
      const messageId = `<${crypto.randomUUID()}@example.org>`;
      const res = await report(limited, { messageId, type: 'BOUNCE' }, `Bearer ${TOKEN}`, provider);
      expect(res.status, `report ${i}: ${res.text}`).toBe(202);
      expect(res.json).toEqual({ messageId, status: 'UNKNOWN' });
    }
    const task = await sentMail(limited);
    const genuine = await report(limited, { messageId: task.message_id, type: 'BOUNCE' }, `Bearer ${TOKEN}`, provider);
    expect(genuine.status, genuine.text).toBe(200);
    expect(await taskById(limited, task.id)).toMatchObject({ status: 'FAILED', failure_type: 'BOUNCE' });
  });

  it('limits wrong tokens like wrong links: after 3 in a minute the address gets 429 with Retry-After, also with the right token', async () => {
    const guesser = { 'X-Forwarded-For': '198.51.100.7' };
    const body = { messageId: '<x@example.org>', type: 'BOUNCE' };
    for (let i = 0; i < 3; i++) expect((await report(limited, body, `Bearer guess-${i}`, guesser)).status).toBe(403);
    const limitedNow = await report(limited, body, `Bearer ${TOKEN}`, guesser);
    expect(limitedNow.status).toBe(429);
    expect(Number(limitedNow.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The provider, at another address, is not affected.
    expect((await report(limited, body, `Bearer ${TOKEN}`, { 'X-Forwarded-For': '203.0.113.10' })).status).toBe(202);
  });

  it('fails the task with the reported type and text, by its Message-ID with or without brackets, and tells its job', async () => {
    const dinner = await createPublicDinner(server);
    const messageJobId = await insertMessageJob(server, dinner.id, { messageType: 'TEAM' });
    const task = await sentMail(server, {
      recipientEmail: 'spam@example.org',
      runningDinnerId: dinner.id,
      messageJobId,
    });
    const told: TaskChange[] = [];
    const listen = (change: TaskChange) => {
      if (change.messageJobId === messageJobId) told.push(change);
    };
    server.deps.mailQueue.on('taskChanged', listen);
    try {
      const res = await report(
        server,
        { messageId: task.message_id.slice(1, -1), type: 'SPAM', description: 'Complaint: marked as spam' },
        `bearer ${TOKEN}`,
      );
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ messageId: task.message_id, status: 'FAILED', failureType: 'SPAM' });
      expect(await taskById(server, task.id)).toMatchObject({
        status: 'FAILED',
        failure_type: 'SPAM',
        last_error: 'Complaint: marked as spam',
      });
      expect(told).toEqual([{ runningDinnerId: dinner.id, messageJobId }]);
    } finally {
      server.deps.mailQueue.off('taskChanged', listen);
    }

    const other = await sentMail(server, { recipientEmail: 'weg@example.org' });
    const bracketed = await report(
      server,
      { messageId: other.message_id, type: 'INVALID_EMAIL', description: '550 5.1.1 user unknown' },
      `Bearer ${TOKEN}`,
    );
    expect(bracketed.status).toBe(200);
    expect(await taskById(server, other.id)).toMatchObject({
      status: 'FAILED',
      failure_type: 'INVALID_EMAIL',
      last_error: '550 5.1.1 user unknown',
    });
  });
});
