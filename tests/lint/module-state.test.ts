// No module of server/ but main.ts keeps state of its own at the top level (a `let`, or a new Map, Set, WeakMap,
// WeakSet, EventEmitter or AsyncLocalStorage): what a server holds is built in main.ts and passed in (Deps), so two
// servers in one process (the tests start many) share nothing by accident. UPPER_CASE names are constants.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './cruise.js';

/** Kept on purpose, and why. */
const ALLOWED: Record<string, string> = {
  'server/http/sse.ts frames':
    'a cache of each bus event serialised once, weakly keyed by the event: shared bytes, no state',
  'server/lib/stripe.ts clients': 'one Stripe client per configuration object, weakly keyed by it',
  'server/features/geocoding/nominatim.ts nextSlotAt':
    "the public geocoder's rate limit counts per machine: every server of the process waits its turn",
};

const TOP_LEVEL_STATE =
  /^(?:export )?(?:let (\w+)|(?:const|let) (\w+)(?:: [^=]+)? = new (?:Map|Set|WeakMap|WeakSet|EventEmitter|AsyncLocalStorage)\b)/gm;

/** `file name` of every top-level state in the TypeScript source `text`. */
function topLevelState(file: string, text: string): string[] {
  return [...text.matchAll(TOP_LEVEL_STATE)]
    .map((match) => match[1] ?? match[2])
    .filter((name) => !/^[A-Z0-9_]+$/.test(name!))
    .map((name) => `${file} ${name}`);
}

const serverModules = () =>
  readdirSync(path.join(root, 'server'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => file !== path.join('server', 'main.ts'));

describe('module-level state in server/', () => {
  it('is found in a planted module: a let, a registry and an emitter, not a constant', () => {
    const planted =
      "let stopping = false;\nexport const runs = new Map<string, number>();\nconst events = new EventEmitter();\nconst KINDS = new Set(['a']);\n";
    expect(topLevelState('server/x.ts', planted)).toEqual([
      'server/x.ts stopping',
      'server/x.ts runs',
      'server/x.ts events',
    ]);
  });

  it('is none outside main.ts but the allowed', () => {
    const found = serverModules().flatMap((file) =>
      topLevelState(file.split(path.sep).join('/'), readFileSync(path.join(root, file), 'utf8')),
    );
    expect(found.sort()).toEqual(Object.keys(ALLOWED).sort());
  });
});
