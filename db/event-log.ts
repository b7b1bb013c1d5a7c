import { sql } from 'kysely';
import type { Db } from './connection.js';

/** The PostgreSQL channel the event bus notifies on (see server/lib/postgres-event-bus.ts). */
export const BUS_CHANNEL = 'rd_bus';
/** PostgreSQL refuses notifications of 8000 bytes and more: larger events are announced by id and read from the table. */
const MAX_INLINE_DATA = 7_000;
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
      appended as (insert into bus_event (topic, type, data, created_at) select ${topic}, ${type}, ${data}, ${now.toISOString()} from topic_lock returning id)
    select pg_notify(${BUS_CHANNEL}, case when length(${data}::text) < ${MAX_INLINE_DATA}
      then json_build_object('id', id, 'topic', ${topic}::text, 'type', ${type}::text, 'data', ${data}::text)::text
      else json_build_object('id', id, 'topic', ${topic}::text)::text end) from appended`.execute(db);
}

export const eventsAfter = (db: Db, topic: string, afterId: number): Promise<LoggedEvent[]> =>
  db.selectFrom('bus_event').select(['id', 'topic', 'type', 'data']).where('topic', '=', topic).where('id', '>', afterId).orderBy('id').execute();

export const eventById = (db: Db, id: number): Promise<LoggedEvent | undefined> =>
  db.selectFrom('bus_event').select(['id', 'topic', 'type', 'data']).where('id', '=', id).executeTakeFirst();

/** Events older than the resume window are of no use to a reconnecting browser. */
export async function pruneEvents(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('bus_event').where('created_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
