import type { MiddlewareHandler } from 'hono';

/** Pages whose path carries a secret id or shows secret links; browsers and routers read paths without case. */
const SECRET_PAGES = /^\/(admin|self|mailbox|running-dinner-events\/[^/]+\/[^/]+)(\/|$)/i;
/** "//admin//x" is the page "/admin/x" to the client router. */
const canonicalPath = (path: string) => path.replace(/\/{2,}/g, '/');

/** The origin the map tiles come from, with a subdomain placeholder ({s}) as a wildcard. */
const tileOrigin = (tileUrl: string) => (tileUrl.match(/^https?:\/\/[^/]+/)?.[0] ?? '').replace(/\{[^}]*\}/g, '*');

/** Only the app's own scripts run, nothing frames its pages; Leaflet positions with inline styles. */
const contentSecurityPolicy = (tileUrl: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${tileOrigin(tileUrl)}`,
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** What every answer carries; paths with secret ids (pages, the API) are neither stored nor indexed. */
export function securityHeaders(tileUrl: string): MiddlewareHandler {
  const csp = contentSecurityPolicy(tileUrl);
  return async (c, next) => {
    await next();
    // Secret ids stand in paths: no Referer may carry them to another site.
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Security-Policy', csp);
    c.header('X-Frame-Options', 'DENY');
    const path = canonicalPath(c.req.path);
    if (SECRET_PAGES.test(path) || /^\/(rest|sse)\//i.test(path)) {
      c.header('Cache-Control', 'no-store');
      c.header('X-Robots-Tag', 'noindex');
    }
  };
}
