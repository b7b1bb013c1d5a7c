import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBody } from '../support/factories.js';
import { freshPostgresDatabase, onPostgres, testPostgresUrl } from '../support/postgres.js';
import { freePort } from '../support/test-server.js';
import { until } from '../support/until.js';

const MAIN = new URL('../../dist/server/main.js', import.meta.url).pathname;

/**
 * Runs the built server and collects what it printed until it exits (or is stopped after `ms`). A refusal comes after
 * the start-up's first steps, which a busy machine stretches over many seconds.
 */
function runServer(env: Record<string, string>, ms = 60_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN], { env: { ...process.env, ...env, SMTP_URL: '' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGTERM'), ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('starting the server', { timeout: 90_000 }, () => {
  let blocker: Server;
  let takenPort: number;
  beforeAll(async () => {
    takenPort = await freePort();
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(takenPort, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it('refuses with one line when the port is taken', async () => {
    const { code, output } = await runServer({
      PORT: String(takenPort),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rd-start-')),
    });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `running-dinner: port ${takenPort} on 127.0.0.1 is already in use; stop the other program or set PORT`,
    );
  });

  it('refuses with one line when DATA_DIR is not writable', async () => {
    const readOnly = mkdtempSync(path.join(tmpdir(), 'rd-ro-'));
    chmodSync(readOnly, 0o500);
    const dataDir = path.join(readOnly, 'data');
    const port = await freePort();
    // root may write anywhere; a file in the way of the folder is refused for every user.
    const { code, output } = await runServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.getuid?.() === 0 ? '/proc/version/data' : dataDir,
    });
    expect(code).toBe(1);
    expect(output.trim()).toMatch(
      /^running-dinner: DATA_DIR .* is not writable; set DATA_DIR to a folder this user may write to$/,
    );
  });

  it('refuses a malformed variable naming it', async () => {
    const { code, output } = await runServer({ PORT: 'eighty' });
    expect(code).toBe(1);
    expect(output.trim()).toBe('running-dinner: invalid configuration: PORT: must be a number');
  });

  // It used to refuse; in compose the app may start before its database (database-wait.test.ts).
  it('waits for a PostgreSQL database it cannot reach, saying so without its password, and stops at SIGTERM', async () => {
    const url = `postgres://dinner:geheim@127.0.0.1:${await freePort()}/runningdinner`;
    const { code, output } = await runServer(
      { PORT: String(await freePort()), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rd-start-')), DATABASE_URL: url },
      6_000,
    );
    expect(code).toBe(0);
    const lines = output.trim().split('\n');
    // The last line says how long the stop took; every line before it is the wait for the database.
    expect(lines.pop()).toMatch(/^running-dinner: stopped in \d+ ms$/);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).toMatch(
        /^running-dinner: waiting for the database \(the PostgreSQL database postgres:\/\/dinner:\*\*\*@127\.0\.0\.1:\d+\/runningdinner\): .*ECONNREFUSED.*; trying again in \d+ s$/,
      );
    }
    expect(output).not.toContain('geheim');
  });

  it('refuses with one line naming the migration the database refused', async () => {
    // A table of the first migration is there already, with another shape: the migration fails.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-start-'));
    const database = onPostgres ? await freshPostgresDatabase(testPostgresUrl()!) : undefined;
    try {
      if (database) {
        const client = new pg.Client(database.url);
        await client.connect();
        await client.query('create table running_dinner (id integer)');
        await client.end();
      } else {
        const sqlite = new Database(path.join(dataDir, 'runningdinner.sqlite'));
        sqlite.exec('create table running_dinner (id integer)');
        sqlite.close();
      }
      const { code, output } = await runServer({
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        ...(database ? { DATABASE_URL: database.url } : {}),
      });
      expect(code).toBe(1);
      expect(output.trim()).toMatch(
        /^running-dinner: database migration 2026-11-21-0001-initial failed: (table|relation) "running_dinner" already exists \(the (SQLite file|PostgreSQL database) \S+\); the app needs every migration and does not start$/,
      );
    } finally {
      await database?.drop();
    }
  });

  it('lowers SSE_STREAMS_MAX to what its open-files limit holds, says so in one line, and refuses the stream beyond', async () => {
    const port = await freePort();
    const env = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rd-start-')),
      SMTP_URL: '',
      SSE_STREAMS_PER_CLIENT: '1000',
    };
    // 1,200 open files: 600 kept for everything else (starting takes some hundreds at once), 600 streams.
    const child = spawn('sh', ['-c', `ulimit -n 1200 && exec "${process.execPath}" "${MAIN}"`], { env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const streams: AbortController[] = [];
    try {
      await until(() => output.includes('serving on'), 'the serving line');
      expect(output).toContain(
        "running-dinner: SSE_STREAMS_MAX=4000 does not fit in this process's limit of 1200 open files with 600 kept for everything else; at most 600 live streams",
      );
      const created = await fetch(`http://127.0.0.1:${port}/rest/wizardservice/v1/create`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(createBody()),
      });
      const { adminId } = (await created.json()).runningDinner;
      // The responses stay referenced: undici cancels the body of a collected response, which would close its stream.
      const responses: Response[] = [];
      const open = async () => {
        const hangUp = new AbortController();
        streams.push(hangUp);
        const response = await fetch(
          `http://127.0.0.1:${port}/sse/runningdinnerservice/v1/runningdinner/${adminId}/events`,
          { signal: hangUp.signal },
        );
        responses.push(response);
        return response.status;
      };
      const statuses = [];
      for (let i = 0; i < 601; i++) statuses.push(await open());
      expect(statuses.slice(0, 600).every((status) => status === 200)).toBe(true);
      expect(statuses[600]).toBe(429);
    } finally {
      for (const hangUp of streams) hangUp.abort();
      child.kill('SIGTERM');
    }
  });

  it('serves the landing page with the contact address for error screens filled in', async () => {
    const port = await freePort();
    const env = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rd-start-')),
      SMTP_URL: '',
      ADMIN_EMAIL: 'hilfe@dinner.example.org',
    };
    const child = spawn(process.execPath, [MAIN], { env });
    try {
      const html = await until(
        () =>
          fetch(`http://127.0.0.1:${port}/`).then(
            (r) => r.text(),
            () => '',
          ),
        'the landing page',
      );
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<meta name="admin-email" content="hilfe@dinner.example.org" />');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
