import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { type ChildServer, startChildServer } from '../tests/support/child-server.js';
import { createDinner, publicPath, registrationForm } from '../tests/support/factories.js';
import { freshPostgresDatabase } from '../tests/support/postgres.js';
import { postgresBinDir, startPostgresCluster } from '../tests/support/postgres-cluster.mjs';

// npm run bench, last part: requests per second and p99 latency of the public event page and of registration under
// load, on SQLite with one instance and on PostgreSQL with two instances sharing one database. The built server
// (dist/, which page-weight.bench.ts builds earlier in `npm run bench`) runs as child processes with the test
// suite's relaxed limits, no geocoder and mail to the outbox; autocannon runs in this process. Each configuration
// gets one new public event; the event page is the JSON the public page loads (GET /rest/frontend/v1/runningdinner/
// <publicDinnerId>), registration is POST …/register with a new e-mail address for every request. 50 connections:
// with two instances two autocannon runs at once with 25 connections each, req/s summed and the worse p99 taken.
// req/s counts answered 2xx only; any other answer, connection error or timeout fails the bench (exit 1).

const MAIN = new URL('../dist/server/main.js', import.meta.url).pathname;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.LOAD_SECONDS ?? '20');
/** Each configuration's endpoints are warmed up this long first (not counted). */
const WARM_UP_SECONDS = Math.min(2, SECONDS);

if (!Number.isFinite(SECONDS) || SECONDS <= 0) {
  console.error(`load: LOAD_SECONDS must be a positive number of seconds, not "${process.env.LOAD_SECONDS}"`);
  process.exit(1);
}
if (!existsSync(MAIN)) {
  console.error(
    `load: the built server ${MAIN} is missing: run \`npm run build\` first (\`npm run bench\` builds it in its page-weight part).`,
  );
  process.exit(1);
}

type Request = autocannon.Request;

// Ctrl-C or SIGTERM: the running load stops, the next step throws, and the clean-up below runs as on any failure.
let interrupted = false;
const running = new Set<autocannon.Instance>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`load: ${signal}, stopping the servers and the cluster`);
    for (const instance of running) instance.stop();
  });
}
function stopIfInterrupted() {
  if (interrupted) throw new Error('interrupted');
}

interface Measurement {
  /** 2xx answers per second, summed over the instances. */
  rps: number;
  /** The worse p99 of the instances, in ms. */
  p99: number;
  ok: number;
  failed: number;
  /** Sent and not answered with an error status (answered 2xx, or still open when the run ended, or timed out). */
  notRefused: number;
  /** What failed: status codes, connection errors, timeouts. */
  failures: Record<string, number>;
  seconds: number;
}

/** One autocannon run per server at once, the connections split between them. */
async function load(servers: ChildServer[], request: Request, seconds: number): Promise<Measurement> {
  stopIfInterrupted();
  const connections = Math.floor(CONNECTIONS / servers.length);
  const instances = servers.map((s) =>
    autocannon({ url: s.baseUrl, connections, duration: seconds, requests: [{ ...request }] }),
  );
  for (const instance of instances) running.add(instance);
  const results = await Promise.all(instances).finally(() => {
    for (const instance of instances) running.delete(instance);
  });
  stopIfInterrupted();
  const failures: Record<string, number> = {};
  const add = (what: string, n: number) => {
    if (n > 0) failures[what] = (failures[what] ?? 0) + n;
  };
  for (const r of results) {
    for (const [code, { count }] of Object.entries(r.statusCodeStats))
      if (!code.startsWith('2')) add(`HTTP ${code}`, Number(count));
    add('timeouts', r.timeouts);
    add('connection errors', r.errors - r.timeouts);
  }
  return {
    rps: results.reduce((sum, r) => sum + r['2xx'] / r.duration, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    ok: results.reduce((sum, r) => sum + r['2xx'], 0),
    failed: Object.values(failures).reduce((a, b) => a + b, 0),
    notRefused: results.reduce((sum, r) => sum + r.requests.sent - r.non2xx, 0),
    failures,
    seconds: Math.max(...results.map((r) => r.duration)),
  };
}

/** Every registration needs its own address, across both instances' runs. */
let registrations = 0;

interface Figures {
  page: Measurement;
  registration: Measurement;
  /**
   * Registrations the event holds afterwards: at least those answered 2xx, at most those also sent but not refused
   * (autocannon stops with requests still open, which the server may have stored). Warm-up included.
   */
  stored: number;
  answered: number;
  notRefused: number;
}

async function measure(servers: ChildServer[]): Promise<Figures> {
  const { runningDinner } = await createDinner(servers[0]);
  const { publicDinnerId } = runningDinner.publicSettings;
  const pagePath = `/rest${publicPath(publicDinnerId)}`;
  for (const s of servers) {
    const res = await fetch(`${s.baseUrl}${pagePath}`);
    if (res.status !== 200) throw new Error(`${s.baseUrl}${pagePath} answered ${res.status}: ${await res.text()}`);
  }
  const page: Request = { method: 'GET', path: pagePath, headers: { 'Accept-Language': 'de' } };
  const register: Request = {
    method: 'POST',
    path: `/rest${publicPath(publicDinnerId, '/register')}`,
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'de' },
    setupRequest(request) {
      registrations += 1;
      request.body = JSON.stringify(
        registrationForm({ firstnamePart: `Gast${registrations}`, email: `gast${registrations}@load.example.org` }),
      );
      return request;
    },
  };
  await load(servers, page, WARM_UP_SECONDS);
  const warmUp = await load(servers, register, WARM_UP_SECONDS);
  const figures = { page: await load(servers, page, SECONDS), registration: await load(servers, register, SECONDS) };
  const list = await fetch(
    `${servers[0].baseUrl}/rest/participantservice/v1/runningdinner/${runningDinner.adminId}/participants`,
  );
  if (list.status !== 200) throw new Error(`the participant list answered ${list.status}: ${await list.text()}`);
  const { participants, participantsWaitingList, unconfirmedParticipants } = (await list.json()) as Record<
    string,
    unknown[]
  >;
  const stored = participants.length + participantsWaitingList.length + unconfirmedParticipants.length;
  return {
    ...figures,
    stored,
    answered: warmUp.ok + figures.registration.ok,
    notRefused: warmUp.notRefused + figures.registration.notRefused,
  };
}

