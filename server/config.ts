import path from 'node:path';
import * as v from 'valibot';
import type { Operator } from '../contract/operator.js';
import type { StripeSettings } from './lib/stripe.js';

const port = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'must be a number'),
  v.transform(Number),
  v.integer(),
  v.minValue(0),
  v.maxValue(65535),
);

const positiveNumber = v.pipe(v.string(), v.regex(/^[1-9]\d*$/, 'must be a positive number'), v.transform(Number));

/** A positive number of requests per second, also below one (0.5 = one request every two seconds). */
const positiveRate = v.pipe(
  v.string(),
  v.regex(/^(\d+(\.\d+)?|\.\d+)$/, 'must be a positive number'),
  v.transform(Number),
  v.check((n) => n > 0, 'must be a positive number'),
);

const EnvSchema = v.object({
  PORT: v.optional(port, '8080'),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^postgres(ql)?:\/\/\S+$/,
        'must be a PostgreSQL URL such as postgres://user:password@host:5432/runningdinner',
      ),
    ),
  ),
  CLAIM_LEASE_SECONDS: v.optional(positiveNumber, '120'),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('must be a URL such as https://dinner.example.org'))),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))),
  MAIL_FROM: v.optional(v.string(), 'Running Dinner <noreply@runningdinner.local>'),
  ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'admin@runningdinner.local'),
  OPERATOR_NAME: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'must be at most 200 characters'))),
  OPERATOR_ADDRESS: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'must be at most 500 characters'))),
  OPERATOR_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address'))),
  OPERATOR_DONATION_URL: v.optional(v.pipe(v.string(), v.regex(/^https:\/\/\S+$/, 'must be an https:// link'))),
  PRIVACY_CONTACT: v.optional(v.pipe(v.string(), v.email('must be an e-mail address'))),
  TIME_ZONE: v.optional(v.string(), 'Europe/Berlin'),
  GUESS_LIMIT_PER_MINUTE: v.optional(positiveNumber, '30'),
  MAILBOX_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.minLength(16, 'must be at least 16 characters long'),
      v.regex(/^[\w.~-]+$/, 'may only contain letters, digits and - . _ ~'),
    ),
  ),
  TRUST_PROXY: v.optional(v.picklist(['on', 'off', 'true', 'false', '1', '0'], 'must be on or off'), 'off'),
  MAILS_PER_RECIPIENT_PER_HOUR: v.optional(positiveNumber, '5'),
  EVENT_CREATIONS_PER_CLIENT_PER_HOUR: v.optional(positiveNumber, '12'),
  MAIL_RATE_PER_SECOND: v.optional(positiveNumber, '10'),
  MAIL_CONCURRENCY: v.optional(positiveNumber, '4'),
  MAIL_MAX_PER_JOB: v.optional(positiveNumber, '300'),
  MAIL_MAX_PER_EVENT_PER_DAY: v.optional(positiveNumber, '2000'),
  MAIL_WEBHOOK_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters long'))),
  SSE_HEARTBEAT_SECONDS: v.optional(positiveNumber, '15'),
  SSE_STREAMS_PER_CLIENT: v.optional(positiveNumber, '20'),
  SSE_STREAMS_MAX: v.optional(positiveNumber, '4000'),
  MAX_PARTICIPANTS_PER_EVENT: v.optional(positiveNumber, '3000'),
  EVENT_RETENTION_DAYS: v.optional(v.pipe(positiveNumber, v.minValue(3, 'must be at least 3')), '5'),
  WORK_QUEUE_LENGTH: v.optional(positiveNumber, '8'),
  ROUTE_OPTIMIZATION_SECONDS: v.optional(v.pipe(positiveNumber, v.maxValue(600, 'must be at most 600'))),
  GEOCODER_URL: v.optional(
    v.union(
      [
        v.literal('off'),
        v.pipe(
          v.string(),
          v.regex(
            /^https?:\/\/[^\s?#]+$/,
            'must be the http(s) base URL of a Nominatim-compatible geocoder (without ?), or off',
          ),
        ),
      ],
      'must be a URL or off',
    ),
    'https://nominatim.openstreetmap.org',
  ),
  GEOCODER_REQUESTS_PER_SECOND: v.optional(positiveRate, '1'),
  STRIPE_SECRET_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')),
  ),
  STRIPE_WEBHOOK_SECRET: v.optional(
    v.pipe(v.string(), v.regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')),
  ),
  STRIPE_API_BASE: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^https?:\/\/[^\s/?#]+$/,
        'must be the http(s) base URL of the Stripe API, such as https://api.stripe.com',
      ),
    ),
  ),
  TILE_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^https?:\/\/[^\s]*\{z\}[^\s]*\{x\}[^\s]*\{y\}/,
        'must be an http(s) tile URL with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      ),
    ),
    'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  ),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseFile: string;
  /** PostgreSQL instead of the SQLite file: several instances may then share it. */
  databaseUrl: string | null;
  /**
   * How long a claim on background work (a mail being sent, an optimisation run) holds without being renewed; an
   * instance that died leaves its claims, and another instance takes them over once they expire.
   */
  claimLeaseSeconds: number;
  outboxDir: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  adminEmail: string;
  timeZone: string;
  /** Wrong secret links (404) one address may try per minute before it gets 429. */
  guessLimitPerMinute: number;
  /** Where the browser loads the route maps' tiles from (a Leaflet URL template). */
  tileUrl: string;
  /** Who runs this server, for the imprint and privacy pages: each null until the operator sets it. */
  operator: Operator;
  /** Without SMTP: the secret that opens the outbox to other machines; unset, only this machine may read it. */
  mailboxToken?: string;
  /** Behind a reverse proxy: the client is the address the proxy appended to X-Forwarded-For. */
  trustProxy: boolean;
  /** Mails one address may be sent per hour because of an anonymous request (created events, registrations, invitations). */
  mailsPerRecipientPerHour: number;
  /** Events one client address may create per hour. */
  eventCreationsPerClientPerHour: number;
  /** Mails handed to the mail server per second, at most. */
  mailRatePerSecond: number;
  /** Mails handed over at once (the size of the SMTP connection pool). */
  mailConcurrency: number;
  /** Recipients one message job may have. */
  mailMaxPerJob: number;
  /** Mails of message jobs one event may send per day. */
  mailMaxPerEventPerDay: number;
  /** The secret a mail provider's bounce and complaint reports carry; unset, reports are refused. */
  mailWebhookToken?: string;
  /** Seconds between the comments that keep an idle SSE stream open through proxies. */
  sseHeartbeatSeconds: number;
  /** Event streams one client address may hold open at once. */
  sseStreamsPerClient: number;
  /** Event streams this instance holds open at once, over all clients (well below the descriptor limit). */
  sseStreamsMax: number;
  /** Participants one event may have (registrations, the organiser's additions and imports together). */
  maxParticipantsPerEvent: number;
  /** Days after its date an event is deleted with all its people's data (the organiser is told two days before). */
  eventRetentionDays: number;
  /** Seconds every route optimisation searches; unset, its size decides (0.5 s up to 16 s for 1,200 teams). */
  routeOptimizationSeconds: number | null;
  /** Heavy tasks (team generations, route runs) that may wait for a thread on this instance; beyond it 429. */
  workQueueLength: number;
  /** Base URL of the Nominatim-compatible geocoder (its `/search` is asked); null (GEOCODER_URL=off): addresses stay pending. */
  geocoderUrl: string | null;
  /** Requests to the geocoder per second, at most, over the whole process (the public Nominatim allows 1). */
  geocoderRequestsPerSecond: number;
  /** Stripe: the secret key (unset: registration fees cannot be paid), the webhook signing secret, and the API's base URL. */
  stripe: StripeSettings | null;
}

