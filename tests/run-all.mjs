#!/usr/bin/env node
// `npm test`: makes sure Debian's Chromium is there (and PostgreSQL and nginx, installed as root when missing), runs
// the lint (Biome and the import rules), builds, runs every vitest and Playwright test on SQLite and then again on a
// private PostgreSQL cluster, and ends with one plain line "N passed, N failed" that counts all of them (a failed lint
// counts as one failed test). Without PostgreSQL and without root it says what to install and runs the SQLite suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensurePostgresInstalled, freshDatabaseUrl, startPostgresCluster } from './support/postgres-cluster.mjs';

const CHROMIUM = '/usr/bin/chromium';
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && run('sh', ['-c', 'apt-get update && apt-get install -y chromium']) === 0 && existsSync(CHROMIUM))
    return;
  console.error(
    `The browser tests need Debian's Chromium at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium`,
  );
  process.exit(1);
}

const isRoot = process.getuid?.() === 0;

/** nginx, for the compose topology test (tests/startup/compose-topology.test.ts); the test says so when it is missing. */
function ensureNginx() {
  if (existsSync('/usr/sbin/nginx') || !isRoot) return;
  run('sh', ['-c', 'apt-get update && apt-get install -y nginx-light']);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

ensureChromium();
ensureNginx();
const withPostgres = ensurePostgresInstalled();
if (!withPostgres) {
  console.error(
    "PostgreSQL is not installed, so the suite runs on SQLite only. To run it on PostgreSQL too, install Debian's server:\n  sudo apt-get update && sudo apt-get install -y postgresql",
  );
}
const lintFailed = run('npm', ['run', 'lint', '--silent']) === 0 ? 0 : 1;
if (lintFailed) console.error('The lint failed (npm run lint): see above. The tests run all the same.');
if (run('npm', ['run', 'build', '--silent']) !== 0) {
  console.log(`0 passed, ${1 + lintFailed} failed (the build failed${lintFailed ? ', and the lint' : ''})`);
  process.exit(1);
}
const out = mkdtempSync(path.join(tmpdir(), 'rd-test-'));

/** One run of both test runners on one database; answers its counts. */
async function runSuite(name, env) {
  console.log(`\n=== the suite on ${name} ===`);
  const vitestJson = path.join(out, `vitest-${name}.json`);
  const playwrightJson = path.join(out, `playwright-${name}.json`);
  const vitestStatus = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    { NO_COLOR: '1', ...env },
  );
  const playwrightStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    ...env,
  });
  const vitest = readJson(vitestJson);
  const playwright = readJson(playwrightJson);
  const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
  let failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
  // A runner that crashed before writing its report still fails the run.
  if (vitestStatus !== 0 && (vitest?.numFailedTests ?? 0) === 0) failed += 1;
  if (playwrightStatus !== 0 && (playwright?.stats?.unexpected ?? 0) === 0) failed += 1;
  console.log(`on ${name}: ${passed} passed, ${failed} failed`);
  return { passed, failed };
}

const results = [await runSuite('SQLite', {})];
if (withPostgres) results.push(await runOnPostgres());

/** The suite again on a private cluster; a cluster that does not start counts as one failed test. */
async function runOnPostgres() {
  let cluster;
  try {
    cluster = await startPostgresCluster();
    // The API tests make a database each; the browser tests' server gets one of its own.
    return await runSuite('PostgreSQL', {
      TEST_POSTGRES_URL: cluster.url,
      E2E_DATABASE_URL: await freshDatabaseUrl(cluster.url),
    });
  } catch (error) {
    console.error(`The PostgreSQL run could not start its cluster: ${error.message}`);
    return { passed: 0, failed: 1 };
  } finally {
    cluster?.stop();
  }
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = lintFailed + results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
