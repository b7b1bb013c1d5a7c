// Run by the Dockerfile after `npm ci --omit=dev`: removes from node_modules every package that production code can
// never load. npm keeps packages that are development dependencies and at the same time optional peers of a
// production package (TypeScript, Babel and what they pull in, with their platform binaries), since --omit=dev
// leaves out only what is development-only. Kept is what package-lock.json reaches from package.json's
// "dependencies" and "optionalDependencies" through each package's dependencies, optional dependencies and
// required (not optional) peer dependencies; everything else installed goes. Prints what it removed, in MB.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages;

/** Where Node finds `name` when `from` (a lockfile path, '' for the app) requires it. */
function resolve(from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

const needed = new Set();
const queue = [''];
while (queue.length > 0) {
  const at = queue.pop();
  const entry = packages[at];
  const peersOptional = entry.peerDependenciesMeta ?? {};
  const names = [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !peersOptional[name]?.optional),
  ];
  for (const name of names) {
    const found = resolve(at, name);
    if (found && !needed.has(found)) {
      needed.add(found);
      queue.push(found);
    }
  }
}

const sizeOf = (file) => {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(file).reduce((sum, child) => sum + sizeOf(path.join(file, child)), 0);
};
let removed = 0;
const names = [];
// Deepest first, so a removed folder's own nested packages are not counted twice.
for (const location of Object.keys(packages).sort((a, b) => b.length - a.length)) {
  if (!location || needed.has(location) || !existsSync(location)) continue;
  removed += sizeOf(location);
  rmSync(location, { recursive: true, force: true });
  names.push(location.replace(/^.*node_modules\//, ''));
}
// Scope folders left empty, and command links into removed packages.
for (const entry of readdirSync('node_modules')) {
  const folder = path.join('node_modules', entry);
  if (entry.startsWith('@') && readdirSync(folder).length === 0) rmSync(folder, { recursive: true });
}
if (existsSync('node_modules/.bin')) {
  for (const link of readdirSync('node_modules/.bin'))
    if (!existsSync(path.join('node_modules/.bin', link))) rmSync(path.join('node_modules/.bin', link));
}
console.log(
  `prune-node-modules: removed ${names.length} packages no production code loads (${(removed / 1e6).toFixed(1)} MB)${names.length ? `: ${names.sort().join(' ')}` : ''}`,
);
