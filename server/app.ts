import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { serveStatic } from '@hono/node-server/serve-static';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
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
/** Pages whose path carries a secret id. */
const SECRET_PAGES = /^\/(admin|self|running-dinner-events\/[^/]+\/[^/]+)\//;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** The global contact address the client's error screen shows. */
const withAdminEmail = (html: string, adminEmail: string) =>
  html.replace('<meta name="admin-email" content="" />', `<meta name="admin-email" content="${escapeHtml(adminEmail)}" />`);

/** The whole HTTP application; no I/O happens until a request arrives. */
export function createApp(deps: Deps, clientDir?: string) {
  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    // Secret ids stand in paths: no Referer may carry them to another site.
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    if (SECRET_PAGES.test(c.req.path) || c.req.path.startsWith('/rest/')) {
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

  app.use('/rest/*', guessLimit(deps.config.guessLimitPerMinute, deps.clock));

  app.route('/rest/masterdataservice/v1', masterdataRoutes());
  app.route('/rest/wizardservice/v1', wizardRoutes(deps));
  app.route('/rest/runningdinnerservice/v1/runningdinner', eventsRoutes(deps));
  app.route('/rest/participantservice/v1/runningdinner', participantsRoutes(deps));
  app.route('/rest/participantservice/v1/runningdinner', teamPartnerWishRoutes(deps));
  app.route('/rest/frontend/v1', registrationRoutes(deps));
  app.route('/rest/self/v1', selfRoutes(deps));
  app.route('/rest/teamservice/v1/runningdinner', teamsRoutes(deps));
  app.route('/rest/waitinglistservice/v1/runningdinner', waitingListRoutes(deps));
  if (!deps.config.smtpUrl) app.route('/rest/mailbox', mailboxRoutes(deps.config.outboxDir));

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
    if (error instanceof AppError) {
      return c.json({ code: error.code, message: translate(language, error.messageId, error.values) }, error.status);
    }
    if (error instanceof HTTPException) return c.json({ message: error.message }, error.status);
    console.error(`${c.req.method} ${redactIds(c.req.path)} failed: ${redactIds(String(error.stack ?? error))}`);
    return c.json({ code: 'unexpected', message: translate(language, ErrorMessage.unexpected.id) }, 500);
  });

  return app;
}
