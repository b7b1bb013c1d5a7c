import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createBody } from '../support/factories.js';
import { failInsertsInto } from '../support/fault-injection.js';
import { enqueueTestMail, taskById } from '../support/mail-tasks.js';
import { onPostgres } from '../support/postgres.js';
import { canMountSmallDisk, mountSmallDisk, type SmallDisk } from '../support/small-disk.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

// Issue 20, finding 7: a full disk is the server's fault, said plainly. A real full disk is a small tmpfs filled to
// the last byte (mounting takes root, as CI runs); PostgreSQL's own disk cannot be filled here, so its answer to a
// full disk (SQLSTATE 53100, disk_full) comes from a trigger.

const health = async (s: TestServer) => (await fetch(`${s.baseUrl}/healthz`)).status;
const createEvent = (s: TestServer) => call(s, 'POST', '/wizardservice/v1/create', createBody());
const loggedLines = (spy: MockInstance) => spy.mock.calls.map((args) => args.map(String).join(' '));

let errors: MockInstance;
beforeEach(() => {
  errors = vi.spyOn(console, 'error');
});
afterEach(() => errors.mockRestore());

/** The server's database on a disk that fills up (SQLite: a tmpfs under DATA_DIR; PostgreSQL: disk_full on insert). */
async function serverWithFillableDatabase(): Promise<{
  server: TestServer;
  fill(): Promise<void>;
  free(): Promise<void>;
  end(): Promise<void>;
}> {
  if (onPostgres) {
    const server = await startTestServer();
    let free = async (): Promise<void> => undefined;
    return {
      server,
      async fill() {
        free = await failInsertsInto(server.deps.db, {
          name: 'disk_full',
          table: 'rate_limit_hit',
          message: 'could not extend file: No space left on device',
          sqlState: 'disk_full',
        });
      },
      free: () => free(),
      end: () => server.stop(),
    };
  }
  const mount = mkdtempSync(path.join(tmpdir(), 'rd-full-'));
  const disk = mountSmallDisk(mount);
  const server = await startTestServer({ env: { DATA_DIR: path.join(mount, 'data') } }).catch((error) => {
    disk.unmount();
    throw error;
  });
  return {
    server,
    async fill() {
      // An emptied WAL: the next write needs room on the disk, not pages the WAL already had.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(server.deps.db);
      disk.fill();
    },
    free: async () => disk.free(),
    async end() {
      await server.stop();
      disk.unmount();
    },
  };
}

describe.skipIf(!onPostgres && !canMountSmallDisk)(
  'a full disk under the database (on SQLite a tmpfs: needs root)',
  () => {
    it('answers 503 with Retry-After and logs one line naming the full disk; /healthz fails until writes succeed again', async () => {
      const { server, fill, free, end } = await serverWithFillableDatabase();
      try {
        expect((await createEvent(server)).status).toBe(200);
        await fill();

        const refused = await createEvent(server);
        expect(refused.status, refused.text).toBe(503);
        expect(refused.json.code).toBe('disk_full');
        expect(refused.headers.get('Retry-After')).toBe('60');
        const where = onPostgres ? 'the PostgreSQL database' : `the SQLite file ${server.deps.config.databaseFile}`;
        expect(loggedLines(errors)).toContainEqual(
          expect.stringContaining(`POST /rest/wizardservice/v1/create failed: the disk of ${where}`),
        );
        expect(loggedLines(errors).join('\n')).not.toMatch(/cannot rollback|unexpected/);
        expect(await health(server)).toBe(503);
        expect(loggedLines(errors)).toContainEqual(
          expect.stringMatching(/^health check failed: the disk of .* is full$/),
        );

        await free();
        expect(await health(server)).toBe(200);
        expect((await createEvent(server)).status).toBe(200);
      } finally {
        await end();
      }
    });
  },
);

describe.skipIf(!canMountSmallDisk)('a full disk under the outbox (a tmpfs: needs root)', () => {
  let server: TestServer;
  let disk: SmallDisk;
  beforeEach(async () => {
    server = await startTestServer();
    disk = mountSmallDisk(server.deps.config.outboxDir, '1m');
  });
  afterEach(async () => {
    // Inside the data folder, which the stop removes.
    disk.unmount();
    await server.stop();
  });

  /** Makes the task due now and wakes the sender, instead of waiting out the backoff. */
  async function retryNow(taskId: string, fields: { attempts?: number } = {}) {
    await server.deps.db
      .updateTable('message_task')
      .set({ next_attempt_at: new Date(0).toISOString(), ...fields })
      .where('id', '=', taskId)
      .execute();
    server.deps.mailQueue.emit('queued');
  }

  it('is never a bounce: the mail waits like one for an unreachable mail server, /healthz fails, and it goes out once there is room', async () => {
    disk.fill();
    const id = await enqueueTestMail(server, { recipientEmail: 'gast@example.org' });
    const failed = await until(async () => {
      const task = await taskById(server, id);
      return task?.status === 'QUEUED' && task.attempts >= 1 ? task : undefined;
    });
    expect(failed).toMatchObject({
      failure_type: null,
      last_error: `the disk of ${server.deps.config.outboxDir} is full`,
    });
    expect(await health(server)).toBe(503);

    // Long past the tries a recipient's failures get (8): still waiting.
    await retryNow(id, { attempts: 20 });
    const later = await until(async () => {
      const task = await taskById(server, id);
      return task?.status === 'QUEUED' && task.attempts > 20 ? task : undefined;
    });
    expect(later.failure_type).toBeNull();
    expect(readdirSync(server.deps.config.outboxDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    disk.free();
    expect(await health(server)).toBe(200);
    await retryNow(id);
    await until(async () => ((await taskById(server, id))?.status === 'SENT' ? true : undefined));
    expect(readdirSync(server.deps.config.outboxDir).filter((name) => name.endsWith('.eml'))).toHaveLength(1);
  });
});
