import { Hono } from 'hono';
import type { Deps } from '../../deps.js';
import type { SseStreams } from '../../http/sse.js';
import { Topic } from '../../lib/event-bus.js';
import { type AdminEnv, adminScope } from '../dinner/admin-scope.js';

/** /sse/runningdinnerservice/v1/runningdinner/:adminId/events — registrations, confirmations and activities as they happen. */
export function dinnerSseRoutes(deps: Deps, streams: SseStreams) {
  const app = new Hono<AdminEnv>();
  app.use('/:adminId/*', adminScope(deps));
  app.get('/:adminId/events', (c) => streams.open(c, Topic.dinner(c.var.dinner.id)));
  return app;
}
