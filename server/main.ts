import { access, constants, mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import {
  type Db,
  isDatabaseBusyOrUnreachable,
  MigrationError,
  migrateToLatest,
  openDatabase,
  shortenSqliteBusyTimeout,
} from '../db/connection.js';
import { createApp } from './app.js';
import { type Config, ConfigError, databaseDescription, loadConfig } from './config.js';
import type { Deps } from './deps.js';
import { OptimizationRuns } from './features/dinnerroutes/optimization-runs.js';
import {
  failInterruptedOptimizations,
  startRunTakeovers,
  stopOptimizations,
} from './features/dinnerroutes/route-optimization.runner.js';
import { deleteCancelledDinners } from './features/events/events.service.js';
import { createGeocodingLoop } from './features/geocoding/geocoding.loop.js';
import { geocodingEvents } from './features/geocoding/geocoding-events.js';
import { pruneEventMailUse } from './features/mail/mail-limits.js';
import { mailQueueEvents } from './features/mail/mail-queue-events.js';
import { createMailSender } from './features/mail/mail-sender.js';
import { MailServerHealth } from './features/mail/mail-server-health.js';
import { sweepOutbox } from './features/mailbox/outbox.js';
import { startJobProgress } from './features/messages/messages.progress.js';
import { sseStreams } from './http/sse.js';
import {
  eventBusFor,
  rateLimits,
  startSingletonJobs,
  thisInstance,
  wakeOtherInstances,
} from './instances/instances.js';
import { pruneSharedState } from './instances/shared-state.js';
import { type Clock, systemClock } from './lib/clock.js';
import { diskFullWatch } from './lib/disk-full.js';
import { outboxMailer, type SmtpTimeouts, smtpMailer } from './lib/mailer.js';
import { openFilesLimit, streamsWithin } from './lib/open-files.js';
import { DATABASE_STEP_MS, reasonOf, Stops } from './lib/stops.js';
import { createWorkerPool } from './lib/worker-pool.js';

const CLEANUP_INTERVAL_MS = 60 * 60_000;
/**
 * SIGTERM ends the process within 8 s whatever happens, also while the database cannot be reached: every step of the
 * stop is bounded, and all of them end within the stop's budget (lib/stops.ts); the deadline is the last resort.
 */
const EXIT_DEADLINE_MS = 7_500;
const ACCEPT_WINDOW_MS = { quiet: 150, max: 1_000 };
const REQUEST_GRACE_MS = 4_000;
const MAIL_STOP_GRACE_MS = 1_000;
/**
 * At a stop, how long SQLite waits for another process's write lock (5 s while running): its wait blocks the thread,
 * timers and the deadline too, so no bound of a stop step could cut it short.
 */
const STOP_SQLITE_BUSY_MS = 250;
/** The pause between tries to reach the database at start-up: doubles up to the second. */
const DATABASE_WAIT_MS = { first: 1_000, max: 5_000 };
/**
 * A client has this long to send its request's headers, and the whole request within the second: a half-sent
 * request must not hold a descriptor for a minute. Checked every second. Streams are answers, not requests: they stay.
 */
const REQUEST_TIMEOUTS = { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 };
/** Built client: dist/client, both from server/main.ts (dev, one level below the root) and from dist/server/main.js. */
const CLIENT_DIR = fileURLToPath(
  new URL(import.meta.url.includes('/dist/server/') ? '../client/' : '../dist/client/', import.meta.url),
);

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

/** Resolves after `ms` with `undefined`; the timer does not keep the process alive. */
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

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
  /** Collects what start-up started, for the stop; a SIGTERM handler made before start-up may stop it at any point. */
  stops?: Stops;
}

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
  if (error instanceof MigrationError)
    return `${error.message} (${where}); the app needs every migration and does not start`;
  return `cannot use ${where} (${error.message})${config.databaseUrl ? '; check DATABASE_URL' : ''}`;
}

