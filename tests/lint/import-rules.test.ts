// The import rules of .dependency-cruiser.cjs: in a tiny copy of the layout, each planted violation is reported by its
// rule and the allowed imports are not; and the real tree passes. Both run the depcruise command of `npm run lint`.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cruise, lintCommand, root, writeTree } from './cruise.js';

const depcruiseCommand = lintCommand();

/** The allowed imports of every layer, as the real tree has them (no npm packages: the copy has no node_modules). */
const cleanTree: Record<string, string> = {
  'client/tsconfig.json': JSON.stringify({
    compilerOptions: { paths: { '@contract/*': ['../contract/*'], '@domain/*': ['../domain/*'] } },
  }),
  'domain/pure.ts': 'export const pure = 1;\n',
  'db/connection.ts': 'export const db = {};\n',
  'db/schema.ts': 'export interface Row { id: string }\n',
  'server/app.ts': "import { a } from './features/a/a.service.js';\nexport const app = a;\n",
  'server/lib/thing.ts': "import type { Row } from '../../db/schema.js';\nexport const thing = (row: Row) => row.id;\n",
  'server/features/a/a.repo.ts': "import { db } from '../../../db/connection.js';\nexport const rows = [db];\n",
  'server/features/a/a.service.ts':
    "import { rows } from './a.repo.js';\nimport { thing } from '../../lib/thing.js';\nexport const a = rows.length + thing.length;\n",
  'contract/a.ts':
    "import { pure } from '../domain/pure.js';\nexport type A = { n: number };\nexport const schema = <T,>(value: T) => [value, pure];\n",
  'contract/a.messages.ts': 'export const messages = { hello: 1 };\n',
  'server/features/b/b.service.ts': "import { a } from '../a/a.service.js';\nexport const b = a;\n",
  'workers/a.worker.ts':
    "import { readFileSync } from 'node:fs';\nimport { pure } from '../domain/pure.js';\nexport default () => pure + readFileSync.length;\n",
  'client/ok.tsx':
    "import type { A } from '@contract/a';\nimport { messages } from '@contract/a.messages';\nimport { pure } from '@domain/pure';\n" +
    'export const Ok = (props: { a: A }) => <p>{pure + props.a.n + messages.hello}</p>;\n',
  'tests/support/helper.ts': "import { app } from '../../server/app.js';\nexport const helper = app;\n",
  'bench/run.ts': "import { pure } from '../domain/pure.js';\nexport const run = pure;\n",
};

/** One planted violation of each rule. */
const planted: Record<string, string> = {
  'domain/__planted__.ts': "import { app } from '../server/app.js';\nexport const upward = app;\n",
  'workers/__planted__.worker.ts':
    "import type { Row } from '../db/schema.js';\nexport default (row: Row) => row.id;\n",
  'client/__planted__.tsx':
    "import { db } from '../db/connection';\nimport { thing } from '../server/lib/thing';\nimport { rows } from '../server/features/a/a.repo';\n" +
    'export const Planted = () => <p>{String([db, thing, rows])}</p>;\n',
  'server/lib/__planted__.ts':
    "import { a } from '../features/a/a.service.js';\nimport { app } from '../app.js';\nexport const planted = [a, app];\n",
  'server/http/__planted__.ts': "import { a } from '../features/a/a.service.js';\nexport const planted = a;\n",
  'client/components/__planted__.tsx':
    "import type { A } from '@contract/a';\nexport const Planted = (props: { a: A }) => <p>{props.a.n}</p>;\n",
  'server/features/b/__planted__.ts': "import { rows } from '../a/a.repo.js';\nexport const planted = rows;\n",
  'contract/__planted__.ts': "import { thing } from '../server/lib/thing.js';\nexport const planted = thing;\n",
  'tests/support/__planted__.ts': "import { gone } from '../../server/gone.js';\nexport const planted = gone;\n",
  'server/features/c/one.ts': "import { two } from './two.js';\nexport const one = () => two();\n",
  'server/features/c/two.ts': "import { one } from './one.js';\nexport const two = () => one();\n",
};

describe('the import rules (dependency-cruiser)', () => {
  it('report each planted violation by its rule, and nothing in the allowed imports', () => {
    const dir = writeTree({ ...cleanTree, ...planted });
    try {
      expect(cruise(dir, depcruiseCommand)).toEqual([
        'client-not-to-db: client/__planted__.tsx → db/connection.ts',
        'client-not-to-server: client/__planted__.tsx → server/features/a/a.repo.ts',
        'client-not-to-server: client/__planted__.tsx → server/lib/thing.ts',
        'components-domain-free: client/components/__planted__.tsx → contract/a.ts',
        'contract-stays-isomorphic: contract/__planted__.ts → server/lib/thing.ts',
        'domain-imports-no-app: domain/__planted__.ts → server/app.ts',
        'http-only-lib-and-domain: server/http/__planted__.ts → server/features/a/a.service.ts',
        'lib-not-to-features: server/lib/__planted__.ts → server/features/a/a.service.ts',
        'lib-not-to-server-root: server/lib/__planted__.ts → server/app.ts',
        'no-circular: server/features/c/one.ts → server/features/c/two.ts',
        'no-other-features-repo: server/features/b/__planted__.ts → server/features/a/a.repo.ts',
        'not-to-unresolvable: tests/support/__planted__.ts → ../../server/gone.js',
        'workers-import-only-domain: workers/__planted__.worker.ts → db/schema.ts',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pass the real tree', () => {
    expect(cruise(root, depcruiseCommand)).toEqual([]);
  });
});
