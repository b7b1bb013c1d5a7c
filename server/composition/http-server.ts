import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { shortenSqliteBusyTimeout } from '../../db/connection.js';
import { createApp } from '../app.js';
import type { Config } from '../config.js';
import type { Deps } from '../deps.js';
import { sseStreams } from '../http/sse.js';
import { openFilesLimit, streamsWithin } from '../lib/open-files.js';
import type { Stops } from '../lib/stops.js';
import { refuse } from './refuse.js';

const ACCEPT_WINDOW_MS = { quiet: 150, max: 1_000 };
const REQUEST_GRACE_MS = 4_000;
/**
 * At a stop, how long SQLite waits for another process's write lock (5 s while running): its wait blocks the thread,
 * timers and the deadline too, so no bound of a stop step could cut it short.
 */
const STOP_SQLITE_BUSY_MS = 250;
/**
 * A client has this long to send its request's headers, and the whole request within the second: a half-sent
 * request must not hold a descriptor for a minute. Checked every second. Streams are answers, not requests: they stay.
 */
const REQUEST_TIMEOUTS = { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 };
/**
 * An idle keep-alive connection stays this long, longer than a proxy keeps its own (nginx: 60 s). Closed after Node's
 * 5 s, a client that sends its next request at that moment, or whose busy loop has not yet seen the close, gets a
 * reset instead of an answer.
 */
const KEEP_ALIVE_MS = 65_000;

/** Resolves after `ms` with `undefined`; the timer does not keep the process alive. */
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Resolves once the server listens; a port it cannot have ends the process with one line that says why. */
function listen(app: Hono, config: Config): Promise<Server> {
  return new Promise<Server>((resolve) => {
    const s = serve(
      { fetch: app.fetch, port: config.port, hostname: config.host, serverOptions: REQUEST_TIMEOUTS },
      () => resolve(s as Server),
    ) as Server;
    s.keepAliveTimeout = KEEP_ALIVE_MS;
    s.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        refuse(`port ${config.port} on ${config.host} is already in use; stop the other program or set PORT`);
      if (error.code === 'EACCES')
        refuse(`no permission to listen on port ${config.port}; set PORT to a number above 1023`);
      refuse(`cannot listen on ${config.host}:${config.port}: ${error.message}`);
    });
  });
}

/**
 * Resolves once no connection arrived for a moment (at the latest after `max`): the connections clients opened
 * before the stop, still waiting in the listen queue, are accepted and answered instead of reset. A loop stalled
 * longer than `quiet` (a busy machine) runs the timer before it accepts what waits: each end is checked after one
 * pass of I/O (setImmediate), which accepts the whole queue, and a connection taken in it restarts the quiet time.
 */
function connectionsSettled(server: Server, { quiet, max }: typeof ACCEPT_WINDOW_MS): Promise<void> {
  return new Promise((resolve) => {
    let arrived = false;
    let overdue = false;
    const onConnection = () => {
      arrived = true;
    };
    server.on('connection', onConnection);
    let quietTimer = setTimeout(check, quiet);
    const maxTimer = setTimeout(() => {
      overdue = true;
    }, max);
    function check() {
      setImmediate(() => {
        if (arrived && !overdue) {
          arrived = false;
          quietTimer = setTimeout(check, quiet);
          return;
        }
        clearTimeout(quietTimer);
        clearTimeout(maxTimer);
        server.off('connection', onConnection);
        resolve();
      });
    }
  });
}

/** Answers what clients already sent (new requests get 503), then closes every connection, also slow ones. */
async function closeServer(server: Server): Promise<void> {
  await connectionsSettled(server, ACCEPT_WINDOW_MS);
  const closed = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
  server.closeIdleConnections();
  if (!(await Promise.race([closed, delay(REQUEST_GRACE_MS).then(() => false)])))
    console.warn(`running-dinner: stop: requests still open after ${REQUEST_GRACE_MS / 1000} s were cut off`);
  server.closeAllConnections();
}

/** Serves the app with its streams; at a stop the intake ends first: requests already sent are answered, new ones get 503. */
export async function startHttpServer(deps: Deps, stops: Stops, clientDir: string): Promise<void> {
  const { config, db } = deps;
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
  const server = await stops.during(listen(app, config));
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
}
