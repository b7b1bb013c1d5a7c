import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type Commits, countingCommits } from '../db/transaction.js';
import { serveClient } from './app/client-page.js';
import { answerError } from './app/error-answers.js';
import { securityHeaders } from './app/security-headers.js';
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
import { recoveryRoutes } from './features/recovery/recovery.routes.js';
import { registrationRoutes } from './features/registration/registration.routes.js';
import { selfRoutes } from './features/self/self.routes.js';
import { teamsRoutes } from './features/teams/teams.routes.js';
import { waitingListRoutes } from './features/waitinglist/waitinglist.routes.js';
import { wizardRoutes } from './features/wizard/wizard.routes.js';
import { discardUnreadBody } from './http/body.js';
import { guessLimit } from './http/guess-limit.js';
import type { SseStreams } from './http/sse.js';
import { AppError, ErrorMessage } from './lib/errors.js';

const MAX_BODY_BYTES = 1024 * 1024;
/** Paths the client's HTML never answers: an unknown one is a JSON 404. */
const API_PREFIXES = /^\/(rest|resources|sse)(\/|$)/i;

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
  const commitsOf = new WeakMap<Request, Commits>();

  // What each request committed, so that a failure after a commit is not answered with "nothing was changed".
  app.use('*', (c, next) => {
    const commits: Commits = { count: 0 };
    commitsOf.set(c.req.raw, commits);
    return countingCommits(commits, next);
  });

  // First: every refusal below, also the one of a stopping server, gets its body read before the answer.
  app.use('/rest/*', discardUnreadBody);
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

  app.use('*', securityHeaders(deps.config.tileUrl));

  app.use(
    '/rest/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      // What is left of the body is read by discardUnreadBody, or the connection closed.
      onError: () => {
        throw new AppError('payload_too_large', ErrorMessage.tooLarge.id);
      },
    }),
  );

  const guesses = guessLimit(deps.limits.guessesPerClient, deps.clock, deps.config.trustProxy);
  app.use('/rest/*', guesses);
  app.use('/sse/*', guesses);

  // Outside /rest and /sse: no guess limit and no scope; the security headers above still apply.
  app.route('/healthz', healthRoutes(deps));
  app.route('/rest/masterdataservice/v1', masterdataRoutes(deps.config.operator));
  app.route('/rest/wizardservice/v1', wizardRoutes(deps));
  app.route('/rest/runningdinnerservice/v1/runningdinner', eventsRoutes(deps));
  app.route('/rest/runningdinnerservice/v1/runningdinner', afterPartyPositionRoutes(deps));
  app.route('/rest/participantservice/v1/runningdinner', participantsRoutes(deps));
  app.route('/rest/participantservice/v1/runningdinner', teamPartnerWishRoutes(deps));
  app.route('/rest/participantservice/v1/runningdinner', participantPositionRoutes(deps));
  app.route('/rest/frontend/v1', registrationRoutes(deps));
  app.route('/rest/frontend/v1', orderRoutes(deps));
  app.route('/rest/frontend/v1', recoveryRoutes(deps));
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

  if (clientDir) serveClient(app, clientDir, deps.config.adminEmail);

  app.onError(answerError(deps, commitsOf));

  return app;
}
