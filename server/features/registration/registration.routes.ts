import { Hono } from 'hono';
import type { Deps } from '../../deps.js';
import { listPublicRunningDinners } from './registration.service.js';

/** /rest/frontend/v1 — what anyone may read without a secret link. */
export function registrationRoutes(deps: Deps) {
  const app = new Hono();
  app.get('/runningdinner', async (c) => c.json(await listPublicRunningDinners(deps)));
  return app;
}
