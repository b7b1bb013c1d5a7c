import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** The global contact address the client's error screen shows. */
const withAdminEmail = (html: string, adminEmail: string) =>
  html.replace(
    '<meta name="admin-email" content="" />',
    `<meta name="admin-email" content="${escapeHtml(adminEmail)}" />`,
  );

/** Vite's build output: every file under /assets has a hash of its content in its name. */
const HASHED_ASSET = /^\/assets\/[^/]+$/;

/** The encodings a request accepts (not those with q=0). */
function acceptedEncodings(header = ''): Set<string> {
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name && !params.some((param) => /^q=0(\.0*)?$/.test(param.replace(/\s/g, '')))) accepted.add(name);
  }
  return accepted;
}

/** The client's page, ready to send compressed, with a validator for browsers that kept it. */
function encodedPage(html: string) {
  const gzip = gzipSync(html, { level: 9 });
  const br = brotliCompressSync(html, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    },
  });
  return {
    html,
    br: new Uint8Array(br),
    gzip: new Uint8Array(gzip),
    etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 16)}"`,
  };
}

/** Serves the built client: its files, and its page for every other path. */
export function serveClient(app: Hono, clientDir: string, adminEmail: string): void {
  const page = readFile(path.join(clientDir, 'index.html'), 'utf8').then((html) =>
    encodedPage(withAdminEmail(html, adminEmail)),
  );
  page.catch(() => undefined);
  // No index file here: every page, "/" included, gets the page below with the contact address filled in.
  // The build wrote a .br and a .gz next to each compressible file: brotli, else gzip, goes to a browser that takes it.
  const staticFile = serveStatic({ root: clientDir, index: 'no-index-file', precompressed: true });
  app.use('*', async (c, next) => {
    // Set before the file is looked for: the page below replaces it when there is no such file.
    c.header('Cache-Control', HASHED_ASSET.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    const found = await staticFile(c, next);
    if (found instanceof Response && !found.headers.has('Vary')) found.headers.set('Vary', 'Accept-Encoding');
    return found;
  });
  // Every other path is a client route (wouter decides what it shows). The page names the current scripts, so
  // browsers ask for it each time; a secret page's no-store (set above) replaces that.
  app.get('*', async (c) => {
    const { html, etag, ...encoded } = await page;
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    c.header('ETag', etag);
    const kept = (c.req.header('If-None-Match') ?? '').split(',');
    if (kept.some((tag) => tag.trim() === etag)) return c.body(null, 304);
    const accepted = acceptedEncodings(c.req.header('Accept-Encoding'));
    const encoding = (['br', 'gzip'] as const).find((name) => accepted.has(name));
    if (!encoding) return c.html(html);
    c.header('Content-Encoding', encoding);
    return c.body(encoded[encoding], 200, { 'Content-Type': 'text/html; charset=UTF-8' });
  });
}
