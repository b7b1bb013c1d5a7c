import { serve } from '@hono/node-server';
import { access, constants, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, openDatabase } from '../db/connection.js';
import { createApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import type { Deps } from './deps.js';
import { deleteCancelledDinners } from './features/events/events.service.js';
import { createMailSender } from './features/messages/messages.sender.js';
import { systemClock, type Clock } from './lib/clock.js';
import { outboxMailer, smtpMailer } from './lib/mailer.js';
import { createWorkerPool } from './lib/worker-pool.js';

const CLEANUP_INTERVAL_MS = 60 * 60_000;
/** Built client: dist/client, both from server/main.ts (dev, one level below the root) and from dist/server/main.js. */
const CLIENT_DIR = fileURLToPath(new URL(import.meta.url.includes('/dist/server/') ? '../client/' : '../dist/client/', import.meta.url));

/** Exits with one clear line instead of a stack trace. */
function refuse(message: string): never {
  console.error(`running-dinner: ${message}`);
  process.exit(1);
}

async function ensureWritableDataDir(config: Config): Promise<void> {
  try {
    await mkdir(config.dataDir, { recursive: true });
    await access(config.dataDir, constants.W_OK);
  } catch {
    refuse(`DATA_DIR ${config.dataDir} is not writable; set DATA_DIR to a folder this user may write to`);
  }
}

interface StartOptions {
  clock?: Clock;
  /** First retry delay of a mail that could not be delivered; doubles with each attempt. */
  mailRetryBaseMs?: number;
  /** Folder with the built client (index.html and assets). */
  clientDir?: string;
}

export async function start(config: Config, { clock = systemClock(config.timeZone), mailRetryBaseMs = 5_000, clientDir = CLIENT_DIR }: StartOptions = {}) {
  await ensureWritableDataDir(config);
  const db = openDatabase(config.databaseFile);
  await migrateToLatest(db);
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl) : outboxMailer(config.outboxDir);
  const sender = createMailSender(db, mailer, clock, { from: config.mailFrom, retryBaseMs: mailRetryBaseMs, pollMs: 5_000, batchSize: 20 });
  const workers = createWorkerPool();
  const deps: Deps = { db, clock, config, wakeMailSender: () => sender.wake(), workers };
  const app = createApp(deps, clientDir);

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    s.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') refuse(`port ${config.port} on ${config.host} is already in use; stop the other program or set PORT`);
      if (error.code === 'EACCES') refuse(`no permission to listen on port ${config.port}; set PORT to a number above 1023`);
      refuse(`cannot listen on ${config.host}:${config.port}: ${error.message}`);
    });
  });
  await sender.start();
  const cleanup = async () => {
    const deleted = await deleteCancelledDinners(deps).catch((e) => (console.error('clean-up failed:', e), 0));
    if (deleted > 0) console.log(`deleted ${deleted} cancelled running dinner(s)`);
  };
  await cleanup();
  const cleanupTimer = setInterval(cleanup, CLEANUP_INTERVAL_MS);
  console.log(`running-dinner serving on http://${config.host}:${config.port} (links use ${config.publicUrl}; mail ${config.smtpUrl ? 'over SMTP' : `to the outbox, see ${config.publicUrl}/mailbox`})`);

  const stop = async () => {
    clearInterval(cleanupTimer);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await sender.stop();
    await workers.close();
    mailer.close();
    await db.destroy();
  };
  return { stop, deps };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    refuse(error instanceof ConfigError ? `invalid configuration: ${error.message}` : String(error));
  }
  const running = await start(config);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      running.stop().then(() => process.exit(0), () => process.exit(1));
    });
  }
}
