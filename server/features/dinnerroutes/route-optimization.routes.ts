import { Hono } from 'hono';
import { optimizationRequestSchema } from '../../../contract/route-optimization.js';
import { validate } from '../../../domain/validation.js';
import type { Deps } from '../../deps.js';
import { validBody } from '../../http/body.js';
import type { SseStreams } from '../../http/sse.js';
import { Topic } from '../../lib/event-bus.js';
import { type AdminEnv, adminScope } from '../dinner/admin-scope.js';
import { applyOptimization } from './route-optimization.apply.js';
import * as optimization from './route-optimization.service.js';

/** /rest/dinnerrouteservice/v1/runningdinner/:adminId/optimization — predict, start, follow, preview, apply, cancel. */
export function routeOptimizationRoutes(deps: Deps) {
  const app = new Hono<AdminEnv>();
  app.use('/:adminId/optimization', adminScope(deps));
  app.use('/:adminId/optimization/*', adminScope(deps));

  app.get('/:adminId/optimization/predict', async (c) => c.json(await optimization.predict(deps, c.var.dinner)));
  app.post('/:adminId/optimization', async (c) => {
    const request = await validBody(c, (body) => validate(optimizationRequestSchema, body ?? {}));
    return c.json(await optimization.startOptimization(deps, c.var.dinner, request), 202);
  });
  app.get('/:adminId/optimization/:id/status', async (c) =>
    c.json(await optimization.optimizationState(deps, c.var.dinner, c.req.param('id'))),
  );
  app.get('/:adminId/optimization/:id/preview', async (c) =>
    c.json(await optimization.optimizationPreview(deps, c.var.dinner, c.req.param('id'))),
  );
  app.put('/:adminId/optimization/:id', async (c) =>
    c.json(await applyOptimization(deps, c.var.dinner, c.req.param('id'))),
  );
  app.delete('/:adminId/optimization/:id', async (c) =>
    c.json(await optimization.cancelOptimization(deps, c.var.dinner, c.req.param('id'))),
  );
  return app;
}

/**
 * /sse/dinnerrouteservice/v1/runningdinner/:adminId/:optimizationId/subscribe — a run's progress, then its end
 * (`finished`, for a run the server started itself `applied`; or `failed`, `cancelled`); the stream closes after
 * it, and a run that is over answers 204 (a browser then stops reconnecting).
 */
export function routeOptimizationSseRoutes(deps: Deps, streams: SseStreams) {
  const app = new Hono<AdminEnv>();
  app.use('/:adminId/*', adminScope(deps));
  app.get('/:adminId/:optimizationId/subscribe', async (c) => {
    const id = c.req.param('optimizationId');
    const stream = await optimization.streamOf(deps, c.var.dinner, id);
    if (stream.ended) return c.body(null, 204);
    const endedWith = async () => (await optimization.streamOf(deps, c.var.dinner, id)).ended;
    return streams.open(c, Topic.routeOptimization(id), { lastEvents: stream.lastEvents, endedWith });
  });
  return app;
}
