import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/connection.js';
import { ensureWritableDataDir, migrateWhenReachable } from './composition/database-start-up.js';
import { MAIL_STOP_GRACE_MS, wireDeps } from './composition/deps-wiring.js';
import { CLEANUP_INTERVAL_MS, cleanUp, startOutboxSweeps } from './composition/housekeeping.js';
import { startHttpServer } from './composition/http-server.js';
import { refuse } from './composition/refuse.js';
import { servingLine } from './composition/serving-line.js';
import { exitOnSignals } from './composition/signals.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import {
  failInterruptedOptimizations,
  startRunTakeovers,
  stopOptimizations,
} from './features/dinnerroutes/route-optimization.runner.js';
import { createGeocodingLoop } from './features/geocoding/geocoding.loop.js';
import { startJobProgress } from './features/messages/messages.progress.js';
import { startScheduledJobs } from './features/messages/scheduled-jobs.js';
import { startSingletonJobs, wakeOtherInstances } from './instances/instances.js';
import { type Clock, systemClock } from './lib/clock.js';
import type { SmtpTimeouts } from './lib/mailer.js';
import { DATABASE_STEP_MS, Stops } from './lib/stops.js';

/** Built client: dist/client, both from server/main.ts (dev, one level below the root) and from dist/server/main.js. */
const CLIENT_DIR = fileURLToPath(
  new URL(import.meta.url.includes('/dist/server/') ? '../client/' : '../dist/client/', import.meta.url),
);

/** Another instance's newly scheduled job is found within this; this instance's own wake the starter at once. */
const SCHEDULED_JOBS_POLL_MS = 15_000;

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
  const { deps, sender } = await wireDeps(config, db, stops, { clock, mailRetryBaseMs, smtpTimeouts });
  // Runs start with requests and takeovers, both stopped before them.
  stops.add('the route optimisations', () => stopOptimizations(deps));
  if (!deps.instance.shared) await stops.during(failInterruptedOptimizations(deps));
  const geocoding = createGeocodingLoop(deps, {
    timeoutMs: geocoderTimeoutMs,
    retryBaseMs: geocoderRetryBaseMs,
    pollMs: 10_000,
  });
  await startHttpServer(deps, stops, clientDir);
  stops.add('the mail sender', () => sender.stop(), { ms: MAIL_STOP_GRACE_MS + DATABASE_STEP_MS.answering });
  await stops.during(sender.start());
  const jobProgress = startJobProgress(deps);
  stops.add('the message job progress', () => jobProgress.stop(), { database: false });
  const scheduledJobs = startScheduledJobs(deps, SCHEDULED_JOBS_POLL_MS);
  stops.add('the scheduled message jobs', () => scheduledJobs.stop());
  await startOutboxSweeps(deps, stops);
  const singletons = await stops.during(
    startSingletonJobs(config, { geocoding, cleanup: () => cleanUp(deps), cleanupIntervalMs: CLEANUP_INTERVAL_MS }),
  );
  stops.add('the singleton jobs', () => singletons.stop());
  const takeovers = startRunTakeovers(deps);
  stops.add('the run takeovers', () => takeovers.stop());
  const wakes = wakeOtherInstances(
    config,
    db,
    { sender, geocoding, scheduled: scheduledJobs },
    { mail: deps.mailQueue, geocoding: deps.geocodingQueue },
  );
  stops.add('the wakes of other instances', () => wakes.stop());
  await stops.during(wakes.listening);
  console.log(servingLine(config));

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
  // far. As PID 1 in a container the process would otherwise ignore it until it is killed.
  const stops = new Stops();
  exitOnSignals(stops);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    refuse(error instanceof ConfigError ? `invalid configuration: ${error.message}` : String(error));
  }
  await start(config, { stops });
}
