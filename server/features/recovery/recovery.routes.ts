import { Hono } from 'hono';
import { type LinkRecoveryAnswer, linkRecoverySchema } from '../../../contract/recovery.js';
import { validate } from '../../../domain/validation.js';
import type { Deps } from '../../deps.js';
import { validBody } from '../../http/body.js';
import { countGuess } from '../../http/guess-limit.js';
import { languageOf } from '../../http/language.js';
import { recoverLinks } from './recovery.service.js';

/** /rest/frontend/v1/recovery — anyone may ask for the links of an address; only its mailbox learns them. */
export function recoveryRoutes(deps: Deps) {
  const app = new Hono();

  app.post('/recovery', async (c) => {
    // Every request counts like a wrong link, found or not: a client cannot try addresses faster than links.
    await countGuess(c, deps.limits.guessesPerClient, deps.clock, deps.config.trustProxy);
    const { email } = await validBody(c, (input) => validate(linkRecoverySchema, input));
    await recoverLinks(deps, email, languageOf(c));
    return c.json({ requested: true } satisfies LinkRecoveryAnswer, 202);
  });

  return app;
}
