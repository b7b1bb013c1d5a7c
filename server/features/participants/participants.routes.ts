import { Hono } from 'hono';
import type { Deps } from '../../deps.js';
import { adminScope, type AdminEnv } from '../../http/admin-scope.js';
import { validParam } from '../../http/body.js';
import { registrationsPageSchema } from './participants.schema.js';
import { registrationsPage } from './participants.service.js';

/** /rest/participantservice/v1/runningdinner/:adminId — the organiser's view of the participants. */
export function participantsRoutes(deps: Deps) {
  const app = new Hono<AdminEnv>();
  app.use('/:adminId/*', adminScope(deps));

  app.get('/:adminId/participants/registrations', async (c) => {
    const page = validParam('page', registrationsPageSchema, c.req.query('page'));
    return c.json(await registrationsPage(deps, c.var.dinner, page));
  });

  return app;
}
