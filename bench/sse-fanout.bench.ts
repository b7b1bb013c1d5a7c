import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openFilesLimit } from '../server/lib/open-files.js';
import { type ChildServer, startChildServer } from '../tests/support/child-server.js';
import { createDinner, publicPath } from '../tests/support/factories.js';
import { insertParticipants } from '../tests/support/teams.js';
import type { TestServer } from '../tests/support/test-server.js';

// npm run bench, fan-out part: the p99 latency of another event's public page (GET /rest/frontend/v1/runningdinner/
// <publicDinnerId>) while SSE_FANOUT_STREAMS (9,000) streams follow one event's message jobs, first idle, then
// during a 300-mail job of that event, whose progress (up to ten events a second) every stream carries. The built
// server (dist/, `npm run build`) runs on SQLite as a child process with mail to the outbox at the default
// MAIL_RATE_PER_SECOND (10, so the job takes about 30 s); the streams are plain sockets in a process of their own
// (sse-streams.holder.mjs); autocannon asks for the page with 10 connections in this process. Target (issue 20):
// p99 during the job at most 3 × p99 idle.

const MAIN = new URL('../dist/server/main.js', import.meta.url).pathname;
const STREAMS = Number(process.env.SSE_FANOUT_STREAMS ?? '9000');
const RECIPIENTS = 300;
const CONNECTIONS = 10;
const IDLE_SECONDS = 10;
/** Descriptors the server needs beside the streams (its own reserve), and the holder process as many as streams. */
const NEEDED_DESCRIPTORS = STREAMS + 1_100;

if (!existsSync(MAIN)) {
  console.error(`sse-fanout: the built server ${MAIN} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const limit = openFilesLimit();
if (limit !== null && limit < NEEDED_DESCRIPTORS) {
  console.error(
    `sse-fanout: ${STREAMS} streams need about ${NEEDED_DESCRIPTORS} open files per process, this one may open ${limit}: raise it (ulimit -n) or set SSE_FANOUT_STREAMS lower.`,
  );
  process.exit(1);
}

interface Latency {
  p99: number;
  requests: number;
  failed: number;
}

const running = new Set<autocannon.Instance>();
function pageLoad(url: string, seconds: number): { result: Promise<Latency>; stop(): void } {
  const { origin, pathname } = new URL(url);
  const instance = autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: 'GET', path: pathname, headers: { 'Accept-Language': 'de' } }],
  });
  running.add(instance);
  const result = Promise.resolve(instance).then((r) => {
    running.delete(instance);
    return { p99: r.latency.p99, requests: r.requests.sent, failed: r.non2xx + r.errors };
  });
  return { result, stop: () => instance.stop() };
}

/** What to undo at the end, whatever happens: the last step first. */
const cleanups: (() => unknown)[] = [];
async function cleanUp(): Promise<void> {
  for (const step of cleanups.splice(0).reverse())
    await Promise.resolve()
      .then(step)
      .catch((error) => console.error('sse-fanout: clean-up step failed:', error));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const instance of running) instance.stop();
    void cleanUp().then(() => process.exit(130));
  });
}

/** The stream clients' process and its answers, one at a time. */
function startHolder() {
  const holder = fork(new URL('./sse-streams.holder.mjs', import.meta.url).pathname, { stdio: 'inherit' });
  cleanups.push(() => holder.kill());
  const ask = <T>(message: unknown) =>
    new Promise<T>((resolve) => {
      holder.once('message', (answer) => resolve(answer as T));
      holder.send(message as string);
    });
  return {
    open: (port: number, streamPath: string, count: number) =>
      ask<{ opened: number; refused: Record<string, number> }>({ open: { port, path: streamPath, count } }),
    count: () => ask<{ open: number; events: number }>('count'),
  };
}

/** CPU seconds a process used so far (Linux; 0 elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const asTestServer = (db: unknown) => ({ deps: { db } }) as unknown as TestServer;

async function jobStatus(server: ChildServer, adminId: string, jobId: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/rest/messageservice/v1/runningdinner/${adminId}/messagejobs/${jobId}`);
  return ((await res.json()) as { sendingStatus: string }).sendingStatus;
}

