import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { cancelTeamSchema, type TeamsResponse, teamHostsSchema } from '../../../contract/teams.js';
import { TeamsMessage } from '../../../contract/teams.messages.js';
import { publishedSchema } from '../../../contract/updates.js';
import { validate } from '../../../domain/validation.js';
import { msgId } from '../../../domain/validation-messages.js';
import type { Deps } from '../../deps.js';
import { validBody, validParam } from '../../http/body.js';
import { streamedJson } from '../../http/json-stream.js';
import { type AdminEnv, adminScope } from '../dinner/admin-scope.js';
import type { AfterNewTeams } from './after-new-teams.js';
import { changeTeamHosts, swapNumbersOfTeams, swapTeamMeals, swapTeamMembers } from './plan-operations.service.js';
import { cancelTeam, cancelTeamMember, moveTeamMemberToWaitingList } from './team-cancellation.service.js';
import { dropTeams, generateTeams, regenerateTeams } from './teams-generation.service.js';
import { publishTeams } from './teams-publication.service.js';
import { listTeams, meetingPlan } from './teams-reading.service.js';

/**
 * `?seed=`: replays a plan (the seed of a generation is in its activity and in the teams' answer). A
 * non-negative 31-bit integer, as newSeed makes them; absent, a fresh one is drawn.
 */
export const seedQuerySchema = v.optional(
  v.pipe(
    v.string(TeamsMessage.seedInvalid.id),
    v.regex(/^\d{1,10}$/, TeamsMessage.seedInvalid.id),
    v.transform(Number),
    v.maxValue(2 ** 31 - 1, TeamsMessage.seedInvalid.id),
  ),
);

const filterCancelledTeamsSchema = v.optional(
  v.pipe(
    v.picklist(['true', 'false'], msgId('invalidValue')),
    v.transform((s) => s === 'true'),
  ),
  'false',
);

/** /rest/teamservice/v1/runningdinner/:adminId — the organiser's teams. */
export function teamsRoutes(deps: Deps, afterNewTeams: AfterNewTeams) {
  const app = new Hono<AdminEnv>();
  app.use('/:adminId', adminScope(deps));
  app.use('/:adminId/*', adminScope(deps));

  app.get('/:adminId', async (c) => {
    const filterCancelledTeams = validParam(
      'filterCancelledTeams',
      filterCancelledTeamsSchema,
      c.req.query('filterCancelledTeams'),
    );
    return streamedJson(c, await listTeams(deps, c.var.dinner, filterCancelledTeams), 'teams');
  });
  const generated = async (c: Context<AdminEnv>, answer: TeamsResponse) =>
    streamedJson(c, { ...answer, ...(await afterNewTeams(deps, c.var.dinner, 'generated')) }, 'teams');
  app.post('/:adminId', async (c) =>
    generated(c, await generateTeams(deps, c.var.dinner, validParam('seed', seedQuerySchema, c.req.query('seed')))),
  );
  app.put('/:adminId', async (c) =>
    generated(c, await regenerateTeams(deps, c.var.dinner, validParam('seed', seedQuerySchema, c.req.query('seed')))),
  );
  app.delete('/:adminId', async (c) => c.json(await dropTeams(deps, c.var.dinner)));
  app.put('/:adminId/published', async (c) => {
    const wanted = await validBody(c, (input) => validate(publishedSchema, input));
    return c.json(await publishTeams(deps, c.var.dinner, wanted));
  });

  app.put('/:adminId/teammembers/swap/:participantIdA/:participantIdB', async (c) =>
    c.json(await swapTeamMembers(deps, c.var.dinner, c.req.param('participantIdA'), c.req.param('participantIdB'))),
  );
  app.put('/:adminId/meals/swap/:teamIdA/:teamIdB', async (c) =>
    c.json(await swapTeamMeals(deps, c.var.dinner, c.req.param('teamIdA'), c.req.param('teamIdB'))),
  );
  app.put('/:adminId/teamnumbers/swap/:teamIdA/:teamIdB', async (c) =>
    c.json(await swapNumbersOfTeams(deps, c.var.dinner, c.req.param('teamIdA'), c.req.param('teamIdB'))),
  );
  app.put('/:adminId/teamhosts', async (c) => {
    const body = await validBody(c, (input) => validate(teamHostsSchema, input));
    return c.json(await changeTeamHosts(deps, c.var.dinner, body));
  });

  app.get('/:adminId/team/:teamId/meetingplan', async (c) =>
    c.json(await meetingPlan(deps, c.var.dinner, c.req.param('teamId'))),
  );
  app.put('/:adminId/team/:teamId/cancel', async (c) => {
    const body = await validBody(c, (input) => validate(cancelTeamSchema, input));
    return c.json(await cancelTeam(deps, c.var.dinner, c.req.param('teamId'), body));
  });
  app.put('/:adminId/team/:teamId/:participantId/cancel', async (c) =>
    c.json(await cancelTeamMember(deps, c.var.dinner, c.req.param('teamId'), c.req.param('participantId'))),
  );
  app.put('/:adminId/team/:teamId/:participantId/waitinglist', async (c) =>
    c.json(await moveTeamMemberToWaitingList(deps, c.var.dinner, c.req.param('teamId'), c.req.param('participantId'))),
  );

  return app;
}
