import { createMiddleware } from 'hono/factory';
import type { RunningDinnerRow } from '../../../db/schema.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { findByAdminId } from './dinner.queries.js';

export type AdminEnv = { Variables: { dinner: RunningDinnerRow } };

/** Proves the admin scope once, at the edge: `:adminId` becomes the event, or the same 404 for every wrong id. */
export const adminScope = (deps: Deps) =>
  createMiddleware<AdminEnv>(async (c, next) => {
    const adminId = c.req.param('adminId') ?? '';
    const dinner = isUuid(adminId) ? await findByAdminId(deps.db, adminId) : undefined;
    if (!dinner) throw notFound();
    c.set('dinner', dinner);
    await next();
  });
