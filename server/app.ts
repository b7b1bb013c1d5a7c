import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { isDatabaseBusyOrUnreachable, isDiskFull } from '../db/connection.js';
import { type Commits, countingCommits } from '../db/transaction.js';
import type { Deps } from './deps.js';
import { dinnerRoutesRoutes } from './features/dinnerroutes/dinnerroutes.routes.js';
import {
  routeOptimizationRoutes,
  routeOptimizationSseRoutes,
} from './features/dinnerroutes/route-optimization.routes.js';
import { optimiseNewTeams } from './features/dinnerroutes/route-optimization.service.js';
import { eventsRoutes } from './features/events/events.routes.js';
import {
  afterPartyPositionRoutes,
  geocodingRoutes,
  participantPositionRoutes,
} from './features/geocoding/geocoding.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { dinnerSseRoutes } from './features/live/dinner.sse.js';
import { mailEventsRoutes } from './features/mail/mail-events.routes.js';
import { mailboxRoutes } from './features/mailbox/mailbox.routes.js';
import { masterdataRoutes } from './features/masterdata/masterdata.routes.js';
import { messagesRoutes } from './features/messages/messages.routes.js';
import { messageJobsSseRoutes } from './features/messages/messages.sse.js';
import { participantsRoutes } from './features/participants/participants.routes.js';
import { teamPartnerWishRoutes } from './features/participants/team-partner-wish.routes.js';
import { orderRoutes, orderSseRoutes, stripeWebhookRoutes } from './features/payments/orders.routes.js';
import { paymentOptionsRoutes } from './features/payments/payment-options.routes.js';
import { registrationRoutes } from './features/registration/registration.routes.js';
import { selfRoutes } from './features/self/self.routes.js';
import { teamsRoutes } from './features/teams/teams.routes.js';
import { waitingListRoutes } from './features/waitinglist/waitinglist.routes.js';
import { wizardRoutes } from './features/wizard/wizard.routes.js';
import { guessLimit } from './http/guess-limit.js';
import { languageOf } from './http/language.js';
import type { SseStreams } from './http/sse.js';
import { AppError, type ErrorCode, ErrorMessage, type RequestErrorCode, ValidationError } from './lib/errors.js';
import { translate } from './lib/i18n.js';
import { redactIds } from './lib/ids.js';

const MAX_BODY_BYTES = 1024 * 1024;
/** When a client may try again after a write failed for a full disk: freeing space takes someone a while. */
const DISK_FULL_RETRY_SECONDS = 60;
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

/** The HTTP status of every refusal but the conflicts (409): the one place where services' errors meet HTTP. */
const REQUEST_ERROR_STATUS: Record<RequestErrorCode, 400 | 403 | 404 | 413 | 415 | 429 | 503> = {
  forbidden: 403,
  not_found: 404,
  self_link_invalid: 404,
  wrong_acknowledge_link: 404,
  malformed_json: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_guesses: 429,
  too_many_mails_to_recipient: 429,
  too_many_event_creations: 429,
  too_many_optimizations: 429,
  too_many_streams: 429,
  work_queue_full: 429,
  invalid_signature: 400,
  payment_provider_unreachable: 503,
  database_busy: 503,
  disk_full: 503,
  shutting_down: 503,
};
const statusOf = (code: ErrorCode) =>
  code in REQUEST_ERROR_STATUS ? REQUEST_ERROR_STATUS[code as RequestErrorCode] : 409;

/**
 * A failure after the request's work was committed (a read-back, a later step): the change stands, so the answer must
 * not say "nothing was changed" (a client retrying on that would do it twice). It says what was saved, names what was
 * created, and is a 503 when the database was only busy or out of reach (reloading soon shows the result).
 */
function answerSavedButUnanswered(c: Context, error: unknown, commits: Commits) {
  const busy = isDatabaseBusyOrUnreachable(error);
  const cause = busy ? String((error as Error).message) : String((error as Error).stack ?? error);
  console.error(`${c.req.method} ${redactIds(c.req.path)} failed after its change was saved: ${redactIds(cause)}`);
  const message = translate(languageOf(c), ErrorMessage.savedButUnanswered.id);
  return c.json({ code: 'saved_but_unanswered', message, ...commits.created }, busy ? 503 : 500);
}

