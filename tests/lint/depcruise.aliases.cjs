// The client's path aliases (`paths` of client/tsconfig.json: @contract/*, @domain/*) as a webpack-style resolve.alias,
// for dependency-cruiser (.dependency-cruiser.cjs). Its own `tsConfig` option cannot be used here: without a
// TypeScript compiler API (TypeScript 7) it reads `paths` relative to the repository root instead of client/.
const { readFileSync } = require('node:fs');
const path = require('node:path');

const tsconfigFile = path.join(__dirname, '../../client/tsconfig.json');
const { compilerOptions } = JSON.parse(readFileSync(tsconfigFile, 'utf8'));
const base = path.resolve(path.dirname(tsconfigFile), compilerOptions.baseUrl ?? '.');
const alias = Object.fromEntries(
  Object.entries(compilerOptions.paths ?? {}).map(([name, [target]]) => [
    name.replace(/\/\*$/, ''),
    path.resolve(base, target.replace(/\/\*$/, '')),
  ]),
);

module.exports = { resolve: { alias } };