/** Where the mails go, said at start-up: a forgotten SMTP_URL must not leave the outbox open or unnoticed. */
function mailDestination(config: Config): string {
  if (config.smtpUrl) return 'mail over SMTP';
  if (config.mailboxToken)
    return `mail to the outbox, readable with the token: ${config.publicUrl}/mailbox?token=<MAILBOX_TOKEN>`;
  const local = `http://localhost:${config.port}/mailbox`;
  if (isLoopbackHost(config.host)) return `mail to the outbox, readable on this machine only: ${local}`;
  return `mail to the outbox, which other machines cannot read (only ${local} on this machine itself); set MAILBOX_TOKEN to read it through ${config.publicUrl}/mailbox?token=<MAILBOX_TOKEN>, or SMTP_URL to send real mail`;
}

const isLoopbackHost = (host: string) => /^(127\.|::1$|localhost$)/.test(host);

/**
 * Brings the schema up to date. A PostgreSQL server that cannot be reached (refused, silent, starting up: in compose
 * the app may start before its database) is waited for: one line per try, the pause doubling up to 5 s. A failed
 * migration, a wrong password or an unknown database is no matter of time: the app refuses at once. SQLite never waits.
 */
async function migrateWhenReachable(config: Config, db: Db, stops: Stops): Promise<void> {
  let pauseMs = DATABASE_WAIT_MS.first;
  let waited = false;
  for (;;) {
    try {
      await stops.during(migrateToLatest(db));
      stops.databaseAnswers = true;
      if (waited) console.log('running-dinner: the database answers; starting');
      return;
    } catch (error) {
      const transient =
        config.databaseUrl !== null && !(error instanceof MigrationError) && isDatabaseBusyOrUnreachable(error);
      if (!transient) refuse(whyDatabaseUnusable(config, error as Error));
      console.error(
        `running-dinner: waiting for the database (${databaseDescription(config)}): ${reasonOf(error)}; trying again in ${pauseMs / 1000} s`,
      );
      waited = true;
      // A timer that keeps the process alive: nothing else may while it waits.
      await stops.during(new Promise<void>((resolve) => setTimeout(resolve, pauseMs)));
      pauseMs = Math.min(pauseMs * 2, DATABASE_WAIT_MS.max);
    }
  }
}

