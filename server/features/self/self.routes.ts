import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { teamPartnerWishEmailSchema, withdrawalSchema } from '../../../contract/self.js';
import { changeTeamHostSchema } from '../../../contract/teams.js';
import type { TeamRow } from '../../../db/schema.js';
import { validate } from '../../../domain/validation.js';
import type { Deps } from '../../deps.js';
import { validBody, validParam } from '../../http/body.js';
import { changeTeamPartnerWish, selfHome } from './self.service.js';
import { openSelfLink, type SelfLink } from './self-link.js';
import { changeTeamHost, openOwnTeam, selfDinnerRoute, selfTeam } from './self-teams.service.js';
import { assertShown } from './shown.js';
import { withdraw } from './withdrawal.service.js';

type SelfEnv = { Variables: { link: SelfLink } };
type SelfTeamEnv = { Variables: { link: SelfLink; team: TeamRow } };

/** Proves the personal link once, at the edge: the event and the participant, or the same 404. */
const selfScope = (deps: Deps) =>
  createMiddleware<SelfEnv>(async (c, next) => {
    c.set('link', await openSelfLink(deps, c.req.param('selfAdminId') ?? '', c.req.param('participantId') ?? ''));
    await next();
  });

/** `:teamId` must be the participant's own team: proven, like the link, before a body is read. */
const ownTeamScope = (deps: Deps) =>
  createMiddleware<SelfTeamEnv>(async (c, next) => {
    c.set('team', await openOwnTeam(deps.db, c.var.link, c.req.param('teamId') ?? ''));
    await next();
  });

/** /rest/self/v1/:selfAdminId/:participantId — what a participant's personal link opens. */
export function selfRoutes(deps: Deps) {
  const app = new Hono<SelfEnv>();
  app.use('/:selfAdminId/:participantId/*', selfScope(deps));

  app.get('/:selfAdminId/:participantId/sessiondata', async (c) => c.json(await selfHome(deps, c.var.link)));

  app.put('/:selfAdminId/:participantId/teampartnerwish', async (c) => {
    const email = validParam('email', teamPartnerWishEmailSchema, c.req.query('email'));
    return c.json(await changeTeamPartnerWish(deps, c.var.link, email));
  });

  app.put('/:selfAdminId/:participantId/withdraw', async (c) => {
    const { note } = await validBody(c, (input) => validate(withdrawalSchema, input ?? {}));
    return c.json(await withdraw(deps, c.var.link, note));
  });

  const teamApp = new Hono<SelfTeamEnv>();
  teamApp.use('*', ownTeamScope(deps));
  teamApp.get('/team', async (c) => {
    await assertShown(deps.db, c.var.link, 'team');
    return c.json(await selfTeam(deps, c.var.link, c.var.team));
  });
  teamApp.put('/teamhost', async (c) => {
    await assertShown(deps.db, c.var.link, 'team');
    const body = await validBody(c, (input) => validate(changeTeamHostSchema, input));
    return c.json(await changeTeamHost(deps, c.var.link, c.var.team, body));
  });
  teamApp.get('/dinnerroute', async (c) => {
    await assertShown(deps.db, c.var.link, 'route');
    return c.json(await selfDinnerRoute(deps, c.var.link, c.var.team));
  });
  app.route('/:selfAdminId/:participantId/:teamId', teamApp);

  return app;
}
