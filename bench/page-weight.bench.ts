import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// npm run bench, second part: how much JavaScript a phone fetches for the landing page and for the public event
// page until its registration form can be filled in. Builds the app, runs the browser test that guards the
// budget (tests/e2e/page-weight.spec.ts, Chromium against the built server) and prints what it measured: per page
// the number of scripts, the bytes as sent (brotli, as Chromium takes it), with gzip only, and uncompressed.

interface File {
  path: string;
  encoding: string;
  transferred: number;
  gzip: number;
  size: number;
}
interface Figures {
  page: string;
  scripts: number;
  transferred: number;
  gzip: number;
  uncompressed: number;
  files: File[];
}

const run = (command: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', env: { ...process.env, ...env } });

const built = run('npm', ['run', 'build', '--silent']);
if (built.status !== 0) {
  console.error(built.stdout, built.stderr, '\nThe build failed: no page weights.');
  process.exit(1);
}

const dir = mkdtempSync(path.join(tmpdir(), 'rd-page-weight-'));
const report = path.join(dir, 'report.jsonl');
const test = run('npx', ['playwright', 'test', 'tests/e2e/page-weight.spec.ts', '--reporter=line'], {
  PAGE_WEIGHT_REPORT: report,
});
let pages: Figures[] = [];
try {
  pages = readFileSync(report, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Figures);
} catch {
  // No report: the test's output below says why.
}
rmSync(dir, { recursive: true, force: true });

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`.padStart(9);
console.log('\nJavaScript per page (until the page is usable; budget 150 kB as sent)');
console.log(`${'page'.padEnd(46)} scripts   as sent  gzip only  uncompressed`);
for (const page of pages) {
  const encodings = [...new Set(page.files.map((f) => f.encoding))].join('/');
  console.log(
    `${page.page.padEnd(46)} ${String(page.scripts).padStart(7)} ${kB(page.transferred)} ${kB(page.gzip)}  ${kB(page.uncompressed)}   (${encodings})`,
  );
  const largest = [...page.files].sort((a, b) => b.transferred - a.transferred).slice(0, 5);
  console.log(
    `${''.padEnd(46)} largest: ${largest.map((f) => `${path.basename(f.path)} ${(f.transferred / 1000).toFixed(1)}`).join(', ')}`,
  );
}
if (test.status !== 0 || pages.length === 0) {
  console.error(`\nThe page weight test failed:\n${test.stdout}${test.stderr}`);
  process.exit(1);
}
