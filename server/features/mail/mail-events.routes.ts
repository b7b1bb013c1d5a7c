import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { mailEventSchema } from '../../../contract/mail.js';
import { validate } from '../../../domain/validation.js';
import type { Deps } from '../../deps.js';
import { validBody } from '../../http/body.js';
import { countGuess } from '../../http/guess-limit.js';
import { AppError, ErrorMessage } from '../../lib/errors.js';
import { reportMailEvent } from './mail-events.service.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compared in constant time over digests, so neither the token's content nor its length leaks. */
function carriesToken(authorization: string | undefined, token: string | undefined): boolean {
  const given = authorization?.match(/^Bearer\s+(.+)$/i)?.[1] ?? '';
  return token !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * /rest/mail/events — the mail provider's bounce and complaint reports, with the shared MAIL_WEBHOOK_TOKEN. A wrong
 * token counts as a guess of a secret (the guess limit); an unknown Message-ID does not, the provider cannot help it.
 */
export function mailEventsRoutes(deps: Deps) {
  const app = new Hono();
  app.post('/', async (c) => {
    if (!carriesToken(c.req.header('authorization'), deps.config.mailWebhookToken)) {
      await countGuess(c, deps.limits.guessesPerClient, deps.clock, deps.config.trustProxy);
      throw new AppError('forbidden', ErrorMessage.forbidden.id);
    }
    const event = await validBody(c, (input) => validate(mailEventSchema, input));
    const reported = await reportMailEvent(deps, event);
    // A report of a mail no longer here (its event deleted) is taken and dropped: the provider must not retry it.
    return c.json(reported, reported.status === 'UNKNOWN' ? 202 : 200);
  });
  return app;
}