export async function start(
  config: Config,
  {
    clock = systemClock(config.timeZone),
    mailRetryBaseMs = 5_000,
    clientDir = CLIENT_DIR,
    smtpTimeouts,
    geocoderTimeoutMs = 10_000,
    geocoderRetryBaseMs = 60_000,
    stops = new Stops(),
  }: StartOptions = {},
) {
  // Every stage that may wait (for the database above all) runs within stops.during: a stop requested meanwhile
  // stops what is registered so far and start-up goes no further.
  await stops.during(ensureWritableDataDir(config));
  const db = openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { file: config.databaseFile });
  stops.add('closing the database', () => db.destroy());
  await migrateWhenReachable(config, db, stops);
  const instance = thisInstance(config);
  const bus = await stops.during(eventBusFor(config, db, clock));
  stops.add('the event bus', () => bus.close());
  const diskFull = diskFullWatch(db, { database: databaseDescription(config), outboxDir: config.outboxDir });
  const mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailConcurrency, smtpTimeouts)
    : outboxMailer(config.outboxDir, diskFull);
  stops.add('the mailer', () => mailer.close(), { database: false });
  const mailServerHealth = new MailServerHealth();
  const mailQueue = mailQueueEvents();
  const geocodingQueue = geocodingEvents();
  const sender = createMailSender(db, mailer, clock, mailServerHealth, {
    from: config.mailFrom,
    retryBaseMs: mailRetryBaseMs,
    pollMs: 5_000,
    concurrency: config.mailConcurrency,
    ratePerSecond: config.mailRatePerSecond,
    stopGraceMs: MAIL_STOP_GRACE_MS,
    claim: { instanceId: instance.id, leaseMs: config.claimLeaseSeconds * 1000, shared: instance.shared },
    events: mailQueue,
  });
  const workers = createWorkerPool({ queueLength: config.workQueueLength });
  stops.add('the worker threads', () => workers.close(), { database: false });
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
    mailQueue,
    geocodingQueue,
    optimizationRuns: new OptimizationRuns(),
    limits: rateLimits(db, config),
  };
  // Runs start with requests and takeovers, both stopped before them.
  stops.add('the route optimisations', () => stopOptimizations(deps));
  if (!instance.shared) await stops.during(failInterruptedOptimizations(deps));
  const geocoding = createGeocodingLoop(deps, {
    timeoutMs: geocoderTimeoutMs,
    retryBaseMs: geocoderRetryBaseMs,
    pollMs: 10_000,
  });
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

  const server = await stops.during(
    new Promise<Server>((resolve) => {
      const s = serve(
        { fetch: app.fetch, port: config.port, hostname: config.host, serverOptions: REQUEST_TIMEOUTS },
        () => resolve(s as Server),
      ) as Server;
      s.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE')
          refuse(`port ${config.port} on ${config.host} is already in use; stop the other program or set PORT`);
        if (error.code === 'EACCES')
          refuse(`no permission to listen on port ${config.port}; set PORT to a number above 1023`);
        refuse(`cannot listen on ${config.host}:${config.port}: ${error.message}`);
      });
    }),
  );
  // The intake ends first, whenever the stop comes: requests already sent are answered, new ones get 503.
  stops.add(
    'the HTTP server',
    async () => {
      stopping = true;
      shortenSqliteBusyTimeout(db, STOP_SQLITE_BUSY_MS);
      streams.endAll();
      await closeServer(server);
    },
    { intake: true, database: false, ms: ACCEPT_WINDOW_MS.max + REQUEST_GRACE_MS + 500 },
  );
  stops.add('the mail sender', () => sender.stop(), { ms: MAIL_STOP_GRACE_MS + DATABASE_STEP_MS.answering });
  await stops.during(sender.start());
  const jobProgress = startJobProgress(deps);
  stops.add('the message job progress', () => jobProgress.stop(), { database: false });
  await stops.during(sweep(true));
  const sweepAfterDeletion = () => void sweep();
  mailQueue.on('forgotten', sweepAfterDeletion);
  stops.add('the outbox clean-up', () => mailQueue.off('forgotten', sweepAfterDeletion), { database: false });
  const cleanup = async () => {
    const deleted = await deleteCancelledDinners(deps).catch((e) => {
      console.error('clean-up failed:', e);
      return 0;
    });
    if (deleted > 0) console.log(`deleted ${deleted} cancelled running dinner(s)`);
    await pruneSharedState(deps).catch((e) => console.error('clean-up failed:', e));
    await pruneEventMailUse(deps).catch((e) => console.error('clean-up failed:', e));
  };
  const singletons = await stops.during(
    startSingletonJobs(config, { geocoding, cleanup, cleanupIntervalMs: CLEANUP_INTERVAL_MS }),
  );
  stops.add('the singleton jobs', () => singletons.stop());
  const takeovers = startRunTakeovers(deps);
  stops.add('the run takeovers', () => takeovers.stop());
  const wakes = wakeOtherInstances(config, db, { sender, geocoding }, { mail: mailQueue, geocoding: geocodingQueue });
  stops.add('the wakes of other instances', () => wakes.stop());
  await stops.during(wakes.listening);
  console.log(
    `running-dinner serving on http://${config.host}:${config.port} (links use ${config.publicUrl}; ${mailDestination(config)})`,
  );

  /** Stops everything; rejects when a step failed (one that could only not reach the database does not count). */
  const stop = async () => {
    if (!(await stops.run())) throw new Error('the stop was not clean (see the lines above)');
  };
  return { stop, deps };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // A log line that cannot be written (a pipe whose reader is gone, a log file on a full disk) is lost, not fatal:
  // unheard, the stream's 'error' event would end the process.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  // Before anything else: a SIGTERM at any point of start-up (waiting for the database, say) stops what started so
  // far. As PID 1 in a container the process would otherwise ignore it until it is killed. A second signal changes
  // nothing: the stop under way ends within the deadline.
  const stops = new Stops();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stops.requested) return;
      // Kept alive by this timer, the process ends by the deadline even if a step leaves nothing else running.
      setTimeout(() => {
        console.error(`running-dinner: not stopped within ${EXIT_DEADLINE_MS} ms, exiting anyway`);
        process.exit(1);
      }, EXIT_DEADLINE_MS);
      stops.run().then(
        (clean) => process.exit(clean ? 0 : 1),
        (error) => {
          console.error('running-dinner: stop failed:', error);
          process.exit(1);
        },
      );
    });
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    refuse(error instanceof ConfigError ? `invalid configuration: ${error.message}` : String(error));
  }
  await start(config, { stops });
}
