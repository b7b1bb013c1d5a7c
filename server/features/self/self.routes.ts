import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Deps } from '../../deps.js';
import { validParam } from '../../http/body.js';
import { teamPartnerWishEmailSchema } from './self.schema.js';
import { changeTeamPartnerWish, openSelfLink, selfSessionData, type SelfLink } from './self.service.js';

type SelfEnv = { Variables: { link: SelfLink } };

/** Proves the personal link once, at the edge: the event and the participant, or the same 404. */
const selfScope = (deps: Deps) =>
  createMiddleware<SelfEnv>(async (c, next) => {
    c.set('link', await openSelfLink(deps, c.req.param('selfAdminId') ?? '', c.req.param('participantId') ?? ''));
    await next();
  });

/** /rest/self/v1/:selfAdminId/:participantId — what a participant's personal link opens. */
export function selfRoutes(deps: Deps) {
  const app = new Hono<SelfEnv>();
  app.use('/:selfAdminId/:participantId/*', selfScope(deps));

  app.get('/:selfAdminId/:participantId/sessiondata', async (c) => c.json(await selfSessionData(deps, c.var.link)));

  app.put('/:selfAdminId/:participantId/teampartnerwish', async (c) => {
    const email = validParam('email', teamPartnerWishEmailSchema, c.req.query('email'));
    return c.json(await changeTeamPartnerWish(deps, c.var.link, email));
  });

  return app;
}
