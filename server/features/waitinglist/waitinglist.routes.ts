import { Hono } from 'hono';
import { assignParticipantsSchema, generateNewTeamsSchema } from '../../../contract/teams.js';
import { validate } from '../../../domain/validation.js';
import type { Deps } from '../../deps.js';
import { validBody, validParam } from '../../http/body.js';
import { type AdminEnv, adminScope } from '../dinner/admin-scope.js';
import type { AfterNewTeams } from '../teams/after-new-teams.js';
import { seedQuerySchema } from '../teams/teams.routes.js';
import * as waitingList from './waitinglist.service.js';

/** /rest/waitinglistservice/v1/runningdinner/:adminId — the waiting list once teams exist. */
export function waitingListRoutes(deps: Deps, afterNewTeams: AfterNewTeams) {
  const app = new Hono<AdminEnv>();
  app.use('/:adminId', adminScope(deps));
  app.use('/:adminId/*', adminScope(deps));

  app.get('/:adminId', async (c) => c.json(await waitingList.waitingList(deps, c.var.dinner)));

  app.put('/:adminId/assign-participants-teams', async (c) => {
    const body = await validBody(c, (input) => validate(assignParticipantsSchema, input));
    return c.json(await waitingList.assignParticipantsToTeams(deps, c.var.dinner, body.teamParticipantsAssignments));
  });

  app.put('/:adminId/generate-new-teams', async (c) => {
    const body = await validBody(c, (input) => validate(generateNewTeamsSchema, input));
    const seed = validParam('seed', seedQuerySchema, c.req.query('seed'));
    const answer = await waitingList.generateNewTeams(deps, c.var.dinner, body.participants, seed);
    return c.json({ ...answer, ...(await afterNewTeams(deps, c.var.dinner, 'added')) });
  });

  return app;
}
