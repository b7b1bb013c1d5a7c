import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type ChildServer, startChildServer } from '../support/child-server.js';
import { adminPath, createDinner } from '../support/factories.js';
import { freshPostgresDatabase, type TestDatabase, testPostgresUrl } from '../support/postgres.js';
import { openSse, waitUntil } from '../support/sse-client.js';
import { freePort } from '../support/test-server.js';
import { until } from '../support/until.js';

// Issue 14: compose.yaml runs PostgreSQL, two app instances and nginx in front of them. The file is checked here,
// and the same topology is started on loopback without Docker: a private PostgreSQL cluster, two built app
// processes with the app services' environment, and Debian's nginx running deploy/nginx.conf itself (only the
// upstream addresses, the listen port and the temp folders rewritten). Through the proxy: /healthz answers, requests
// reach both instances, an event stream is not held back, the client's address reaches the app, and one instance
// may stop.

const ROOT = new URL('../../', import.meta.url).pathname;
const NGINX = '/usr/sbin/nginx';

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
}
const compose = parse(readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8')) as {
  services: Record<string, ComposeService>;
};
const services = compose.services;
const appNames = Object.keys(services).filter((name) => services[name].build !== undefined);
const [proxyName] = Object.keys(services).filter((name) => services[name].image?.startsWith('nginx'));
const nginxConf = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');

/** The instructions of the Dockerfile's last stage (the image that runs), joined across line continuations. */
const runStage = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')
  .replace(/\\\n/g, ' ')
  .split('\n')
  .filter((line) => line.trim() && !line.trim().startsWith('#'))
  .reduce<string[]>((stage, line) => {
    if (/^FROM\s/i.test(line)) stage.length = 0;
    stage.push(line);
    return stage;
  }, []);
const instruction = (name: string) =>
  runStage.filter((line) => new RegExp(`^${name}\\s`, 'i').test(line)).map((line) => line.slice(name.length).trim());

/** What `docker compose` makes of `${NAME:-default}`, `${NAME:?error}` and `${NAME}`, with `values` as the .env file. */
const interpolate = (text: string, values: Record<string, string>) =>
  text.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_whole, name: string, kind?: string, fallback?: string) => {
    if (values[name] !== undefined) return values[name];
    if (kind === '?') throw new Error(`compose.yaml needs ${name}: ${fallback}`);
    return kind === '-' ? (fallback ?? '') : '';
  });

