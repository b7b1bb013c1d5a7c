import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STOP_WITHIN_MS, stopMsOf } from '../support/child-server.js';
import { freshPostgresDatabase, onPostgres, testPostgresUrl } from '../support/postgres.js';
import { TcpRelay } from '../support/tcp-relay.js';
import { freePort } from '../support/test-server.js';
import { until } from '../support/until.js';

// Issue 21: in compose the app may start before its database. A PostgreSQL server that cannot be reached is waited
// for (one line per try), not refused; a wrong password or an unknown database is no matter of time and is refused at
// once with one line, as a failed migration is (startup.test.ts).

const MAIN = new URL('../../dist/server/main.js', import.meta.url).pathname;
const WAITING =
  /^running-dinner: waiting for the database \(the PostgreSQL database postgres:\/\/[^ ]+\): .+; trying again in \d+ s$/;

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The built server on `databaseUrl`, with what it printed so far; killed and its data folder removed after the test. */
async function spawnServer(databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-wait-'));
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: '',
      GEOCODER_URL: 'off',
      DATABASE_URL: databaseUrl,
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { child, exited, port, output: () => output, lines: () => output.trim().split('\n') };
}

/** A PostgreSQL server as far as the start-up message, answering every login with "password authentication failed". */
async function wrongPasswordServer(): Promise<{ port: number; close(): Promise<void> }> {
  const field = (type: string, value: string) =>
    Buffer.concat([Buffer.from(type), Buffer.from(value), Buffer.from([0])]);
  const fields = Buffer.concat([
    field('S', 'FATAL'),
    field('V', 'FATAL'),
    field('C', '28P01'),
    field('M', 'password authentication failed for user "dinner"'),
    Buffer.from([0]),
  ]);
  const length = Buffer.alloc(4);
  length.writeInt32BE(fields.length + 4);
  const answer = Buffer.concat([Buffer.from('E'), length, fields]);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => socket.end(answer));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('a database that cannot be reached at start', () => {
  it.skipIf(!onPostgres)(
    'is waited for with one line per try, and served once it answers (PostgreSQL only: SQLite has no server to wait for)',
    { timeout: 90_000 },
    async () => {
      const database = await freshPostgresDatabase(testPostgresUrl()!);
      cleanups.push(() => database.drop());
      const direct = new URL(database.url);
      const relay = new TcpRelay(await freePort(), { host: direct.hostname, port: Number(direct.port) });
      cleanups.push(() => relay.cut());
      const proxied = new URL(database.url);
      proxied.port = String(relay.port);
      const server = await spawnServer(proxied.toString());

      await until(() => server.output().includes('waiting for the database'), 'the waiting line');
      expect(server.child.exitCode).toBeNull();
      expect(server.lines()[0]).toMatch(WAITING);
      expect(server.lines()[0]).toContain('ECONNREFUSED');

      await relay.open();
      const healthz = `http://127.0.0.1:${server.port}/healthz`;
      await until(
        () =>
          fetch(healthz).then(
            (r) => r.status === 200,
            () => false,
          ),
        '/healthz to answer 200',
      );
      // It listens before the last stages of start-up; the line comes after them.
      await until(() => server.output().includes('serving on'), 'the serving line');
      const lines = server.lines();
      expect(lines.filter((line) => !WAITING.test(line))).toEqual([
        'running-dinner: the database answers; starting',
        expect.stringMatching(/^running-dinner serving on /),
      ]);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
  );

  it('is left at once when SIGTERM comes while the app waits for it, with exit code 0', {
    timeout: 60_000,
  }, async () => {
    const server = await spawnServer(`postgres://dinner:geheim@127.0.0.1:${await freePort()}/runningdinner`);
    await until(() => server.output().includes('waiting for the database'), 'the waiting line');

    server.child.kill('SIGTERM');
    const code = await server.exited;
    const ms = stopMsOf(server.output());

    expect(code).toBe(0);
    expect(ms).toBeLessThan(STOP_WITHIN_MS);
    const [stopped, ...before] = server.lines().reverse();
    expect(stopped).toBe(`running-dinner: stopped in ${ms} ms`);
    expect(before.every((line) => WAITING.test(line))).toBe(true);
    expect(server.output()).not.toContain('geheim');
    console.log(`stop while waiting for the database: ${ms} ms`);
  });
});

describe('a database that refuses the login', () => {
  it('refuses at once with one line on a wrong password, without the password', async () => {
    const fake = await wrongPasswordServer();
    cleanups.push(() => fake.close());
    const server = await spawnServer(`postgres://dinner:geheim@127.0.0.1:${fake.port}/runningdinner`);

    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      `running-dinner: cannot use the PostgreSQL database postgres://dinner:***@127.0.0.1:${fake.port}/runningdinner (password authentication failed for user "dinner"); check DATABASE_URL`,
    );
  });

  it.skipIf(!onPostgres)(
    'refuses at once with one line when the database does not exist (PostgreSQL only)',
    async () => {
      const url = new URL(testPostgresUrl()!);
      url.pathname = '/rd_no_such_database';
      const server = await spawnServer(url.toString());

      expect(await server.exited).toBe(1);
      expect(server.output().trim()).toMatch(
        /^running-dinner: cannot use the PostgreSQL database \S+ \(database "rd_no_such_database" does not exist\); check DATABASE_URL$/,
      );
    },
  );
});