// ---- run, and clean up whatever happens ----

const cleanups: (() => unknown)[] = [];
/** Runs the clean-up steps, last first. */
async function cleanUp(): Promise<void> {
  for (let step = cleanups.pop(); step; step = cleanups.pop()) {
    try {
      await step();
    } catch (error) {
      console.error('load: clean-up step failed:', error);
    }
  }
}

async function started(env: Record<string, string> = {}): Promise<ChildServer> {
  stopIfInterrupted();
  // Our own data folder, so it goes even if the server never starts.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-load-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  // The registration load puts thousands of people into one event: its participant cap and its daily mail allowance
  // are lifted, so that what is measured is the server, not the refusal.
  const server = await startChildServer(
    { MAX_PARTICIPANTS_PER_EVENT: '1000000', MAIL_MAX_PER_EVENT_PER_DAY: '1000000', ...env },
    { dataDir },
  );
  cleanups.push(() => server.stop());
  stopIfInterrupted();
  return server;
}

const began = performance.now();
const cores = os.cpus().length;
console.log(
  `load: ${CONNECTIONS} connections, ${SECONDS} s per measurement after ${WARM_UP_SECONDS} s of warm-up, on ${cores} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}); autocannon, the server instances and PostgreSQL share them`,
);

let sqlite: Figures | undefined;
let postgres: Figures | undefined;
let postgresError: string | undefined;
try {
  sqlite = await measure([await started()]);
  await cleanUp();

  if (postgresBinDir() === undefined) {
    postgresError =
      "no PostgreSQL server here: PostgreSQL figures need Debian's postgresql (`apt-get install postgresql`)";
  } else {
    stopIfInterrupted();
    const cluster = await startPostgresCluster();
    cleanups.push(() => cluster.stop());
    stopIfInterrupted();
    const database = await freshPostgresDatabase(cluster.url);
    cleanups.push(() => database.drop());
    // One after the other: the first one migrates the new database.
    const first = await started({ DATABASE_URL: database.url });
    const second = await started({ DATABASE_URL: database.url });
    try {
      postgres = await measure([first, second]);
    } catch (error) {
      if (interrupted) throw error;
      postgresError = `PostgreSQL failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
} catch (error) {
  if (!interrupted) throw error;
} finally {
  await cleanUp();
}
if (interrupted) process.exit(130);

// ---- report ----

const cell = (m: Measurement | undefined, what: 'rps' | 'p99') => {
  if (!m) return '—';
  if (m.failed > 0) return what === 'rps' ? `FAILED ${m.failed} of ${m.failed + m.ok}` : '—';
  return what === 'rps' ? Math.round(m.rps).toLocaleString('en') : String(Math.round(m.p99));
};
const rows: [string, keyof Pick<Figures, 'page' | 'registration'>][] = [
  ['public event page (GET)', 'page'],
  ['registration (POST)', 'registration'],
];
console.log(
  `\n| ${CONNECTIONS} connections, ${SECONDS} s each | SQLite, 1 instance: req/s | p99 ms | PostgreSQL, 2 instances: req/s | p99 ms |`,
);
console.log('|---|---:|---:|---:|---:|');
for (const [label, key] of rows)
  console.log(
    `| ${label} | ${cell(sqlite?.[key], 'rps')} | ${cell(sqlite?.[key], 'p99')} | ${cell(postgres?.[key], 'rps')} | ${cell(postgres?.[key], 'p99')} |`,
  );
console.log('');

let failed = false;
for (const [name, figures] of [
  ['SQLite', sqlite],
  ['PostgreSQL', postgres],
] as const) {
  if (!figures) continue;
  for (const [label, key] of rows) {
    const m = figures[key];
    if (m.failed > 0) {
      failed = true;
      const what = Object.entries(m.failures).map(([k, n]) => `${n} × ${k}`);
      console.log(`load: ${name}, ${label}: ${m.failed} of ${m.failed + m.ok} requests failed (${what.join(', ')})`);
    }
  }
  const held = `the event holds ${figures.stored} registrations; ${figures.answered} were answered 2xx and ${figures.notRefused - figures.answered} more were sent without an answer before a run ended (warm-up included)`;
  if (figures.stored < figures.answered || figures.stored > figures.notRefused) {
    failed = true;
    console.log(`load: ${name}: wrong count: ${held}`);
  } else {
    console.log(`load: ${name}: ${held}`);
  }
}
if (postgresError) console.log(`load: ${postgresError}`);
console.log(`load: ${Math.round((performance.now() - began) / 1000)} s in all, set-up included`);
if (failed || (postgresError && !postgresError.startsWith('no PostgreSQL'))) process.exit(1);
