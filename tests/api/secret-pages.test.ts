import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server.js';

// Reliability 18 and issue 8 items 10 and 11: every spelling of a secret page keeps no-store and noindex, and
// no page of the app can be framed by another site.

const server = useTestServer();
const id = '6f1c2a54-8d3e-4b7a-9c1f-2e5d7a9b0c13';
const other = '0b7e4f2d-1a9c-4e6b-8d5f-3c2a1e0f9d87';

const page = (path: string) => fetch(`${server.baseUrl}${path}`);

describe('secret pages', () => {
  it.each([
    `/admin/${id}`,
    `/ADMIN/${id}`,
    `//admin/${id}`,
    `/Admin//${id}/participants`,
    `/self/${id}/teampartnerwish/${other}`,
    `/SELF/${id}/teampartnerwish/${other}`,
    `//self//${id}/${other}/${id}/team`,
    `/running-dinner-events/${id}/${other}/activate`,
    `/RUNNING-DINNER-EVENTS/${id}/${other}/ACTIVATE`,
    `//running-dinner-events//${id}/${other}/activate`,
    '/mailbox',
    '/MailBox/x.eml',
  ])('%s is neither stored nor indexed', async (path) => {
    const res = await page(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('leaves public pages to the search engines', async () => {
    for (const path of ['/', '/running-dinner-events', `/running-dinner-events/${id}`]) {
      const res = await page(path);
      expect(res.headers.get('x-robots-tag'), path).toBeNull();
    }
  });
});

describe('framing', () => {
  it.each([
    '/',
    `/admin/${id}`,
    `/self/${id}/teampartnerwish/${other}`,
    '/rest/masterdataservice/v1/registrationtypes',
  ])('%s forbids every frame', async (path) => {
    const res = await page(path);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('lets the route maps load tiles from the configured tile server only', async () => {
    const csp = (await page('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/tile\.openstreetmap\.org(;|$)/);
  });
});
