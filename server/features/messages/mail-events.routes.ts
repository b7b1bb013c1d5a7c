import { Hono } from 'hono';
import { createHash, timingSafeEqual } from 'node:crypto';
import { validate } from '../../../domain/validation.js';
import type { Deps } from '../../deps.js';
import { validBody } from '../../http/body.js';
import { AppError, ErrorMessage } from '../../lib/errors.js';
import { reportMailEvent } from './mail-events.service.js';
import { mailEventSchema } from './messages.schema.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compared in constant time over digests, so neither the token's content nor its length leaks. */
function carriesToken(authorization: string | undefined, token: string | undefined): boolean {
  const given = authorization?.match(/^Bearer\s+(.+)$/i)?.[1] ?? '';
  return token !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** /rest/mail/events — the mail provider's bounce and complaint reports, with the shared MAIL_WEBHOOK_TOKEN. */
export function mailEventsRoutes(deps: Deps) {
  const app = new Hono();
  app.post('/', async (c) => {
    if (!carriesToken(c.req.header('authorization'), deps.config.mailWebhookToken)) throw new AppError('forbidden', ErrorMessage.forbidden.id);
    const event = await validBody(c, (input) => validate(mailEventSchema, input));
    return c.json(await reportMailEvent(deps, event));
  });
  return app;
}
