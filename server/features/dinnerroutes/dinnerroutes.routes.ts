import { Hono } from 'hono';
import { rangeInMetersSchema } from '../../../contract/dinner-routes.js';
import type { Deps } from '../../deps.js';
import { validParam } from '../../http/body.js';
import { type AdminEnv, adminScope } from '../dinner/admin-scope.js';
import * as routes from './dinnerroutes.service.js';

/** /rest/dinnerrouteservice/v1/runningdinner/:adminId — the route cockpit's reads (the optimisation is mounted beside it). */
export function dinnerRoutesRoutes(deps: Deps) {
  const app = new Hono<AdminEnv>();
  app.use('/:adminId/teams', adminScope(deps));
  app.use('/:adminId/teams/*', adminScope(deps));
  app.use('/:adminId/distances/*', adminScope(deps));

  app.get('/:adminId/teams', async (c) => c.json(await routes.dinnerRoutes(deps, c.var.dinner)));
  app.get('/:adminId/teams/:teamId', async (c) =>
    c.json(await routes.dinnerRoute(deps, c.var.dinner, c.req.param('teamId'))),
  );
  app.get('/:adminId/distances/teams', async (c) => c.json(await routes.distances(deps, c.var.dinner)));
  app.get('/:adminId/distances/:rangeInMeters/teams', async (c) =>
    c.json(
      await routes.nearbyHosts(
        deps,
        c.var.dinner,
        validParam('rangeInMeters', rangeInMetersSchema, c.req.param('rangeInMeters')),
      ),
    ),
  );

  return app;
}
