import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { NewParticipant } from '../db/schema.js';
import { addDays, todayIn } from '../domain/local-dates.js';
import { loadConfig } from '../server/config.js';
import { start } from '../server/main.js';
import { confirmedRow, formColumns, insertParticipantRows } from '../tests/support/participant-rows.js';
import { freePort } from '../tests/support/test-server.js';

// npm run bench: how long generating teams and dinner routes takes (through the worker pool, with the database
// save, measured as the organiser's request) for growing dinners, and the latency of GETs to the API while idle
// and while the largest dinner is generated again and again. The GETs come from another thread, so a blocked
// server shows in them. A p99 needs far more than 100 samples (else it is the maximum): both phases run until
// MIN_SAMPLES GETs are in, within a time limit, and print how many they got.

const SIZES = [90, 300, 1_500, 3_000];
const RUNS = 3;
const GET_CONCURRENCY = 4;
/** GETs per phase (idle, under load): with 1,000, the p99 is the 10th slowest, not the slowest. */
const MIN_SAMPLES = 1_000;
/** At least this many generations of the largest dinner under load, even if the GETs are in sooner. */
const MIN_BUSY_RUNS = 5;
/** Time limits per phase: the whole bench stays well under a minute. */
const IDLE_LIMIT_MS = 15_000;
const BUSY_LIMIT_MS = 30_000;

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-bench-'));
const config = loadConfig({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: baseUrl,
  GUESS_LIMIT_PER_MINUTE: '1000000',
  MAILS_PER_RECIPIENT_PER_HOUR: '1000000',
  EVENT_CREATIONS_PER_CLIENT_PER_HOUR: '1000000',
});
const log = console.log;
console.log = () => undefined; // the server's start-up line
const running = await start(config, { clientDir: dataDir });
console.log = log;
const { db, workers } = running.deps;

