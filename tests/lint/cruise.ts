import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Runs the dependency-cruiser commands of `npm run lint`, in the real tree or in a tiny copy of its layout.

export const root = fileURLToPath(new URL('../..', import.meta.url));
const lintScript: string = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.lint;

/** The lint's depcruise command whose config is `config` (the first one without). */
export function lintCommand(config = '.dependency-cruiser.cjs'): string {
  const command = [...lintScript.matchAll(/depcruise [^;&]+/g)]
    .map((match) => match[0].trim())
    .find((c) => c.includes(`--config ${config} `));
  if (!command) throw new Error(`package.json: the lint script runs no depcruise command with --config ${config}`);
  return command;
}

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Runs `command` in `cwd` and returns its violations as `rule: from → to`. */
export function cruise(cwd: string, command: string): string[] {
  const result = spawnSync('sh', ['-c', `${command} --output-type json`], {
    cwd,
    encoding: 'utf8',
    // The report of the whole tree is more than spawnSync's default 1 MiB.
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}` },
  });
  if (!result.stdout.trim().startsWith('{'))
    throw new Error(`depcruise did not report (exit ${result.status}):\n${result.stderr}`);
  const violations: Violation[] = JSON.parse(result.stdout).summary.violations;
  return violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

const CONFIGS = [
  '.dependency-cruiser.cjs',
  'tests/lint/depcruise.babel.cjs',
  'tests/lint/depcruise.aliases.cjs',
  'tests/lint/depcruise.features.cjs',
];

/** A temp folder with the lint's configs and `files`. */
export function writeTree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rd-import-rules-'));
  for (const [file, source] of [
    ...CONFIGS.map((config) => [config, readFileSync(path.join(root, config), 'utf8')]),
    ...Object.entries(files),
  ]) {
    mkdirSync(path.dirname(path.join(dir, file!)), { recursive: true });
    writeFileSync(path.join(dir, file!), source!);
  }
  return dir;
}