/** The whole HTTP application; no I/O happens until a request arrives. */
export function createApp(
  deps: Deps,
  {
    clientDir,
    isShuttingDown = () => false,
    streams,
  }: { clientDir?: string; isShuttingDown?: () => boolean; streams: SseStreams },
) {
  const app = new Hono();
  const csp = contentSecurityPolicy(deps.config.tileUrl);
  const commitsOf = new WeakMap<Request, Commits>();

  // What each request committed, so that a failure after a commit is not answered with "nothing was changed".
  app.use('*', (c, next) => {
    const commits: Commits = { count: 0 };
    commitsOf.set(c.req.raw, commits);
    return countingCommits(commits, next);
  });

  app.use('*', async (c, next) => {
    // A request that arrives while the server stops gets an answer it can act on, not a reset connection.
    if (isShuttingDown()) {
      c.header('Connection', 'close');
      throw new AppError('shutting_down', ErrorMessage.shuttingDown.id, undefined, 5);
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
    if (SECRET_PAGES.test(path) || /^\/(rest|sse)\//i.test(path)) {
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
        throw new AppError('payload_too_large', ErrorMessage.tooLarge.id);
      },
    }),
  );

  const guesses = guessLimit(deps.limits.guessesPerClient, deps.clock, deps.config.trustProxy);
  app.use('/rest/*', guesses);
  app.use('/sse/*', guesses);

  // Outside /rest and /sse: no guess limit and no scope; the security headers above still apply.
  app.route('/healthz', healthRoutes(deps));
  app.route('/rest/masterdataservice/v1', masterdataRoutes());
  app.route('/rest/wizardservice/v1', wizardRoutes(deps));
  app.route('/rest/runningdinnerservice/v1/runningdinner', eventsRoutes(deps));
  app.route('/rest/runningdinnerservice/v1/runningdinner', afterPartyPositionRoutes(deps));
  app.route('/rest/participantservice/v1/runningdinner', participantsRoutes(deps));
  app.route('/rest/participantservice/v1/runningdinner', teamPartnerWishRoutes(deps));
  app.route('/rest/participantservice/v1/runningdinner', participantPositionRoutes(deps));
  app.route('/rest/frontend/v1', registrationRoutes(deps));
  app.route('/rest/frontend/v1', orderRoutes(deps));
  app.route('/rest/self/v1', selfRoutes(deps));
  app.route('/rest/teamservice/v1/runningdinner', teamsRoutes(deps, optimiseNewTeams));
  app.route('/rest/dinnerrouteservice/v1/runningdinner', dinnerRoutesRoutes(deps));
  app.route('/rest/dinnerrouteservice/v1/runningdinner', geocodingRoutes(deps));
  app.route('/rest/dinnerrouteservice/v1/runningdinner', routeOptimizationRoutes(deps));
  app.route('/rest/waitinglistservice/v1/runningdinner', waitingListRoutes(deps, optimiseNewTeams));
  app.route('/rest/messageservice/v1/runningdinner', messagesRoutes(deps));
  app.route('/rest/paymentoptionsservice/v1/runningdinner', paymentOptionsRoutes(deps));
  app.route('/rest/mail/events', mailEventsRoutes(deps));
  app.route('/rest/stripe', stripeWebhookRoutes(deps));
  if (!deps.config.smtpUrl) app.route('/rest/mailbox', mailboxRoutes(deps));
  app.route('/sse/runningdinnerservice/v1/runningdinner', dinnerSseRoutes(deps, streams));
  app.route('/sse/messageservice/v1/runningdinner', messageJobsSseRoutes(deps, streams));
  app.route('/sse/dinnerrouteservice/v1/runningdinner', routeOptimizationSseRoutes(deps, streams));
  app.route('/sse/frontend/v1', orderSseRoutes(deps, streams));

  app.all('*', async (c, next) => {
    if (API_PREFIXES.test(c.req.path)) throw new AppError('not_found', ErrorMessage.notFound.id);
    await next();
  });

  if (clientDir) {
    const page = readFile(path.join(clientDir, 'index.html'), 'utf8').then((html) =>
      encodedPage(withAdminEmail(html, deps.config.adminEmail)),
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

  app.onError((error, c) => {
    const language = languageOf(c);
    if (error instanceof ValidationError) {
      return c.json(
        {
          issues: error.issues.map((i) => ({
            ...(i.field ? { field: i.field } : {}),
            message: translate(language, i.message, i.values),
          })),
        },
        406,
      );
    }
    const commits = commitsOf.get(c.req.raw);
    if (
      commits?.count &&
      !(error instanceof ValidationError || error instanceof AppError || error instanceof HTTPException)
    ) {
      return answerSavedButUnanswered(c, error, commits);
    }
    if (isDatabaseBusyOrUnreachable(error))
      error = new AppError('database_busy', ErrorMessage.databaseBusy.id, undefined, 5);
    if (isDiskFull(error)) {
      // The operator's to fix, said in one line; the client may try again once there is room.
      console.error(`${c.req.method} ${redactIds(c.req.path)} failed: ${deps.diskFull.noteFull('database')}`);
      error = new AppError('disk_full', ErrorMessage.diskFull.id, undefined, DISK_FULL_RETRY_SECONDS);
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(
        { code: error.code, message: translate(language, error.messageId, error.values) },
        statusOf(error.code),
      );
    }
    if (error instanceof HTTPException) return c.json({ message: error.message }, error.status);
    console.error(`${c.req.method} ${redactIds(c.req.path)} failed: ${redactIds(String(error.stack ?? error))}`);
    return c.json({ code: 'unexpected', message: translate(language, ErrorMessage.unexpected.id) }, 500);
  });

  return app;
}
