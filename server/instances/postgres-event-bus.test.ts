import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../../db/connection.js';
import { freshPostgresDatabase, onPostgres, type TestDatabase, testPostgresUrl } from '../../tests/support/postgres.js';
import { waitUntil } from '../../tests/support/sse-client.js';
import { systemClock } from '../lib/clock.js';
import type { BusEvent, EventBus } from '../lib/event-bus.js';
import { postgresEventBus } from './postgres-event-bus.js';

const clock = systemClock('Europe/Berlin');

describe.runIf(onPostgres)('the event bus over PostgreSQL', () => {
  let database: TestDatabase;
  let db: Db;
  // Two instances' buses on one database.
  let a: EventBus;
  let b: EventBus;

  beforeAll(async () => {
    database = await freshPostgresDatabase(testPostgresUrl()!);
    db = openDatabase({ url: database.url });
    await migrateToLatest(db);
    [a, b] = await Promise.all([postgresEventBus(db, database.url, clock), postgresEventBus(db, database.url, clock)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await db?.destroy();
    await database?.drop();
  });

  it('hands the events one instance publishes to the other’s listeners in order, large ones read from the table', async () => {
    const heard: BusEvent[] = [];
    const unsubscribe = b.subscribe('topic:order', (event) => heard.push(event));
    const large = { text: 'x'.repeat(20_000) };
    // Few characters, but more bytes than a notification may carry.
    const wide = { text: 'ü"'.repeat(3_000) };
    const data = (i: number) => (i === 10 ? large : i === 15 ? wide : { i });
    for (let i = 0; i < 20; i++) a.publish('topic:order', 'step', data(i));
    a.publish('topic:other', 'step', { ignored: true });
    await waitUntil(() => heard.length === 20);
    unsubscribe();
    expect(heard.map((e) => e.data)).toEqual(Array.from({ length: 20 }, (_, i) => data(i)));
    expect(heard.map((e) => e.id)).toEqual([...heard.map((e) => e.id)].sort((x, y) => x - y));
    expect(b.subscriberCount()).toBe(0);
  });

  it('resumes after an id on any instance: the stored events after it first, then the live ones, none twice', async () => {
    const first: BusEvent[] = [];
    const stop = a.subscribe('topic:resume', (event) => first.push(event));
    for (let i = 0; i < 5; i++) b.publish('topic:resume', 'step', { i });
    await waitUntil(() => first.length === 5);
    stop();

    const resumed: BusEvent[] = [];
    b.subscribe('topic:resume', (event) => resumed.push(event), first[1].id);
    for (let i = 5; i < 8; i++) a.publish('topic:resume', 'step', { i });
    await waitUntil(() => resumed.length === 6);
    expect(resumed.map((e) => e.data)).toEqual([2, 3, 4, 5, 6, 7].map((i) => ({ i })));
  });

  it('reads the events it missed while its connection was lost, before the live ones', async () => {
    const heard: BusEvent[] = [];
    b.subscribe('topic:gap', (event) => heard.push(event));
    b.publish('topic:gap', 'step', { i: 0 });
    await waitUntil(() => heard.length === 1);
    // Every instance's listening connection is cut, as a restarting network would; the events meanwhile are not notified.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`.execute(
      db,
    );
    for (let i = 1; i < 6; i++) a.publish('topic:gap', 'step', { i });
    await waitUntil(() => heard.length === 6, 10_000);
    a.publish('topic:gap', 'step', { i: 6 });
    await waitUntil(() => heard.length === 7);
    expect(heard.map((e) => e.data)).toEqual(Array.from({ length: 7 }, (_, i) => ({ i })));
  });
});
