import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailServerStatus } from '../../contract/mail.js';
import type { MessageJob } from '../../contract/messages.js';
import { createBody } from '../support/factories.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { openSse, received } from '../support/sse-client.js';
import { dinnerWithParticipants } from '../support/teams.js';
import { call, freePort, startTestServer, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

const OUTAGE_MS = 30_000;

describe('a mail server that is down for the first 30 seconds of a job', () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    // Not started yet: connections to its port are refused.
    sink = new SmtpSink(await freePort());
    server = await startTestServer({ smtpUrl: sink.url, mailRetryBaseMs: 1_000, env: { MAIL_RATE_PER_SECOND: '100' } });
  });
  afterAll(async () => {
    await server.stop();
    await sink.stop();
  });

  it('loses nothing: the outage shows, and the job completes once the server is back', async () => {
    const { id, adminId } = await dinnerWithParticipants(server, 24, { body: createBody({ languageCode: 'en' }) });
    await server.deps.db
      .updateTable('running_dinner')
      .set({ acknowledged_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    const path = (suffix: string) => `/messageservice/v1/runningdinner/${adminId}${suffix}`;
    const stream = await openSse(server, path('/messagejobs'));
    const downSince = Date.now();

    const sent = await call(server, 'PUT', path('/mails/participant'), {
      subject: 'While the server is down',
      message: 'Hello {firstname}',
      participantSelection: 'ALL',
    });
    expect(sent.status, sent.text).toBe(201);
    const job: MessageJob = sent.json;

    const outage: MailServerStatus = await until(async () => {
      const status: MailServerStatus = (await call(server, 'GET', path('/mailserverstatus'))).json;
      return status.outage ? status : undefined;
    });
    expect(new Date(outage.since!).getTime()).toBeGreaterThanOrEqual(downSince - 1_000);
    expect((await call(server, 'GET', path(`/messagejobs/${job.id}/overview`))).json).toMatchObject({
      numMessagesSucceeded: 0,
      numMessagesFailed: 0,
      numMessagesQueued: 24,
    });

    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - downSince))));
    expect((await call(server, 'GET', path(`/messagejobs/${job.id}`))).json.sendingFailed).toBe(false);
    await sink.start();

    await stream.until((s) => received(s).some((e) => e.type === 'finished' && e.data.messageJobId === job.id), 60_000);
    expect(received(stream).at(-1)!.data).toMatchObject({
      total: 24,
      sent: 24,
      failed: 0,
      sendingStatus: 'SENDING_FINISHED',
    });
    expect(sink.mails.filter((m) => m.subject === 'While the server is down')).toHaveLength(24);
    expect((await call(server, 'GET', path('/mailserverstatus'))).json).toEqual({ outage: false, since: null });
    stream.close();
  }, 120_000);
});
