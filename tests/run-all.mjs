#!/usr/bin/env node
// `npm test`: makes sure Debian's Chromium is there, runs the lint (Biome and the import rules), builds, runs every
// vitest and Playwright test and ends with one plain line "N passed, N failed" that counts all of them (a failed lint
// counts as one failed test).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && run('sh', ['-c', 'apt-get update && apt-get install -y chromium']) === 0 && existsSync(CHROMIUM)) return;
  console.error(`The browser tests need Debian's Chromium at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium`);
  process.exit(1);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

ensureChromium();
const lintFailed = run('npm', ['run', 'lint', '--silent']) === 0 ? 0 : 1;
if (lintFailed) console.error('The lint failed (npm run lint): see above. The tests run all the same.');
if (run('npm', ['run', 'build', '--silent']) !== 0) {
  console.log(`0 passed, ${1 + lintFailed} failed (the build failed${lintFailed ? ', and the lint' : ''})`);
  process.exit(1);
}
const out = mkdtempSync(path.join(tmpdir(), 'rd-test-'));
const vitestJson = path.join(out, 'vitest.json');
const playwrightJson = path.join(out, 'playwright.json');

const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], { NO_COLOR: '1' });
const playwrightStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });

const vitest = readJson(vitestJson);
const playwright = readJson(playwrightJson);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
let failed = lintFailed + (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
// A runner that crashed before writing its report still fails the run.
if (vitestStatus !== 0 && (vitest?.numFailedTests ?? 0) === 0) failed += 1;
if (playwrightStatus !== 0 && (playwright?.stats?.unexpected ?? 0) === 0) failed += 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