export class ConfigError extends Error {}

/** A database URL as it may be printed: no password reaches a log or the terminal, neither in it nor in its query. */
export function withoutPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    for (const key of [...url.searchParams.keys()]) if (/pass/i.test(key)) url.searchParams.set(key, '***');
    return url.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/** The database as a log line names it: the SQLite file, or the PostgreSQL database without its password. */
export const databaseDescription = (config: Pick<Config, 'databaseUrl' | 'databaseFile'>): string =>
  config.databaseUrl
    ? `the PostgreSQL database ${withoutPassword(config.databaseUrl)}`
    : `the SQLite file ${config.databaseFile}`;

const isWildcardHost = (host: string) => host === '0.0.0.0' || host === '::';

/**
 * The address this server answers at on this machine: HOST, bracketed when IPv6; listening on every address, localhost.
 */
export const boundUrl = (host: string, port: number) =>
  `http://${isWildcardHost(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`;

/** Reads the environment; a bad value fails with one line that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = v.safeParse(EnvSchema, Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new ConfigError(`${v.getDotPath(issue) ?? 'environment'}: ${issue.message}`);
  }
  const e = parsed.output;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseFile: path.join(dataDir, 'runningdinner.sqlite'),
    databaseUrl: e.DATABASE_URL ?? null,
    claimLeaseSeconds: e.CLAIM_LEASE_SECONDS,
    outboxDir: path.join(dataDir, 'mails'),
    publicUrl: (e.PUBLIC_URL ?? boundUrl(e.HOST, e.PORT)).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL,
    timeZone: e.TIME_ZONE,
    guessLimitPerMinute: e.GUESS_LIMIT_PER_MINUTE,
    tileUrl: e.TILE_URL,
    operator: {
      name: e.OPERATOR_NAME || null,
      address: e.OPERATOR_ADDRESS || null,
      email: e.OPERATOR_EMAIL ?? null,
      donationUrl: e.OPERATOR_DONATION_URL ?? null,
      privacyContact: e.PRIVACY_CONTACT ?? e.OPERATOR_EMAIL ?? null,
    },
    mailboxToken: e.MAILBOX_TOKEN,
    trustProxy: ['on', 'true', '1'].includes(e.TRUST_PROXY),
    mailsPerRecipientPerHour: e.MAILS_PER_RECIPIENT_PER_HOUR,
    eventCreationsPerClientPerHour: e.EVENT_CREATIONS_PER_CLIENT_PER_HOUR,
    mailRatePerSecond: e.MAIL_RATE_PER_SECOND,
    mailConcurrency: e.MAIL_CONCURRENCY,
    mailMaxPerJob: e.MAIL_MAX_PER_JOB,
    mailMaxPerEventPerDay: e.MAIL_MAX_PER_EVENT_PER_DAY,
    mailWebhookToken: e.MAIL_WEBHOOK_TOKEN,
    sseHeartbeatSeconds: e.SSE_HEARTBEAT_SECONDS,
    sseStreamsPerClient: e.SSE_STREAMS_PER_CLIENT,
    sseStreamsMax: e.SSE_STREAMS_MAX,
    maxParticipantsPerEvent: e.MAX_PARTICIPANTS_PER_EVENT,
    eventRetentionDays: e.EVENT_RETENTION_DAYS,
    workQueueLength: e.WORK_QUEUE_LENGTH,
    routeOptimizationSeconds: e.ROUTE_OPTIMIZATION_SECONDS ?? null,
    geocoderUrl: e.GEOCODER_URL === 'off' ? null : e.GEOCODER_URL.replace(/\/+$/, ''),
    geocoderRequestsPerSecond: e.GEOCODER_REQUESTS_PER_SECOND,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
          apiBase: e.STRIPE_API_BASE ?? null,
        }
      : null,
  };
}
