import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { NewParticipant } from '../db/schema.js';
import { loadConfig } from '../server/config.js';
import { start } from '../server/main.js';
import { addDays, todayIn } from '../server/lib/local-dates.js';
import { confirmedRow, formColumns, insertParticipantRows } from '../tests/support/participant-rows.js';
import { freePort } from '../tests/support/test-server.js';

// npm run bench: how long generating teams and dinner routes takes (through the worker pool, with the database
// save, measured as the organiser's request) for growing dinners, and the latency of GETs to the API while the
// largest dinner is generated. The GETs come from another thread, so a blocked server shows in them.

const SIZES = [90, 300, 1_500, 3_000];
const RUNS = 3;
const GET_CONCURRENCY = 4;
const BASELINE_MS = 1_000;
/** Generations of the largest dinner while the GETs run: enough GETs for a p99. */
const BUSY_RUNS = 5;

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-bench-'));
const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, GUESS_LIMIT_PER_MINUTE: '1000000' });
const log = console.log;
console.log = () => undefined; // the server's start-up line
const running = await start(config, { clientDir: dataDir });
console.log = log;
const { db, workers } = running.deps;

/** Time spent in the pool per task, measured around the service's call. */
const poolTimes: number[] = [];
const runInPool = workers.run;
workers.run = async (task) => {
  const started = performance.now();
  try {
    return await runInPool(task);
  } finally {
    poolTimes.push(performance.now() - started);
  }
};

async function api(method: string, suffix: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/rest${suffix}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${suffix} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

const template = formColumns({ lastname: 'Gast', street: 'Hauptstraße', streetNr: '1', zip: '79098', cityName: 'Freiburg' });

/** A 3-meal dinner with `count` confirmed participants around Freiburg; answers its admin id. */
async function dinnerOf(count: number): Promise<string> {
  const date = addDays(todayIn('Europe/Berlin'), 30);
  const { runningDinner } = await api('POST', '/wizardservice/v1/create', {
    email: 'bench@example.org',
    runningDinnerType: 'STANDARD',
    basicDetails: { title: `Bench ${count}`, city: 'Freiburg', zip: '79098', date, registrationType: 'CLOSED', languageCode: 'de' },
    options: {
      teamSize: 2,
      meals: ['Vorspeise', 'Hauptgang', 'Nachspeise'].map((label, i) => ({ label, time: `${date}T${19 + 2 * i}:00` })),
      forceEqualDistributedCapacityTeams: true,
      genderAspects: 'FORCE_GENDER_MIX',
      considerShortestPaths: false,
      teamPartnerWishDisabled: false,
    },
    publicSettings: null,
    contract: { fullname: 'Bench', streetWithNr: 'Hauptstraße 1', zip: '79098', city: 'Freiburg', email: 'bench@example.org', newsletterEnabled: false },
    afterPartyLocation: null,
  });
  const { id } = await db.selectFrom('running_dinner').select('id').where('admin_id', '=', runningDinner.adminId).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const rows: NewParticipant[] = Array.from({ length: count }, (_, i) => ({
    ...confirmedRow(id, i + 1, template, now),
    firstname_part: `Gast${i + 1}`,
    email: `gast${i + 1}@example.org`,
    gender: i % 3 === 0 ? 'FEMALE' : i % 3 === 1 ? 'MALE' : 'UNDEFINED',
    num_seats: i % 4 === 0 ? -1 : i % 2 === 0 ? 8 : 4,
    // Every tenth pair named each other.
    team_partner_wish_email: i % 20 === 0 ? `gast${i + 2}@example.org` : i % 20 === 1 ? `gast${i}@example.org` : null,
    lat: 47.99 + Math.sin(i) * 0.05,
    lng: 7.85 + Math.cos(i * 1.3) * 0.07,
  }));
  await insertParticipantRows(db, rows);
  return runningDinner.adminId;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Generates (then regenerates) the teams of the dinner RUNS times; the times of each run. */
async function timeGeneration(adminId: string) {
  const runs: { total: number; pool: number; teams: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const answer = await api(run === 0 ? 'POST' : 'PUT', `/teamservice/v1/runningdinner/${adminId}`);
    runs.push({ total: performance.now() - started, pool: poolTimes.at(-1)!, teams: answer.teams.length });
  }
  return runs;
}

/** GETs from another thread for as long as `during` runs; their latencies. */
async function latenciesDuring(url: string, during: () => Promise<unknown>): Promise<number[]> {
  const client = new Worker(new URL('./get-latency.worker.mjs', import.meta.url), { workerData: { url, concurrency: GET_CONCURRENCY } });
  await new Promise((resolve) => client.once('message', resolve));
  await during();
  const latencies = new Promise<number[]>((resolve, reject) => {
    client.once('message', resolve);
    client.once('error', reject);
  });
  client.postMessage('stop');
  const result = await latencies;
  await client.terminate();
  return result;
}

try {
  // The first task starts a pool thread; the sizes below measure generation, not thread start-up.
  await timeGeneration(await dinnerOf(18));

  log(`Team generation and dinner routes, ${RUNS} runs each (median): the organiser's request, of it the worker pool, the rest on the main thread (database save)\n`);
  log('| participants | teams | request | in the pool | main thread |');
  log('|---:|---:|---:|---:|---:|');
  const adminIds = new Map<number, string>();
  for (const size of SIZES) {
    const adminId = await dinnerOf(size);
    adminIds.set(size, adminId);
    const runs = await timeGeneration(adminId);
    const total = median(runs.map((r) => r.total));
    const pool = median(runs.map((r) => r.pool));
    log(`| ${size.toLocaleString('en')} | ${runs[0].teams} | ${ms(total)} | ${ms(pool)} | ${ms(total - pool)} |`);
  }

  const getUrl = `${baseUrl}/rest/teamservice/v1/runningdinner/${adminIds.get(90)}`;
  const idle = await latenciesDuring(getUrl, () => new Promise((resolve) => setTimeout(resolve, BASELINE_MS)));
  const largest = SIZES.at(-1)!;
  const busy = await latenciesDuring(getUrl, async () => {
    for (let run = 0; run < BUSY_RUNS; run++) await api('PUT', `/teamservice/v1/runningdinner/${adminIds.get(largest)}`);
  });
  log(`\nGET of a 90-participant dinner's teams (${GET_CONCURRENCY} clients on another thread)\n`);
  log('| while | GETs | p50 | p99 | max |');
  log('|---|---:|---:|---:|---:|');
  for (const [label, values] of [
    ['idle', idle],
    [`generating ${largest.toLocaleString('en')} participants (${BUSY_RUNS}× in a row)`, busy],
  ] as const) {
    log(`| ${label} | ${values.length} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 99))} | ${ms(Math.max(...values))} |`);
  }
} finally {
  await running.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
