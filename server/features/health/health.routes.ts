import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Deps } from '../../deps.js';

/** A database that does not answer within this is as good as down: a container health check must not hang. */
const DATABASE_TIMEOUT_MS = 3_000;

/**
 * /healthz — what a container runtime or a load balancer asks: 200 while this instance can reach its database
 * (SQLite or PostgreSQL) and write where a write failed for a full disk, else 503. No secrets, no scope, never
 * cached: every probe asks the database again.
 */
export function healthRoutes(deps: Deps) {
  const app = new Hono();
  app.get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sql`select 1`.execute(deps.db),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${DATABASE_TIMEOUT_MS} ms`)),
            DATABASE_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      // One line per failed probe: the operator sees why the instance was taken out, without a stack every 30 s.
      console.error(
        `health check failed: the database did not answer (${error instanceof Error ? error.message : String(error)})`,
      );
      return c.json({ status: 'unavailable' }, 503);
    } finally {
      clearTimeout(timer);
    }
    const full = await deps.diskFull.stillFull();
    if (full.length > 0) {
      console.error(`health check failed: ${full.join('; ')}`);
      return c.json({ status: 'unavailable' }, 503);
    }
    return c.json({ status: 'ok' });
  });
  return app;
}
