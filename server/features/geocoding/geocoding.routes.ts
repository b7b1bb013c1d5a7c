import { Hono } from 'hono';
import { positionSchema } from '../../../contract/geocoding.js';
import { validate } from '../../../domain/validation.js';
import type { Deps } from '../../deps.js';
import { validBody } from '../../http/body.js';
import { type AdminEnv, adminScope } from '../dinner/admin-scope.js';
import * as geocoding from './geocoding.service.js';

const validPosition = (input: unknown) => validate(positionSchema, input);

/** /rest/dinnerrouteservice/v1/runningdinner/:adminId/geocoding — how far geocoding got (mounted beside the route cockpit's reads). */
export function geocodingRoutes(deps: Deps) {
  const app = new Hono<AdminEnv>();
  app.use('/:adminId/geocoding', adminScope(deps));
  app.get('/:adminId/geocoding', async (c) => c.json(await geocoding.geocodingOverview(deps, c.var.dinner)));
  return app;
}

/** /rest/participantservice/v1/runningdinner/:adminId/participant/:participantId/geocode — a participant's position set by hand. */
export function participantPositionRoutes(deps: Deps) {
  const app = new Hono<AdminEnv>();
  app.use('/:adminId/participant/:participantId/geocode', adminScope(deps));
  app.put('/:adminId/participant/:participantId/geocode', async (c) => {
    const position = await validBody(c, validPosition);
    return c.json(await geocoding.setParticipantPosition(deps, c.var.dinner, c.req.param('participantId'), position));
  });
  return app;
}

/** /rest/runningdinnerservice/v1/runningdinner/:adminId/afterpartylocation/geocode — the after-party's position set by hand. */
export function afterPartyPositionRoutes(deps: Deps) {
  const app = new Hono<AdminEnv>();
  app.use('/:adminId/afterpartylocation/geocode', adminScope(deps));
  app.put('/:adminId/afterpartylocation/geocode', async (c) =>
    c.json(await geocoding.setAfterPartyPosition(deps, c.var.dinner, await validBody(c, validPosition))),
  );
  return app;
}
