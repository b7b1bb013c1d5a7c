import { appendFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '../support/axe.js';
import { createDinner, phone } from '../support/e2e.js';

// A participant opens the public event page on a phone with a weak signal: until its registration form can be
// filled in, the browser fetches at most BUDGET bytes of JavaScript as they travel (compressed), and the same
// holds for the landing page. Every script comes precompressed and is kept for a year (its name changes with its
// content); the page itself is asked for again each time. German, the default language, has the larger catalog.
// `npm run bench` prints these figures (bench/page-weight.bench.ts); PAGE_WEIGHT_REPORT names the file it reads.

const BUDGET = 150_000;
const IMMUTABLE = 'public, max-age=31536000, immutable';

test.use({ viewport: phone });

interface Fetched {
  path: string;
  contentType: string;
  /** As the browser got it. */
  encoding: string;
  /** Bytes of the body as they came over the wire. */
  transferred: number;
  /** Bytes once decompressed. */
  size: number;
  /** The same file for a browser that takes only gzip. */
  gzip: number;
  cacheControl: string | undefined;
  vary: string | undefined;
}

/**
 * Opens `path` and answers what the browser fetched until `ready` holds and the network is idle: every build file
 * (style sheets too) and every script.
 */
async function fetched(page: Page, request: APIRequestContext, path: string, ready: () => Promise<void>) {
  const responses: Promise<Omit<Fetched, 'gzip'> | undefined>[] = [];
  page.on('response', (response) => {
    responses.push(
      (async () => {
        const url = new URL(response.url());
        const headers = await response.allHeaders();
        if (!url.pathname.startsWith('/assets/') && !/javascript/.test(headers['content-type'] ?? '')) return undefined;
        const [sizes, body] = await Promise.all([response.request().sizes(), response.body()]);
        return {
          path: url.pathname,
          contentType: headers['content-type'] ?? '',
          encoding: headers['content-encoding'] ?? 'identity',
          transferred: sizes.responseBodySize,
          size: body.length,
          cacheControl: headers['cache-control'],
          vary: headers.vary,
        };
      })(),
    );
  });
  const document = await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  const assets: Fetched[] = [];
  for (const asset of (await Promise.all(responses)).filter((response) => response !== undefined)) {
    const response = await request.get(asset.path, { headers: { 'Accept-Encoding': 'gzip' } });
    assets.push({ ...asset, gzip: Number(response.headers()['content-length']) });
  }
  return { document: document!, assets, scripts: assets.filter((asset) => /javascript/.test(asset.contentType)) };
}

const sum = (scripts: Fetched[], key: 'transferred' | 'size' | 'gzip') =>
  scripts.reduce((total, script) => total + script[key], 0);

function report(name: string, scripts: Fetched[]) {
  const figures = {
    page: name,
    scripts: scripts.length,
    transferred: sum(scripts, 'transferred'),
    gzip: sum(scripts, 'gzip'),
    uncompressed: sum(scripts, 'size'),
  };
  const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  console.log(
    `${name}: ${figures.scripts} scripts, ${kB(figures.transferred)} as sent (${[...new Set(scripts.map((s) => s.encoding))].join(', ')}), ` +
      `${kB(figures.gzip)} with gzip only, ${kB(figures.uncompressed)} uncompressed`,
  );
  if (process.env.PAGE_WEIGHT_REPORT)
    appendFileSync(process.env.PAGE_WEIGHT_REPORT, `${JSON.stringify({ ...figures, files: scripts })}\n`);
}

function expectLightAndCached({ assets, scripts }: { assets: Fetched[]; scripts: Fetched[] }) {
  expect(scripts.length).toBeGreaterThan(0);
  expect(assets.filter((asset) => /css/.test(asset.contentType)).length, 'a style sheet').toBeGreaterThan(0);
  for (const script of scripts) expect(script.path, 'a build file with a hashed name').toMatch(/^\/assets\/[^/]+\.js$/);
  for (const asset of assets) {
    if (/javascript|css|svg|json/.test(asset.contentType))
      expect(['br', 'gzip'], `the encoding of ${asset.path}`).toContain(asset.encoding);
    expect(asset.cacheControl, `the caching of ${asset.path}`).toBe(IMMUTABLE);
    expect(asset.vary?.toLowerCase()).toContain('accept-encoding');
  }
  // The public pages need none of the organisers' messages.
  expect(scripts.map((s) => s.path).filter((p) => /messages-rest-/.test(p))).toEqual([]);
  expect(sum(scripts, 'transferred'), 'bytes of JavaScript as sent').toBeLessThanOrEqual(BUDGET);
}

test('the landing page loads at most 150 kB of compressed JavaScript', async ({ page, request }) => {
  const { document, ...fetches } = await fetched(page, request, '/', async () => {
    await expect(page.getByTestId('cta-wizard')).toBeVisible();
  });
  report('landing page /', fetches.scripts);
  expect(document.headers()['cache-control']).toBe('no-cache');
  expect(['br', 'gzip']).toContain(document.headers()['content-encoding']);
  expectLightAndCached(fetches);
});

test('the public event page is ready to register with at most 150 kB of compressed JavaScript', async ({
  page,
  request,
}) => {
  const { adminId, publicDinnerId, publicTitle } = await createDinner(request, { confirmed: true });
  const { document, ...fetches } = await fetched(
    page,
    request,
    `/running-dinner-events/${publicDinnerId}`,
    async () => {
      await expect(page.getByTestId('public-dinner-title')).toHaveText(publicTitle);
      await expect(page.getByTestId('registration-form').locator('[name="firstnamePart"]')).toBeEditable();
    },
  );
  report('public event page with the registration form', fetches.scripts);
  // The page itself: compressed, and asked for again each time (it names the current scripts).
  expect(document.headers()['cache-control']).toBe('no-cache');
  expect(['br', 'gzip']).toContain(document.headers()['content-encoding']);
  expect(document.headers().vary?.toLowerCase()).toContain('accept-encoding');
  expectLightAndCached(fetches);

  // A browser that kept the page gets a 304; a secret page is never kept.
  const again = await request.get(`/running-dinner-events/${publicDinnerId}`, {
    headers: { 'If-None-Match': document.headers().etag },
  });
  expect(again.status()).toBe(304);
  const admin = await request.get(`/admin/${adminId}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(admin.headers()['cache-control']).toBe('no-store');
});
