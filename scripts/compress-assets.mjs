#!/usr/bin/env node
// `npm run build`, after `vite build`: writes `name.br` and `name.gz` next to every compressible file of the client
// build (dist/client, or the folder given), with Node's own zlib at the highest levels. The server sends them to
// browsers that accept them (serveStatic's `precompressed`). A variant that would not be smaller is left out.
import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|map|txt|xml|ico)$/i;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const dir = path.resolve(process.argv[2] ?? 'dist/client');

async function* files(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield file;
  }
}

async function compress(file) {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const written = { raw: content.length, br: 0, gz: 0 };
  // Written together with the file's own time, so Last-Modified is the same whichever variant is sent.
  const { mtime } = await stat(file);
  for (const [suffix, data] of [
    ['br', br],
    ['gz', gz],
  ]) {
    if (data.length >= content.length) continue;
    await writeFile(`${file}.${suffix}`, data);
    await utimes(`${file}.${suffix}`, mtime, mtime);
    written[suffix] = data.length;
  }
  return written;
}

const started = Date.now();
const results = [];
for await (const file of files(dir)) results.push(compress(file));
const sizes = await Promise.all(results);
const sum = (key) => sizes.reduce((total, s) => total + (s[key] || s.raw), 0);
const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
console.log(
  `compressed ${sizes.length} files in ${path.relative(process.cwd(), dir) || '.'}: ${kB(sum('raw'))} → brotli ${kB(sum('br'))}, gzip ${kB(sum('gz'))} (${Date.now() - started} ms)`,
);
