import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { access, constants, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { MigrationError, migrateToLatest, openDatabase } from '../db/connection.js';
import { createApp } from './app.js';
import { ConfigError, databaseDescription, loadConfig, type Config } from './config.js';
import type { Deps } from './deps.js';
import { deleteCancelledDinners } from './features/events/events.service.js';
import { mailQueueEvents } from './features/messages/messages.queue.js';
import { createMailSender } from './features/messages/messages.sender.js';
import { startJobProgress } from './features/messages/messages.progress.js';
import { MailServerHealth } from './features/messages/mail-server-health.js';
import { createGeocodingLoop } from './features/geocoding/geocoding.loop.js';
import { eventBusFor, rateLimits, startSingletonJobs, thisInstance, wakeOtherInstances } from './instances.js';
import { pruneSharedState } from './lib/shared-state.js';
import { pruneEventMailUse } from './features/messages/mail-limits.js';
import { failInterruptedOptimizations, startRunTakeovers, stopOptimizations } from './features/dinnerroutes/route-optimization.service.js';
import { systemClock, type Clock } from './lib/clock.js';
import { sweepOutbox } from './features/mailbox/outbox.js';
import { outboxMailer, smtpMailer, type SmtpTimeouts } from './lib/mailer.js';
import { diskFullWatch } from './lib/disk-full.js';
import { sseStreams } from './http/sse.js';
import { openFilesLimit, streamsWithin } from './lib/open-files.js';
import { createWorkerPool } from './lib/worker-pool.js';

const CLEANUP_INTERVAL_MS = 60 * 60_000;
/** SIGTERM ends the process within 8 s whatever happens; the steps below fit well within it. */
const EXIT_DEADLINE_MS = 7_500;
const ACCEPT_WINDOW_MS = { quiet: 150, max: 1_000 };
const REQUEST_GRACE_MS = 4_000;
const MAIL_STOP_GRACE_MS = 1_000;
/**
 * A client has this long to send its request's headers, and the whole request within the second: a half-sent
 * request must not hold a descriptor for a minute. Checked every second. Streams are answers, not requests: they stay.
 */
const REQUEST_TIMEOUTS = { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 };
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
  smtpTimeouts?: SmtpTimeouts;
  /** How long one geocoder request may take before the geocoder counts as unreachable. */
  geocoderTimeoutMs?: number;
  /** First pause before an address the geocoder could not be reached for is asked again; doubles each round. */
  geocoderRetryBaseMs?: number;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Resolves once no connection arrived for a moment (at the latest after `max`): the connections clients opened
 * before the stop, still waiting in the listen queue, are accepted and answered instead of reset.
 */
function connectionsSettled(server: Server, { quiet, max }: typeof ACCEPT_WINDOW_MS): Promise<void> {
  return new Promise((resolve) => {
    let quietTimer = setTimeout(done, quiet);
    const maxTimer = setTimeout(done, max);
    const onConnection = () => {
      clearTimeout(quietTimer);
      quietTimer = setTimeout(done, quiet);
    };
    server.on('connection', onConnection);
    function done() {
      clearTimeout(quietTimer);
      clearTimeout(maxTimer);
      server.off('connection', onConnection);
      resolve();
    }
  });
}

/** Answers what clients already sent (new requests get 503), then closes every connection, also slow ones. */
async function closeServer(server: Server): Promise<void> {
  await connectionsSettled(server, ACCEPT_WINDOW_MS);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await Promise.race([closed, delay(REQUEST_GRACE_MS)]);
  server.closeAllConnections();
}

/** Why the app cannot start on its database, in one line with the password masked. */
function whyDatabaseUnusable(config: Config, error: Error): string {
  const where = databaseDescription(config);
  if (error instanceof MigrationError) return `${error.message} (${where}); the app needs every migration and does not start`;
  return `cannot use ${where} (${error.message})${config.databaseUrl ? '; check DATABASE_URL' : ''}`;
}

/** Where the mails go, said at start-up: a forgotten SMTP_URL must not leave the outbox open or unnoticed. */
function mailDestination(config: Config): string {
  if (config.smtpUrl) return 'mail over SMTP';
  if (config.mailboxToken) return `mail to the outbox, readable with the token: ${config.publicUrl}/mailbox?token=<MAILBOX_TOKEN>`;
  const local = `http://localhost:${config.port}/mailbox`;
  if (isLoopbackHost(config.host)) return `mail to the outbox, readable on this machine only: ${local}`;
  return `mail to the outbox, which other machines cannot read (only ${local} on this machine itself); set MAILBOX_TOKEN to read it through ${config.publicUrl}/mailbox?token=<MAILBOX_TOKEN>, or SMTP_URL to send real mail`;
}

const isLoopbackHost = (host: string) => /^(127\.|::1$|localhost$)/.test(host);

export async function start(
  config: Config,
  {
    clock = systemClock(config.timeZone),
    mailRetryBaseMs = 5_000,
    clientDir = CLIENT_DIR,
    smtpTimeouts,
    geocoderTimeoutMs = 10_000,
    geocoderRetryBaseMs = 60_000,
  }: StartOptions = {},
) {
  await ensureWritableDataDir(config);
  const db = openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { file: config.databaseFile });
  await migrateToLatest(db).catch((error: Error) => refuse(whyDatabaseUnusable(config, error)));
  const instance = thisInstance(config);
  const bus = await eventBusFor(config, db, clock);
  const diskFull = diskFullWatch(db, { database: databaseDescription(config), outboxDir: config.outboxDir });
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailConcurrency, smtpTimeouts) : outboxMailer(config.outboxDir, diskFull);
  const mailServerHealth = new MailServerHealth();
  const sender = createMailSender(db, mailer, clock, mailServerHealth, {
    from: config.mailFrom,
    retryBaseMs: mailRetryBaseMs,
    pollMs: 5_000,
    concurrency: config.mailConcurrency,
    ratePerSecond: config.mailRatePerSecond,
    stopGraceMs: MAIL_STOP_GRACE_MS,
    claim: { instanceId: instance.id, leaseMs: config.claimLeaseSeconds * 1000, shared: instance.shared },
  });
  const workers = createWorkerPool({ queueLength: config.workQueueLength });
  const sweep = (atStartUp = false) =>
    config.smtpUrl
      ? Promise.resolve()
      : sweepOutbox(db, config.outboxDir, { atStartUp }).then(
          () => undefined,
          (e) => console.error('outbox clean-up failed:', e),
        );
  const deps: Deps = {
    db,
    clock,
    config,
    instance,
    workers,
    bus,
    mailServerHealth,
    diskFull,
    limits: rateLimits(db, config),
  };
  if (!instance.shared) await failInterruptedOptimizations(deps);
  const geocoding = createGeocodingLoop(deps, { timeoutMs: geocoderTimeoutMs, retryBaseMs: geocoderRetryBaseMs, pollMs: 10_000 });
  let stopping = false;
  const streamCap = streamsWithin(config.sseStreamsMax, openFilesLimit());
  if (streamCap.warning) console.warn(`running-dinner: ${streamCap.warning}`);
  const streams = sseStreams(deps.bus, {
    heartbeatSeconds: config.sseHeartbeatSeconds,
    perClient: config.sseStreamsPerClient,
    max: streamCap.max,
    trustProxy: config.trustProxy,
  });
  const app = createApp(deps, { clientDir, isShuttingDown: () => stopping, streams });

  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host, serverOptions: REQUEST_TIMEOUTS }, () => resolve(s as Server)) as Server;
    s.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') refuse(`port ${config.port} on ${config.host} is already in use; stop the other program or set PORT`);
      if (error.code === 'EACCES') refuse(`no permission to listen on port ${config.port}; set PORT to a number above 1023`);
      refuse(`cannot listen on ${config.host}:${config.port}: ${error.message}`);
    });
  });
  await sender.start();
  const jobProgress = startJobProgress(deps);
  await sweep(true);
  const sweepAfterDeletion = () => void sweep();
  mailQueueEvents.on('forgotten', sweepAfterDeletion);
  const cleanup = async () => {
    const deleted = await deleteCancelledDinners(deps).catch((e) => {
      console.error('clean-up failed:', e);
      return 0;
    });
    if (deleted > 0) console.log(`deleted ${deleted} cancelled running dinner(s)`);
    await pruneSharedState(deps).catch((e) => console.error('clean-up failed:', e));
    await pruneEventMailUse(deps).catch((e) => console.error('clean-up failed:', e));
  };
  const singletons = await startSingletonJobs(config, { geocoding, cleanup, cleanupIntervalMs: CLEANUP_INTERVAL_MS });
  const takeovers = startRunTakeovers(deps);
  const wakes = await wakeOtherInstances(config, db, { sender, geocoding });
  console.log(`running-dinner serving on http://${config.host}:${config.port} (links use ${config.publicUrl}; ${mailDestination(config)})`);

  const stop = async () => {
    stopping = true;
    streams.endAll();
    await closeServer(server);
    mailQueueEvents.off('forgotten', sweepAfterDeletion);
    await wakes.stop();
    await sender.stop();
    await takeovers.stop();
    await singletons.stop();
    jobProgress.stop();
    await stopOptimizations(deps);
    await workers.close();
    mailer.close();
    await bus.close();
    await db.destroy();
  };
  return { stop, deps };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // A log line that cannot be written (a pipe whose reader is gone, a log file on a full disk) is lost, not fatal:
  // unheard, the stream's 'error' event would end the process.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    refuse(error instanceof ConfigError ? `invalid configuration: ${error.message}` : String(error));
  }
  const running = await start(config);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        console.error(`running-dinner: not stopped within ${EXIT_DEADLINE_MS} ms, exiting anyway`);
        process.exit(1);
      }, EXIT_DEADLINE_MS).unref();
      running.stop().then(
        () => process.exit(0),
        (error) => {
          console.error('running-dinner: stop failed:', error);
          process.exit(1);
        },
      );
    });
  }
}
