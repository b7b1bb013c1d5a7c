import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// `npm start` builds only when the build's inputs changed (scripts/build-if-changed.mjs): a restart of an unchanged
// install goes straight to the server. Run here in a project of its own whose `npm run build` counts its runs.

const script = fileURLToPath(new URL('../../scripts/build-if-changed.mjs', import.meta.url));
let project: string;

const BUILD = `const fs = require('node:fs');
fs.appendFileSync('builds.txt', 'built\\n');
if (fs.existsSync('fail-build')) process.exit(3);
fs.mkdirSync('dist/server', { recursive: true });
fs.writeFileSync('dist/server/main.js', '');
`;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
  writeFileSync(path.join(project, file), text);
}

function start() {
  const run = spawnSync(process.execPath, [script], { cwd: project, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, output: run.stdout + run.stderr };
}

const builds = () => readFileSync(path.join(project, 'builds.txt'), 'utf8').split('\n').filter(Boolean).length;

beforeEach(() => {
  project = mkdtempSync(path.join(tmpdir(), 'rd-start-build-'));
  write('package.json', JSON.stringify({ name: 'p', private: true, scripts: { build: 'node build.cjs' } }));
  write('build.cjs', BUILD);
  write('server/main.ts', 'export {};\n');
  write('client/app.tsx', 'export {};\n');
  write('locales/de/messages.po', 'msgid "a"\nmsgstr "b"\n');
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

describe('npm start builds only what changed', () => {
  it('builds the first time and not again while nothing changed', () => {
    expect(start().status).toBe(0);
    const second = start();
    expect(second.status).toBe(0);
    expect(second.output).toContain('up to date');
    expect(builds()).toBe(1);
  });

  it('builds again after a source or a catalog changed', () => {
    start();
    write('server/main.ts', 'export const changed = 1;\n');
    start();
    write('locales/de/messages.po', 'msgid "a"\nmsgstr "c"\n');
    start();
    expect(builds()).toBe(3);
  });

  it('does not count what the build writes itself (compiled catalogs) nor tests beside the code as inputs', () => {
    start();
    write('locales/de/messages.ts', 'export const messages = {};\n');
    write('server/main.test.ts', 'export {};\n');
    start();
    expect(builds()).toBe(1);
  });

  it('builds again when the built server is missing', () => {
    start();
    rmSync(path.join(project, 'dist/server/main.js'));
    start();
    expect(builds()).toBe(2);
  });

  it('a failed build fails the start, and the next start builds again even with the inputs of an earlier build', () => {
    start();
    write('server/main.ts', 'export const broken = ;\n');
    write('fail-build', '');
    expect(start().status).toBe(3);
    rmSync(path.join(project, 'fail-build'));
    write('server/main.ts', 'export {};\n');
    expect(start().status).toBe(0);
    expect(builds()).toBe(3);
  });
});
