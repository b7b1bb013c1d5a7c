import { Hono } from 'hono';
import { relevantStateSchema, teamPartnerWishesSchema } from '../../../contract/team-partner-wish.js';
import { validate } from '../../../domain/validation.js';
import type { Deps } from '../../deps.js';
import { validBody, validParam } from '../../http/body.js';
import { type AdminEnv, adminScope } from '../dinner/admin-scope.js';
import { completeTeamPartnerWish, teamPartnerWishesOf, teamPartnerWishFor } from './team-partner-wish.service.js';

/** /rest/participantservice/v1/runningdinner/:adminId — the organiser's view of the team partner wishes. */
export function teamPartnerWishRoutes(deps: Deps) {
  const app = new Hono<AdminEnv>();
  app.use('/:adminId/*', adminScope(deps));

  app.get('/:adminId/participant/:participantId/team-partner-wish', async (c) => {
    const states = (c.req.queries('relevantState') ?? []).map((s) =>
      validParam('relevantState', relevantStateSchema, s),
    );
    return c.json(await teamPartnerWishFor(deps, c.var.dinner, c.req.param('participantId'), states));
  });

  app.put('/:adminId/participant/:participantId/team-partner-wish', async (c) =>
    c.json(await completeTeamPartnerWish(deps, c.var.dinner, c.req.param('participantId'))),
  );

  app.put('/:adminId/participants/team-partner-wish', async (c) => {
    const selection = await validBody(c, (input) => validate(teamPartnerWishesSchema, input));
    return c.json(await teamPartnerWishesOf(deps, c.var.dinner, selection));
  });

  return app;
}
