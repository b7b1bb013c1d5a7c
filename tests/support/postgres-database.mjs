// A fresh database in a test cluster, for runners that start the server themselves (Playwright's web server).
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export async function freshDatabaseUrl(adminUrl) {
  const name = `rd_e2e_${randomUUID().replaceAll('-', '')}`;
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
