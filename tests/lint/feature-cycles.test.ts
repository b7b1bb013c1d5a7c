// The feature folders of server/features/ import each other in one direction only (tests/lint/depcruise.features.cjs,
// run by `npm run lint`): in a tiny copy of the layout a cycle between two folders through different files is
// reported, a one-way import and the composition root importing both are not; and the real tree passes.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cruise, lintCommand, root, writeTree } from './cruise.js';

const featureCycles = lintCommand('tests/lint/depcruise.features.cjs');

const oneWay: Record<string, string> = {
  'client/tsconfig.json': JSON.stringify({ compilerOptions: { paths: {} } }),
  'server/deps.ts': 'export interface Deps { db: string }\n',
  'server/app.ts':
    "import { b } from './features/b/b.service.js';\nimport { a } from './features/a/a.service.js';\nexport const app = [a, b];\n",
  'server/features/a/a.service.ts':
    "import type { Deps } from '../../deps.js';\nexport const a = (deps: Deps) => deps.db;\n",
  'server/features/a/a.queries.ts': 'export const rows = () => [];\n',
  'server/features/b/b.service.ts': "import { rows } from '../a/a.queries.js';\nexport const b = rows;\n",
};

describe('the feature folders', () => {
  it('may build on each other one way; a back-import through another file closes a cycle, which is reported', () => {
    const clean = writeTree(oneWay);
    const planted = writeTree({
      ...oneWay,
      'server/features/a/a.routes.ts': "import { b } from '../b/b.service.js';\nexport const routes = b;\n",
    });
    try {
      expect(cruise(clean, featureCycles)).toEqual([]);
      expect(cruise(planted, featureCycles)).toEqual([
        'no-feature-folder-cycles: server/features/a → server/features/b',
        'no-feature-folder-cycles: server/features/b → server/features/a',
      ]);
    } finally {
      rmSync(clean, { recursive: true, force: true });
      rmSync(planted, { recursive: true, force: true });
    }
  });

  it('import each other one way in the real tree', () => {
    expect(cruise(root, featureCycles)).toEqual([]);
  });
});
