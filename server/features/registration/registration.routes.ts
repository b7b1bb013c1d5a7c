import { Hono } from 'hono';
import { validateRegistrationForm } from '../../../contract/participants.js';
import type { Deps } from '../../deps.js';
import { validBody } from '../../http/body.js';
import { languageOf } from '../../http/language.js';
import * as registration from './registration.service.js';

/** /rest/frontend/v1 — what anyone may read and do without a secret link. */
export function registrationRoutes(deps: Deps) {
  const app = new Hono();

  app.get('/runningdinner', async (c) => c.json(await registration.listPublicRunningDinners(deps)));

  app.get('/runningdinner/:publicDinnerId', async (c) =>
    c.json(await registration.getPublicRunningDinner(deps, c.req.param('publicDinnerId'))),
  );

  app.post('/runningdinner/:publicDinnerId/register/validate', async (c) => {
    const form = await validBody(c, validateRegistrationForm);
    return c.json(await registration.validateRegistration(deps, c.req.param('publicDinnerId'), form));
  });

  app.post('/runningdinner/:publicDinnerId/register', async (c) => {
    const form = await validBody(c, validateRegistrationForm);
    const language = languageOf(c);
    return c.json(await registration.register(deps, c.req.param('publicDinnerId'), form, language));
  });

  app.put('/runningdinner/:publicDinnerId/:participantId/activate', async (c) =>
    c.json(await registration.activateRegistration(deps, c.req.param('publicDinnerId'), c.req.param('participantId'))),
  );

  return app;
}