const began = performance.now();
console.log(
  `sse-fanout: ${STREAMS.toLocaleString('en')} streams on one event, ${CONNECTIONS} connections on another event's page, on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'})`,
);
let idle: Latency;
let during: Latency;
let job: { seconds: number; eventsPerStream: number; streamsLeft: number; serverCpu: number };
try {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-fanout-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startChildServer(
    { SSE_STREAMS_PER_CLIENT: String(Math.max(STREAMS, 1)), SSE_STREAMS_MAX: String(Math.max(STREAMS, 1)) },
    { dataDir },
  );
  cleanups.push(() => server.stop());

  const followed = (await createDinner(server)).runningDinner;
  const other = (await createDinner(server)).runningDinner;
  const pageUrl = `${server.baseUrl}/rest${publicPath(other.publicSettings.publicDinnerId)}`;
  await server.withDatabase(async (db) => {
    const dinner = await db
      .selectFrom('running_dinner')
      .select('id')
      .where('admin_id', '=', followed.adminId)
      .executeTakeFirstOrThrow();
    await insertParticipants(asTestServer(db), dinner.id, RECIPIENTS);
    // Confirmed by its organiser: only then may it send mail.
    await db
      .updateTable('running_dinner')
      .set({ acknowledged_at: new Date().toISOString() })
      .where('id', '=', dinner.id)
      .execute();
  });

  const holder = startHolder();
  const opened = await holder.open(
    server.port,
    `/sse/messageservice/v1/runningdinner/${followed.adminId}/messagejobs`,
    STREAMS,
  );
  if (opened.opened !== STREAMS)
    throw new Error(`only ${opened.opened} of ${STREAMS} streams opened: ${JSON.stringify(opened.refused)}`);

  await pageLoad(pageUrl, 2).result;
  idle = await pageLoad(pageUrl, IDLE_SECONDS).result;

  const load = pageLoad(pageUrl, 600);
  const started = performance.now();
  const cpuBefore = cpuSeconds(server.child.pid);
  const sent = await fetch(
    `${server.baseUrl}/rest/messageservice/v1/runningdinner/${followed.adminId}/mails/participant`,
    {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        subject: 'News',
        message: 'Dear {firstname}, see you soon.',
        participantSelection: 'ALL',
      }),
    },
  );
  if (sent.status !== 201) throw new Error(`the message job answered ${sent.status}: ${await sent.text()}`);
  const { id: jobId } = (await sent.json()) as { id: string };
  while ((await jobStatus(server, followed.adminId, jobId)) !== 'SENDING_FINISHED')
    await new Promise((resolve) => setTimeout(resolve, 250));
  load.stop();
  during = await load.result;
  const { open, events } = await holder.count();
  job = {
    seconds: (performance.now() - started) / 1000,
    eventsPerStream: events / STREAMS,
    streamsLeft: open,
    serverCpu: cpuSeconds(server.child.pid) - cpuBefore,
  };
} finally {
  await cleanUp();
}

const ratio = during.p99 / Math.max(idle.p99, 1);
console.log(`\n| ${STREAMS.toLocaleString('en')} streams on one event | p99 ms | requests | failed |`);
console.log('|---|---:|---:|---:|');
console.log(`| another event's page, idle | ${idle.p99} | ${idle.requests} | ${idle.failed} |`);
console.log(
  `| the same during a ${RECIPIENTS}-mail job (${job.seconds.toFixed(0)} s) | ${during.p99} | ${during.requests} | ${during.failed} |`,
);
console.log(
  `\nsse-fanout: p99 during the job is ${ratio.toFixed(1)} × idle (target ≤ 3); each stream got ${job.eventsPerStream.toFixed(0)} events on average, ${job.streamsLeft} of ${STREAMS} streams were still open at the end; the server used ${job.serverCpu.toFixed(1)} s of CPU during the job (the page requests included)`,
);
console.log(`sse-fanout: ${Math.round((performance.now() - began) / 1000)} s in all, set-up included`);
if (ratio > 3 || idle.failed > 0 || during.failed > 0) process.exit(1);
