import { Hono } from 'hono';
import type { Deps } from '../../deps.js';
import type { SseStreams } from '../../http/sse.js';
import { Topic } from '../../lib/event-bus.js';
import { type AdminEnv, adminScope } from '../dinner/admin-scope.js';

/** /sse/messageservice/v1/runningdinner/:adminId/messagejobs — the sending progress of the event's message jobs. */
export function messageJobsSseRoutes(deps: Deps, streams: SseStreams) {
  const app = new Hono<AdminEnv>();
  app.use('/:adminId/*', adminScope(deps));
  app.get('/:adminId/messagejobs', (c) => streams.open(c, Topic.messageJobs(c.var.dinner.id)));
  return app;
}
