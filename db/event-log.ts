import { sql } from 'kysely';
import type { Db } from './connection.js';

/** The PostgreSQL channel the event bus notifies on (see server/lib/postgres-event-bus.ts). */
export const BUS_CHANNEL = 'rd_bus';
/** PostgreSQL refuses notifications of 8000 bytes and more: larger events are announced by id and read from the table. */
const MAX_NOTIFICATION_BYTES = 7_900;
/** A key space of its own for the per-topic locks (the two-key form never meets the one-key write lock). */
const TOPIC_LOCK_SPACE = 2;

export interface LoggedEvent {
  id: number;
  topic: string;
  type: string;
  data: string;
}

/**
 * Appends an event and notifies every instance, in one statement. The topic's lock makes the events of one topic
 * commit in the order of their ids, so a client that resumes after an id never misses an earlier-numbered event.
 */
export async function appendEvent(db: Db, topic: string, type: string, data: string, now: Date): Promise<void> {
  await sql`with topic_lock as (select pg_advisory_xact_lock(${TOPIC_LOCK_SPACE}, hashtext(${topic}::text))),
      appended as (insert into bus_event (topic, type, data, created_at) select ${topic}, ${type}, ${data}, ${now.toISOString()} from topic_lock returning id),
      announced as (select id, json_build_object('id', id, 'topic', ${topic}::text, 'type', ${type}::text, 'data', ${data}::text)::text as payload from appended)
    select pg_notify(${BUS_CHANNEL}, case when octet_length(payload) < ${MAX_NOTIFICATION_BYTES} then payload
      else json_build_object('id', id, 'topic', ${topic}::text)::text end) from announced`.execute(db);
}

/** A resume reads at most this many events, the newest: as many as the in-process bus keeps. */
const MAX_REPLAY = 500;

export async function eventsAfter(db: Db, topic: string, afterId: number): Promise<LoggedEvent[]> {
  const newest = await db
    .selectFrom('bus_event')
    .select(['id', 'topic', 'type', 'data'])
    .where('topic', '=', topic)
    .where('id', '>', afterId)
    .orderBy('id', 'desc')
    .limit(MAX_REPLAY)
    .execute();
  return newest.reverse();
}

export async function latestEventId(db: Db, topic: string): Promise<number> {
  const row = await db
    .selectFrom('bus_event')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('topic', '=', topic)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export const eventById = (db: Db, id: number): Promise<LoggedEvent | undefined> =>
  db.selectFrom('bus_event').select(['id', 'topic', 'type', 'data']).where('id', '=', id).executeTakeFirst();

/** Events older than the resume window are of no use to a reconnecting browser. */
export async function pruneEvents(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('bus_event').where('created_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
