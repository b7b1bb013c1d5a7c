import { type Context, Hono } from 'hono';
import {
  localDateSchema,
  validateAfterPartyLocation,
  validateBasicDetails,
  validateCreateRunningDinner,
  validateOptions,
  validatePublicSettings,
} from '../../../contract/dinner.js';
import { msgId } from '../../../domain/validation-messages.js';
import type { Deps } from '../../deps.js';
import { idempotencyKey, validBody, validParam } from '../../http/body.js';
import { clientAddress } from '../../http/client-address.js';
import { ErrorMessage, tooManyRequests, ValidationError } from '../../lib/errors.js';
import { createdEarlier, createRunningDinner } from '../events/events.create.js';

/** The date the step belongs to, from `?runningDinnerDate=YYYY-MM-DD`. */
function dinnerDate(c: Context): string {
  const date = c.req.query('runningDinnerDate');
  if (date === undefined)
    throw new ValidationError([{ field: 'runningDinnerDate', message: msgId('dinnerDateParamMissing') }]);
  return validParam('runningDinnerDate', localDateSchema, date);
}

/** Each created event mails its organiser: one client may create only so many per hour. */
async function takeEventCreation(deps: Deps, client: string): Promise<void> {
  const wait = await deps.limits.eventCreationsPerClient.take([client], deps.clock.now().getTime());
  if (wait > 0) throw tooManyRequests('too_many_event_creations', ErrorMessage.tooManyEventCreations, wait);
}

/** /rest/wizardservice/v1 — step validation (writes nothing) and creation. */
export function wizardRoutes(deps: Deps) {
  const app = new Hono();
  const ok = (c: Context) => c.json({ valid: true });

  app.put('/validate/basicdetails', async (c) => {
    await validBody(c, (input) => validateBasicDetails(input, deps.clock.today()));
    return ok(c);
  });
  app.put('/validate/options', async (c) => {
    const date = dinnerDate(c);
    await validBody(c, (input) => validateOptions(input, date));
    return ok(c);
  });
  app.put('/validate/publicsettings', async (c) => {
    const date = dinnerDate(c);
    await validBody(c, (input) => validatePublicSettings(input, date));
    return ok(c);
  });
  app.put('/validate/afterpartylocation', async (c) => {
    await validBody(c, (input) => validateAfterPartyLocation(input));
    return ok(c);
  });
  app.post('/create', async (c) => {
    const body = await validBody(c, (input) => validateCreateRunningDinner(input, deps.clock.today()));
    const key = idempotencyKey(c);
    // A retry of a creation whose answer was lost: the first event again, without counting as a new creation.
    const earlier = await createdEarlier(deps, body.email, key);
    if (earlier) return c.json(earlier);
    await takeEventCreation(deps, clientAddress(c, deps.config.trustProxy));
    return c.json(await createRunningDinner(deps, body, key));
  });
  return app;
}
