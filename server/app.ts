import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { serveStatic } from '@hono/node-server/serve-static';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isDatabaseBusy } from '../db/connection.js';
import type { Deps } from './deps.js';
import { AppError, ErrorMessage, ValidationError } from './http/errors.js';
import { translate } from './lib/i18n.js';
import { languageOf } from './http/language.js';
import { guessLimit } from './http/guess-limit.js';
import { redactIds } from './lib/ids.js';
import { eventsRoutes } from './features/events/events.routes.js';
import { wizardRoutes } from './features/wizard/wizard.routes.js';
import { masterdataRoutes } from './features/masterdata/masterdata.routes.js';
import { mailboxRoutes } from './features/mailbox/mailbox.routes.js';
import { participantsRoutes } from './features/participants/participants.routes.js';
import { registrationRoutes } from './features/registration/registration.routes.js';
import { selfRoutes } from './features/self/self.routes.js';
import { teamPartnerWishRoutes } from './features/participants/team-partner-wish.routes.js';
import { teamsRoutes } from './features/teams/teams.routes.js';
import { waitingListRoutes } from './features/waitinglist/waitinglist.routes.js';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Paths the client's HTML never answers: an unknown one is a JSON 404. */
const API_PREFIXES = /^\/(rest|resources|sse)(\/|$)/i;
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

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** The global contact address the client's error screen shows. */
const withAdminEmail = (html: string, adminEmail: string) =>
  html.replace('<meta name="admin-email" content="" />', `<meta name="admin-email" content="${escapeHtml(adminEmail)}" />`);

/** The whole HTTP application; no I/O happens until a request arrives. */
export function createApp(deps: Deps, { clientDir, isShuttingDown = () => false }: { clientDir?: string; isShuttingDown?: () => boolean } = {}) {
  const app = new Hono();
  const csp = contentSecurityPolicy(deps.config.tileUrl);

  app.use('*', async (c, next) => {
    // A request that arrives while the server stops gets an answer it can act on, not a reset connection.
    if (isShuttingDown()) {
      c.header('Connection', 'close');
      throw new AppError(503, 'shutting_down', ErrorMessage.shuttingDown.id, undefined, 5);
    }
    await next();
    // Answered while the server began to stop: the client opens its next request elsewhere (or after the restart).
    if (isShuttingDown()) c.header('Connection', 'close');
  });

  app.use('*', async (c, next) => {
    await next();
    // Secret ids stand in paths: no Referer may carry them to another site.
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Security-Policy', csp);
    c.header('X-Frame-Options', 'DENY');
    const path = canonicalPath(c.req.path);
    if (SECRET_PAGES.test(path) || /^\/rest\//i.test(path)) {
      c.header('Cache-Control', 'no-store');
      c.header('X-Robots-Tag', 'noindex');
    }
  });

  app.use(
    '/rest/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => {
        // The rest of the body is never read: a client that reused this connection would fail its next request.
        c.header('Connection', 'close');
        throw new AppError(413, 'payload_too_large', ErrorMessage.tooLarge.id);
      },
    }),
  );

  app.use('/rest/*', guessLimit(deps.config.guessLimitPerMinute, deps.clock, deps.config.trustProxy));

  app.route('/rest/masterdataservice/v1', masterdataRoutes());
  app.route('/rest/wizardservice/v1', wizardRoutes(deps));
  app.route('/rest/runningdinnerservice/v1/runningdinner', eventsRoutes(deps));
  app.route('/rest/participantservice/v1/runningdinner', participantsRoutes(deps));
  app.route('/rest/participantservice/v1/runningdinner', teamPartnerWishRoutes(deps));
  app.route('/rest/frontend/v1', registrationRoutes(deps));
  app.route('/rest/self/v1', selfRoutes(deps));
  app.route('/rest/teamservice/v1/runningdinner', teamsRoutes(deps));
  app.route('/rest/waitinglistservice/v1/runningdinner', waitingListRoutes(deps));
  if (!deps.config.smtpUrl) app.route('/rest/mailbox', mailboxRoutes(deps));

  app.all('*', async (c, next) => {
    if (API_PREFIXES.test(c.req.path)) throw new AppError(404, 'not_found', ErrorMessage.notFound.id);
    await next();
  });

  if (clientDir) {
    const indexHtml = readFile(path.join(clientDir, 'index.html'), 'utf8').then((html) => withAdminEmail(html, deps.config.adminEmail));
    indexHtml.catch(() => undefined);
    // No index file here: every page, "/" included, gets the page below with the contact address filled in.
    app.use('*', serveStatic({ root: clientDir, index: 'no-index-file' }));
    // Every other path is a client route (wouter decides what it shows).
    app.get('*', async (c) => c.html(await indexHtml));
  }

  app.onError((error, c) => {
    const language = languageOf(c);
    if (error instanceof ValidationError) {
      return c.json({ issues: error.issues.map((i) => ({ ...(i.field ? { field: i.field } : {}), message: translate(language, i.message, i.values) })) }, 406);
    }
    if (isDatabaseBusy(error)) error = new AppError(503, 'database_busy', ErrorMessage.databaseBusy.id, undefined, 5);
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json({ code: error.code, message: translate(language, error.messageId, error.values) }, error.status);
    }
    if (error instanceof HTTPException) return c.json({ message: error.message }, error.status);
    console.error(`${c.req.method} ${redactIds(c.req.path)} failed: ${redactIds(String(error.stack ?? error))}`);
    return c.json({ code: 'unexpected', message: translate(language, ErrorMessage.unexpected.id) }, 500);
  });

  return app;
}
