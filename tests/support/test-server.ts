import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { todayIn } from '../../domain/local-dates.js';
import { loadConfig } from '../../server/config.js';
import type { Clock } from '../../server/lib/clock.js';
import type { SmtpTimeouts } from '../../server/lib/mailer.js';
import { start } from '../../server/main.js';
import { freePort } from './free-port.mjs';
import { testDatabaseEnv } from './postgres.js';

export { freePort };

/**
 * Real time plus an offset the test moves forward: the mail sender's backoff keeps running in real time,
 * while a test can still jump days ahead (deadlines, passed events, scheduled deletion).
 */
class TestClock implements Clock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  today = () => todayIn('Europe/Berlin', this.now());
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export const DAY_MS = 24 * 3600_000;

/** A stand-in for the built client, so page routes can be checked without a vite build. */
export const CLIENT_STUB_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  clock: TestClock;
  deps: Awaited<ReturnType<typeof start>>['deps'];
  stop(): Promise<void>;
}

/**
 * Tests ask for many unknown ids and create many events for one organiser on purpose: the per-address limits are
 * high unless a test sets them (through `env`).
 */
export const RELAXED_LIMITS = {
  GUESS_LIMIT_PER_MINUTE: '100000',
  MAILS_PER_RECIPIENT_PER_HOUR: '100000',
  EVENT_CREATIONS_PER_CLIENT_PER_HOUR: '100000',
  SSE_STREAMS_PER_CLIENT: '1000',
};

interface TestServerOptions {
  smtpUrl?: string;
  mailRetryBaseMs?: number;
  smtpTimeouts?: SmtpTimeouts;
  /** Further environment variables, e.g. a limit under test. */
  env?: Record<string, string>;
}

/** The real server on a loopback port, on a fresh SQLite file in a temp folder (or a fresh PostgreSQL database on that run). */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-api-'));
  const database = await testDatabaseEnv();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    SMTP_URL: options.smtpUrl,
    // No test asks the public Nominatim: addresses stay PENDING unless a test names its own geocoder (geocoding.test.ts).
    GEOCODER_URL: 'off',
    ...RELAXED_LIMITS,
    ...database.env,
    ...options.env,
  });
  const clientDir = path.join(dataDir, 'client');
  mkdirSync(clientDir);
  writeFileSync(path.join(clientDir, 'index.html'), CLIENT_STUB_HTML);
  const clock = new TestClock();
  const running = await start(config, {
    clock,
    mailRetryBaseMs: options.mailRetryBaseMs ?? 200,
    clientDir,
    smtpTimeouts: options.smtpTimeouts,
  }).catch(async (error) => {
    await database.drop();
    throw error;
  });
  return {
    baseUrl,
    dataDir,
    clock,
    deps: running.deps,
    async stop() {
      await running.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headers of one `call`. */
export type RequestHeaders = Record<string, string>;

/** Asks for German answers: `call` asks for English unless a test says otherwise. */
export const GERMAN: RequestHeaders = { 'Accept-Language': 'de' };

/** JSON call against the test server. */
export async function call(
  server: Pick<TestServer, 'baseUrl'>,
  method: string,
  path: string,
  body?: unknown,
  headers: RequestHeaders = {},
) {
  const response = await fetch(`${server.baseUrl}/rest${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      'Accept-Language': 'en',
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the server answered
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text, headers: response.headers };
}

/** What `call` answers. */
export type ApiResponse = Awaited<ReturnType<typeof call>>;

/** Runs `fn` with the server's calendar `days` ahead, and moves it back even when `fn` fails, so later tests see today again. */
export async function daysLater<T>(server: TestServer, days: number, fn: () => Promise<T>): Promise<T> {
  server.clock.advance(days * DAY_MS);
  try {
    return await fn();
  } finally {
    server.clock.advance(-days * DAY_MS);
  }
}
