// A private PostgreSQL cluster for the tests: Debian's server binaries, a temp folder, a loopback port, no password
// (trust on loopback only). Plain JavaScript, so `npm test` (tests/run-all.mjs) can start it before any TypeScript runs.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.mjs';

const DEBIAN_BIN = '/usr/lib/postgresql';

/** The folder of Debian's newest installed PostgreSQL server binaries, or undefined when none is installed. */
export function postgresBinDir() {
  if (!existsSync(DEBIAN_BIN)) return undefined;
  const versions = readdirSync(DEBIAN_BIN)
    .filter((v) => existsSync(path.join(DEBIAN_BIN, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(DEBIAN_BIN, versions[0], 'bin') : undefined;
}

const isRoot = () => process.getuid?.() === 0;

/** Installs Debian's postgresql when it is missing and this is root; answers whether the server binaries are there. */
export function ensurePostgresInstalled() {
  if (postgresBinDir()) return true;
  if (!isRoot()) return false;
  spawnSync('sh', ['-c', 'apt-get update && apt-get install -y postgresql'], { stdio: 'inherit' });
  return postgresBinDir() !== undefined;
}

/** PostgreSQL refuses to run as root: as root the cluster belongs to the postgres user Debian's package made. */
function asClusterOwner(bin, args, dir) {
  const file = path.join(postgresBinDir(), bin);
  if (!isRoot()) return execFileSync(file, args, { stdio: 'pipe' });
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
  chownSync(dir, uid, gid);
  return execFileSync(file, args, { stdio: 'pipe', uid, gid, cwd: dir });
}

/**
 * Starts a fresh cluster and answers its superuser URL (database postgres) and a stop that removes every trace.
 * fsync is off: the cluster lives as long as one test run.
 */
export async function startPostgresCluster() {
  const dir = mkdtempSync(path.join(tmpdir(), 'rd-pg-'));
  chmodSync(dir, 0o700);
  const data = path.join(dir, 'data');
  const port = await freePort();
  asClusterOwner('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'], dir);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  asClusterOwner('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', 'start'], dir);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asClusterOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'], dir);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

async function asSuperuser(adminUrl, statement) {
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new empty database in the cluster, as a fresh SQLite file is for the SQLite run; answers its URL. */
export async function freshDatabaseUrl(adminUrl) {
  const name = `rd_${randomUUID().replaceAll('-', '')}`;
  await asSuperuser(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database `freshDatabaseUrl` made, even while a server still holds connections to it. */
export async function dropDatabase(adminUrl, databaseUrl) {
  await asSuperuser(adminUrl, `drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
}