/** Time spent in the pool per task, measured around the service's call. */
const poolTimes: number[] = [];
const runInPool = workers.run;
workers.run = async (task, owner) => {
  const started = performance.now();
  try {
    return await runInPool(task, owner);
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

const template = formColumns({
  lastname: 'Gast',
  street: 'Hauptstraße',
  streetNr: '1',
  zip: '79098',
  cityName: 'Freiburg',
});

/** A 3-meal dinner with `count` confirmed participants around Freiburg; answers its admin id. */
async function dinnerOf(count: number): Promise<string> {
  const date = addDays(todayIn('Europe/Berlin'), 30);
  const { runningDinner } = await api('POST', '/wizardservice/v1/create', {
    email: 'bench@example.org',
    runningDinnerType: 'STANDARD',
    basicDetails: {
      title: `Bench ${count}`,
      city: 'Freiburg',
      zip: '79098',
      date,
      registrationType: 'CLOSED',
      languageCode: 'de',
    },
    options: {
      teamSize: 2,
      meals: ['Vorspeise', 'Hauptgang', 'Nachspeise'].map((label, i) => ({ label, time: `${date}T${19 + 2 * i}:00` })),
      forceEqualDistributedCapacityTeams: true,
      genderAspects: 'FORCE_GENDER_MIX',
      considerShortestPaths: false,
      teamPartnerWishDisabled: false,
    },
    publicSettings: null,
    contract: {
      fullname: 'Bench',
      streetWithNr: 'Hauptstraße 1',
      zip: '79098',
      city: 'Freiburg',
      email: 'bench@example.org',
      newsletterEnabled: false,
    },
    afterPartyLocation: null,
  });
  const { id } = await db
    .selectFrom('running_dinner')
    .select('id')
    .where('admin_id', '=', runningDinner.adminId)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const rows: NewParticipant[] = Array.from({ length: count }, (_, i) => ({
    ...confirmedRow(id, i + 1, template, now, 'de'),
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

/** One generation (POST) or regeneration (PUT) as the organiser's request; the pool's share summed over its tasks. */
async function generation(method: 'POST' | 'PUT', adminId: string) {
  const tasksBefore = poolTimes.length;
  const started = performance.now();
  const answer = await api(method, `/teamservice/v1/runningdinner/${adminId}`);
  const total = performance.now() - started;
  const pool = poolTimes.slice(tasksBefore).reduce((sum, t) => sum + t, 0);
  return { total, pool, main: total - pool, teams: answer.teams.length as number };
}

/** Generates (then regenerates) the teams of the dinner RUNS times; the times of each run. */
async function timeGeneration(adminId: string) {
  const runs: Awaited<ReturnType<typeof generation>>[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await generation(run === 0 ? 'POST' : 'PUT', adminId));
  return runs;
}

/** Wall-clock milliseconds, comparable with the GET client's thread. */
const wallClock = () => performance.timeOrigin + performance.now();

/**
 * GETs from another thread while `during` runs; `during` is told how many GETs are done so far. Answers the
 * [start, end] (wall clock) of each GET.
 */
async function getsDuring(url: string, during: (done: () => number) => Promise<unknown>): Promise<[number, number][]> {
  const counter = new SharedArrayBuffer(4);
  const done = new Int32Array(counter);
  const client = new Worker(new URL('./get-latency.worker.mjs', import.meta.url), {
    workerData: { url, concurrency: GET_CONCURRENCY, counter },
  });
  const failed = new Promise<never>((_, reject) => client.once('error', reject));
  await Promise.race([new Promise((resolve) => client.once('message', resolve)), failed]);
  await Promise.race([during(() => Atomics.load(done, 0)), failed]);
  const samples = new Promise<[number, number][]>((resolve) => client.once('message', resolve));
  client.postMessage('stop');
  const result = await Promise.race([samples, failed]);
  await client.terminate();
  return result;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

try {
  // The first task starts a pool thread; the sizes below measure generation, not thread start-up.
  await timeGeneration(await dinnerOf(18));

  log(`Team generation with dinner routes: the organiser's request (POST, then PUT twice), median of ${RUNS} runs`);
  log('  request      = the whole request as the organiser waits for it');
  log('  worker pool  = of it, the generation task in the Piscina pool (with the hand-over to and from it)');
  log('  main thread  = the rest: reading the participants, saving the plan in one transaction, the JSON answer\n');
  log('| participants | teams | runs | request | worker pool | main thread |');
  log('|---:|---:|---:|---:|---:|---:|');
  const adminIds = new Map<number, string>();
  for (const size of SIZES) {
    const adminId = await dinnerOf(size);
    adminIds.set(size, adminId);
    const runs = await timeGeneration(adminId);
    const column = (key: 'total' | 'pool' | 'main') => ms(median(runs.map((r) => r[key])));
    log(
      `| ${size.toLocaleString('en')} | ${runs[0].teams.toLocaleString('en')} | ${runs.length} | ${column('total')} | ${column('pool')} | ${column('main')} |`,
    );
  }

  const getUrl = `${baseUrl}/rest/teamservice/v1/runningdinner/${adminIds.get(90)}`;
  const largest = SIZES.at(-1)!;
  const largestId = adminIds.get(largest)!;

  const idleStarted = performance.now();
  const idle = await getsDuring(getUrl, async (done) => {
    while (done() < MIN_SAMPLES && performance.now() - idleStarted < IDLE_LIMIT_MS) await sleep(20);
  });
  const idleSeconds = (performance.now() - idleStarted) / 1000;

  // Regenerations back to back; only GETs that overlap one of them count as under load.
  const busyRuns: { start: number; end: number; total: number }[] = [];
  // The longest the main thread was held at a time (saving a plan, its answer), in the server's own thread.
  const mainThreadDelay = monitorEventLoopDelay({ resolution: 1 });
  mainThreadDelay.enable();
  const busyStarted = performance.now();
  const busySamples = await getsDuring(getUrl, async (done) => {
    while (
      busyRuns.length < MIN_BUSY_RUNS ||
      (done() < MIN_SAMPLES && performance.now() - busyStarted < BUSY_LIMIT_MS)
    ) {
      const start = wallClock();
      const { total } = await generation('PUT', largestId);
      busyRuns.push({ start, end: wallClock(), total });
    }
  });
  const busySeconds = (performance.now() - busyStarted) / 1000;
  mainThreadDelay.disable();
  const overlapsRun = ([start, end]: [number, number]) => busyRuns.some((run) => start < run.end && end > run.start);
  const busy = busySamples.filter(overlapsRun);

  const latencies = (samples: [number, number][]) => samples.map(([start, end]) => end - start);
  log(
    `\nLatency of a GET of a 90-participant dinner's teams (${GET_CONCURRENCY} clients in a loop on another thread)\n`,
  );
  log(`  idle:       ${idle.length.toLocaleString('en')} GETs in ${idleSeconds.toFixed(1)} s`);
  log(
    `  under load: ${busy.length.toLocaleString('en')} GETs during ${busyRuns.length} back-to-back regenerations (PUT) of ${largest.toLocaleString('en')} participants in ${busySeconds.toFixed(1)} s ` +
      `(≈${(busy.length / busyRuns.length).toFixed(0)} GETs per regeneration; regeneration median ${ms(median(busyRuns.map((r) => r.total)))}; ` +
      `${busySamples.length - busy.length} GETs outside the regenerations not counted)`,
  );
  for (const [label, samples] of [
    ['idle', idle],
    ['under load', busy],
  ] as const) {
    if (samples.length < MIN_SAMPLES)
      log(`  WARNING: ${label} has only ${samples.length} GETs (wanted ${MIN_SAMPLES}): its p99 is rough`);
  }
  log('');
  log('| while | GETs | p50 | p99 | max |');
  log('|---|---:|---:|---:|---:|');
  for (const [label, samples] of [
    ['idle', idle],
    [`generating ${largest.toLocaleString('en')} participants`, busy],
  ] as const) {
    const values = latencies(samples);
    log(
      `| ${label} | ${values.length.toLocaleString('en')} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 99))} | ${ms(Math.max(...values))} |`,
    );
  }
  log(
    `\nLongest main-thread block during the regenerations of ${largest.toLocaleString('en')} participants: ${ms(mainThreadDelay.max / 1e6)}`,
  );
} finally {
  await running.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
