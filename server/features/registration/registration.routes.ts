import { Hono } from 'hono';
import { validateRegistrationForm } from '../../../contract/participants.js';
import type { Deps } from '../../deps.js';
import { validBody } from '../../http/body.js';
import { languageOf } from '../../http/language.js';
import { getPublicRunningDinner, listPublicRunningDinners } from './public-dinners.service.js';
import { register } from './registration.service.js';
import { activateRegistration } from './registration-activation.service.js';
import { validateRegistration } from './registration-check.service.js';

/** /rest/frontend/v1 — what anyone may read and do without a secret link. */
export function registrationRoutes(deps: Deps) {
  const app = new Hono();

  app.get('/runningdinner', async (c) => c.json(await listPublicRunningDinners(deps)));

  app.get('/runningdinner/:publicDinnerId', async (c) =>
    c.json(await getPublicRunningDinner(deps, c.req.param('publicDinnerId'))),
  );

  app.post('/runningdinner/:publicDinnerId/register/validate', async (c) => {
    const form = await validBody(c, validateRegistrationForm);
    return c.json(await validateRegistration(deps, c.req.param('publicDinnerId'), form));
  });

  app.post('/runningdinner/:publicDinnerId/register', async (c) => {
    const form = await validBody(c, validateRegistrationForm);
    const language = languageOf(c);
    return c.json(await register(deps, c.req.param('publicDinnerId'), form, language));
  });

  app.put('/runningdinner/:publicDinnerId/:participantId/activate', async (c) =>
    c.json(await activateRegistration(deps, c.req.param('publicDinnerId'), c.req.param('participantId'))),
  );

  return app;
}
