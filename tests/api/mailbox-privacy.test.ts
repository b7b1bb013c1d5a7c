import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from '../support/child-server.js';
import { createDinner } from '../support/factories.js';
import { call } from '../support/test-server.js';
import { until } from '../support/until.js';

// Reliability 26: without SMTP the outbox holds every admin link; only this machine, or whoever has the token, reads it.

/** An address of this machine that is not loopback: a request to it comes from "another machine" for the server. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

async function waitForMail(server: ChildServer, query = ''): Promise<string> {
  const mail = await until(async () => (await call(server, 'GET', `/mailbox${query}`)).json?.mails?.[0], 'a mail');
  return mail.id;
}

describe('the outbox without a token', () => {
  let server: ChildServer;
  let mailId: string;
  beforeAll(async () => {
    server = await startChildServer({ HOST: '0.0.0.0' });
    await createDinner(server);
    mailId = await waitForMail(server);
  });
  afterAll(() => server.stop());

  it('is read from this machine', async () => {
    const detail = await call(server, 'GET', `/mailbox/${mailId}`);
    expect(detail.status).toBe(200);
    expect(detail.json.text).toContain('/admin/');
  });

  it.runIf(outsideAddress)('answers 404 to another machine, for the list and for a mail', async () => {
    const outside = { baseUrl: `http://${outsideAddress}:${server.port}` };
    for (const path of ['/mailbox', `/mailbox/${mailId}`]) {
      const res = await call(outside, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('/admin/');
    }
  });

  it('answers 404 to a request a proxy forwarded, even from this machine', async () => {
    const forwarded: Record<string, string>[] = [
      { 'X-Forwarded-For': '203.0.113.9' },
      { Forwarded: 'for=203.0.113.9' },
      { 'X-Real-IP': '203.0.113.9' },
    ];
    for (const header of forwarded) {
      expect((await call(server, 'GET', '/mailbox', undefined, header)).status).toBe(404);
      expect((await call(server, 'GET', `/mailbox/${mailId}`, undefined, header)).status).toBe(404);
    }
  });

  it('says at start-up that other machines cannot read the outbox and how to change that', () => {
    expect(server.output()).toContain(
      `mail to the outbox, which other machines cannot read (only http://127.0.0.1:${server.port}/mailbox on this machine itself)`,
    );
    expect(server.output()).toContain('set MAILBOX_TOKEN');
  });
});

describe('the outbox with MAILBOX_TOKEN', () => {
  const token = 'outbox-token-0123456789';
  let server: ChildServer;
  beforeAll(async () => {
    server = await startChildServer({ MAILBOX_TOKEN: token });
    await createDinner(server);
    await waitForMail(server, `?token=${token}`);
  });
  afterAll(() => server.stop());

  it('is read only with the token, also from this machine', async () => {
    expect((await call(server, 'GET', '/mailbox')).status).toBe(404);
    expect((await call(server, 'GET', '/mailbox?token=wrong-token-0123456789')).status).toBe(404);
    expect((await call(server, 'GET', `/mailbox?token=${token}`)).status).toBe(200);
    expect((await call(server, 'GET', '/mailbox', undefined, { Authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('prints where to read it without printing the token', () => {
    expect(server.output()).toContain('/mailbox?token=<MAILBOX_TOKEN>');
    expect(server.output()).not.toContain(token);
  });
});

describe('the outbox on loopback', () => {
  it('prints the outbox address at start-up', async () => {
    const server = await startChildServer();
    try {
      expect(server.output()).toContain(
        `mail to the outbox, readable on this machine only: http://127.0.0.1:${server.port}/mailbox`,
      );
    } finally {
      await server.stop();
    }
  });
});