describe('compose.yaml and the Dockerfile', () => {
  it('run PostgreSQL with a health check, and two app instances on it that start once it is healthy', () => {
    expect(services.postgres.image).toMatch(/^postgres:\d+/);
    expect(JSON.stringify(services.postgres.healthcheck?.test)).toContain('pg_isready');
    expect(services.postgres.volumes?.some((volume) => volume.endsWith(':/var/lib/postgresql/data'))).toBe(true);
    expect(appNames).toHaveLength(2);
    for (const name of appNames) {
      const app = services[name];
      expect(app.environment?.DATABASE_URL, name).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      expect(app.environment?.TRUST_PROXY, name).toBe('on');
      expect(app.environment?.PUBLIC_URL, name).toBeTruthy();
      expect(app.depends_on?.postgres?.condition, name).toBe('service_healthy');
    }
    // Without SMTP_URL the mailbox page, which either instance may answer, shows the outbox: both write one folder.
    const dataVolumes = appNames.map((name) => services[name].volumes?.find((volume) => volume.endsWith(':/app/data')));
    expect(dataVolumes[0]).toBeTruthy();
    expect(dataVolumes[1]).toBe(dataVolumes[0]);
  });

  it('put nginx in front: a published port, deploy/nginx.conf mounted, one upstream server per app instance', () => {
    const proxy = services[proxyName];
    expect(proxy.ports).toEqual(['8080:80']);
    expect(proxy.volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
    for (const name of appNames) expect(proxy.depends_on?.[name]?.condition, name).toBe('service_healthy');
    const upstreamServers = [...nginxConf.matchAll(/^\s*server\s+([\w.-]+:\d+)/gm)].map((match) => match[1]);
    expect(upstreamServers).toEqual(appNames.map((name) => `${name}:8080`));
    expect(nginxConf).toMatch(/^\s*listen\s+80;/m);
  });

  it('build an image that runs as a user, with a health check on /healthz, SIGTERM to stop and a data volume', () => {
    expect(instruction('FROM')[0]).toMatch(/^node:20-bookworm-slim$/);
    expect(instruction('USER')).toHaveLength(1);
    expect(instruction('USER')[0]).not.toMatch(/^(root|0)(:|$)/);
    expect(instruction('HEALTHCHECK')[0]).toContain('/healthz');
    expect(instruction('STOPSIGNAL')).toEqual(['SIGTERM']);
    expect(instruction('VOLUME')).toEqual(['/app/data']);
    expect(instruction('EXPOSE')).toEqual(['8080']);
    expect(instruction('ENV').join(' ')).toMatch(/HOST=0\.0\.0\.0/);
  });
});

// The private PostgreSQL cluster of the test suite (plain JavaScript, so typed here).
const clusterModule: {
  postgresBinDir(): string | undefined;
  startPostgresCluster(): Promise<{ url: string; stop(): void }>;
} = await import(new URL('../support/postgres-cluster.mjs', import.meta.url).href);
const missing = [
  !existsSync(NGINX) && `nginx at ${NGINX} (apt-get install -y nginx)`,
  !testPostgresUrl() && !clusterModule.postgresBinDir() && 'the PostgreSQL server (apt-get install -y postgresql)',
].filter((what): what is string => typeof what === 'string');
if (missing.length > 0) console.warn(`compose topology on loopback skipped: install ${missing.join(' and ')}`);

/** Every server address of the upstream and the listen port on loopback, and temp folders nginx may write. */
function loopbackNginxConf(
  source: string,
  instancePorts: Map<string, number>,
  listenPort: number,
  tempDir: string,
): string {
  let servers = 0;
  const conf = source
    .replace(/^(\s*server\s+)([\w.-]+:\d+)/gm, (_whole, lead: string, address: string) => {
      const port = instancePorts.get(address);
      if (port === undefined)
        throw new Error(`deploy/nginx.conf names ${address}, which is no app service of compose.yaml`);
      servers++;
      return `${lead}127.0.0.1:${port}`;
    })
    .replace(/^(\s*listen\s+)80;/m, `$1127.0.0.1:${listenPort};`)
    // Debian's nginx keeps request bodies and large answers under /var/lib/nginx, which only root may write.
    .replace(
      /^http\s*\{/m,
      (open) =>
        `${open}\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${tempDir}/${kind};`).join('\n')}`,
    );
  if (
    servers !== instancePorts.size ||
    !conf.includes(`listen 127.0.0.1:${listenPort};`) ||
    !conf.includes('client_body_temp_path')
  ) {
    throw new Error(
      'deploy/nginx.conf changed shape: the test found not every upstream server, the listen line or the http block',
    );
  }
  return conf;
}

/** A GET through the proxy from another loopback address (127.0.0.2 …), as another client machine would send it. */
function getFrom(
  localAddress: string,
  port: number,
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: urlPath, localAddress, headers, agent: false },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
  });
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** The Dockerfile's HEALTHCHECK command as the container would run it, against a port. */
function healthCheckExitCode(port: number): number | null {
  const [exec] = instruction('HEALTHCHECK').map((line) => line.replace(/^.*?CMD\s+/, ''));
  const [command, ...args] = JSON.parse(exec) as string[];
  expect(command).toBe('node');
  return spawnSync(process.execPath, args, { env: { ...process.env, PORT: String(port) }, timeout: 10_000 }).status;
}

const GUESS_LIMIT = 3;
const HEARTBEAT_SECONDS = 1;

describe.skipIf(missing.length > 0)(
  `the same topology on loopback${missing.length ? ` (skipped: install ${missing.join(' and ')})` : ''}`,
  () => {
    let tempDir = '';
    let cluster: { url: string; stop(): void } | undefined;
    let database: TestDatabase | undefined;
    let instances: ChildServer[] = [];
    let nginx: ChildProcess | undefined;
    let nginxErrors = '';
    let accessLog = '';
    let nginxExited: Promise<unknown> = Promise.resolve();
    let proxyPort = 0;
    let proxyUrl = '';

    beforeAll(async () => {
      // Made here, not when the file is collected: a skipped run leaves nothing behind.
      tempDir = mkdtempSync(path.join(tmpdir(), 'rd-compose-'));
      accessLog = path.join(tempDir, 'access.log');
      if (!testPostgresUrl()) cluster = await clusterModule.startPostgresCluster();
      const adminUrl = testPostgresUrl() ?? cluster!.url;
      database = await freshPostgresDatabase(adminUrl);
      proxyPort = await freePort();
      proxyUrl = `http://127.0.0.1:${proxyPort}`;
      // The app services' environment as compose hands it over; the database is the test's, the public URL the proxy's.
      // A heartbeat every second and a low guess limit make the checks below quick.
      const dataDir = path.join(tempDir, 'data');
      const started = await Promise.allSettled(
        appNames.map((name) => {
          const env = Object.fromEntries(
            Object.entries(services[name].environment ?? {}).map(([key, value]) => [
              key,
              interpolate(String(value), { POSTGRES_PASSWORD: 'unused' }),
            ]),
          );
          return startChildServer(
            {
              ...env,
              DATABASE_URL: database!.url,
              PUBLIC_URL: proxyUrl,
              SSE_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
              GUESS_LIMIT_PER_MINUTE: String(GUESS_LIMIT),
            },
            { dataDir },
          );
        }),
      );
      // Both started together, as compose starts them; one that did start is stopped after a failure of the other.
      instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      for (const result of started) if (result.status === 'rejected') throw result.reason;
      const instancePorts = new Map(appNames.map((name, i) => [`${name}:8080`, instances[i].port]));
      const confFile = path.join(tempDir, 'nginx.conf');
      writeFileSync(confFile, loopbackNginxConf(nginxConf, instancePorts, proxyPort, tempDir));
      // Run as root, nginx's workers run as nobody: they must reach the temp folders it makes here.
      chmodSync(tempDir, 0o755);
      // The access log goes to /dev/stdout, as in the container: nginx opens it by name, which a file allows and the
      // socket Node would give it for a pipe does not.
      const stdout = openSync(accessLog, 'a');
      nginx = spawn(
        NGINX,
        [
          '-e',
          'stderr',
          '-p',
          tempDir,
          '-c',
          confFile,
          '-g',
          `daemon off; pid ${tempDir}/nginx.pid; error_log stderr;`,
        ],
        {
          stdio: ['ignore', stdout, 'pipe'],
        },
      );
      closeSync(stdout);
      nginx.stderr!.on('data', (chunk) => (nginxErrors += chunk));
      nginxExited = new Promise((resolve) => nginx!.once('exit', resolve));
      const deadline = Date.now() + 10_000;
      while (!(await portOpen(proxyPort))) {
        if (nginx.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start: ${nginxErrors}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }, 90_000);

    afterAll(async () => {
      // Fast shutdown: a graceful one would wait for open event streams.
      nginx?.kill('SIGTERM');
      await nginxExited;
      await Promise.all(instances.map((instance) => instance.stop({ keepData: true })));
      await database?.drop();
      cluster?.stop();
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    }, 30_000);

    it('answers /healthz through the proxy, and the image health check passes against an instance', async () => {
      const res = await fetch(`${proxyUrl}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
      expect(healthCheckExitCode(instances[0].port)).toBe(0);
    });

    it('spreads requests over both instances (nginx logs which one answered each)', async () => {
      for (let i = 0; i < 8; i++) expect((await fetch(`${proxyUrl}/healthz?probe=${i}`)).status).toBe(200);
      const answeredBy = () =>
        new Set(
          [
            ...readFileSync(accessLog, 'utf8').matchAll(
              /"GET \/healthz\?probe=\d+ [^"]*" 200 .*upstream=127\.0\.0\.1:(\d+)/g,
            ),
          ].map((match) => Number(match[1])),
        );
      await waitUntil(() => answeredBy().size === instances.length, 2_000).catch(() => undefined);
      expect([...answeredBy()].sort()).toEqual(instances.map((instance) => instance.port).sort());
    });

    it('passes an event stream on unbuffered: the first frame at once, each heartbeat as it is written', async () => {
      const { runningDinner } = await createDinner({ baseUrl: proxyUrl });
      const streamPath = `/sse${adminPath(runningDinner.adminId, '/events')}`;

      // The stream's first frame (the browser's reconnect delay) is written the moment it opens: it comes through
      // while the stream stays open, which a buffering proxy would hold back until its buffer filled.
      const hangUp = new AbortController();
      const raw = await fetch(`${proxyUrl}${streamPath}`, {
        headers: { Accept: 'text/event-stream' },
        signal: hangUp.signal,
      });
      const first = await (raw.body as ReadableStream<Uint8Array>).getReader().read();
      hangUp.abort();
      expect(raw.status).toBe(200);
      expect(new TextDecoder().decode(first.value)).toMatch(/^retry: \d+\n\n/);

      // Heartbeats are written one a second: a buffering proxy would hand them over late and together. Counted as
      // they come, they pass through the counts in between; only a test stalled for seconds would see them at once.
      const stream = await openSse({ baseUrl: proxyUrl }, streamPath.replace(/^\/sse/, ''));
      try {
        const counts = new Set<number>();
        await until(() => {
          counts.add(stream.comments.length);
          return stream.comments.length >= 5;
        }, 'five heartbeats');
        expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
        expect([...counts].filter((n) => n > 0 && n < 5).length).toBeGreaterThan(0);
      } finally {
        stream.close();
      }
    });

    it('hands the app the address nginx saw: one guessing client is limited, another one behind the same proxy is not', async () => {
      // Whatever a client writes into X-Forwarded-For itself, nginx appends the address it saw, and the app counts that.
      const guess = (from: string, claimed: string) =>
        getFrom(from, proxyPort, `/rest${adminPath(randomUUID())}`, { 'X-Forwarded-For': claimed });
      const guesser: number[] = [];
      // Both instances count in the database: the guesser is refused after the limit, whichever instance answers.
      for (let i = 0; i <= GUESS_LIMIT + 1; i++) guesser.push(await guess('127.0.0.2', `198.51.100.${i}`));
      expect(guesser).toEqual([...Array(GUESS_LIMIT).fill(404), 429, 429]);
      for (let i = 0; i < 2; i++) expect(await guess('127.0.0.3', '198.51.100.1')).toBe(404);
    });

    it('keeps answering through the proxy while one instance stops and once it stopped, which fails its health check', async () => {
      // While it stops, the instance answers 503 (and then refuses connections): nginx asks the other one instead.
      instances[0].child.kill('SIGTERM');
      const whileStopping: number[] = [];
      while (instances[0].child.exitCode === null && instances[0].child.signalCode === null) {
        whileStopping.push((await fetch(`${proxyUrl}/healthz`)).status);
      }
      expect(whileStopping.length).toBeGreaterThan(0);
      expect(new Set(whileStopping)).toEqual(new Set([200]));
      await instances[0].stop({ keepData: true });
      expect(healthCheckExitCode(instances[0].port)).toBe(1);
      for (let i = 0; i < 4; i++) expect((await fetch(`${proxyUrl}/healthz`)).status).toBe(200);
      // A new dinner is a POST: nginx sends it on only because the stopped instance refused the connection.
      for (let i = 0; i < 2; i++)
        expect((await createDinner({ baseUrl: proxyUrl })).runningDinner.adminId).toBeTruthy();
    });
  },
);
