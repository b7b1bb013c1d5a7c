#!/usr/bin/env node
// `npm start`, before the server: runs `npm run build` only when the build's inputs changed since the last build that
// succeeded, so a restart of an unchanged install serves in a second or two instead of rebuilding the client. The
// inputs' fingerprint (a SHA-256 over every input file's path and content) is written to dist/ after the build; a
// missing or different fingerprint, or a missing dist/server/main.js, means build. Run in the project's root.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const INPUT_DIRS = ['client', 'contract', 'server', 'domain', 'db', 'workers', 'locales', 'scripts'];
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
  'lingui.config.ts',
];
/** What the build itself writes among the inputs (the compiled catalogs), and tests beside the code they test. */
const NOT_INPUT = /(^|\/)locales\/[^/]+\/messages\.ts$|\.test\.tsx?$/;
const FINGERPRINT = path.join('dist', '.inputs-sha256');
const BUILT = path.join('dist', 'server', 'main.js');

function inputFiles() {
  const inDirs = INPUT_DIRS.filter((dir) => existsSync(dir)).flatMap((dir) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name)),
  );
  return [...INPUT_FILES.filter((file) => existsSync(file)), ...inDirs]
    .filter((file) => !NOT_INPUT.test(file.split(path.sep).join('/')))
    .sort();
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of inputFiles()) hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

const current = fingerprint();
const built = existsSync(BUILT) && existsSync(FINGERPRINT) ? readFileSync(FINGERPRINT, 'utf8').trim() : undefined;
if (built === current) {
  console.log('running-dinner: the build is up to date (no input changed since the last build)');
} else {
  // Gone while the build runs: a build that fails half-way must not leave dist/ looking built for the old inputs.
  rmSync(FINGERPRINT, { force: true });
  const status = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' }).status ?? 1;
  if (status !== 0) process.exit(status);
  writeFileSync(FINGERPRINT, `${current}\n`);
}
