import { listen } from '../../db/cluster.js';
import type { Db } from '../../db/connection.js';
import {
  appendEvent,
  BUS_CHANNEL,
  eventById,
  eventsAfter,
  type LoggedEvent,
  latestEventId,
} from '../../db/event-log.js';
import type { Clock } from '../lib/clock.js';
import { type BusEvent, type EventBus, type Listener, topicListeners } from '../lib/event-bus.js';
import { redactIds } from '../lib/ids.js';

interface Announcement {
  id: number;
  topic: string;
  type?: string;
  data?: string;
}

const busEventOf = (row: Pick<LoggedEvent, 'id' | 'type' | 'data'>): BusEvent => ({
  id: row.id,
  type: row.type,
  data: JSON.parse(row.data),
});

const logError = (error: unknown) => console.error('event bus:', redactIds(String(error)));

/**
 * Reads of a topic's stored events shared by everyone who asks at once: those that ask while no read of the topic
 * has begun join the next one, so an instance runs one query per topic at a time however many streams resume. A
 * read begins only after its askers asked: it sees everything committed before they subscribed.
 */
function sharedReads<A, T>(read: (topic: string, args: A[]) => Promise<T>) {
  const next = new Map<string, { args: A[]; result: Promise<T> }>();
  const latest = new Map<string, Promise<unknown>>();
  return (topic: string, arg: A): Promise<T> => {
    let batch = next.get(topic);
    if (!batch) {
      const args: A[] = [];
      const result = (latest.get(topic) ?? Promise.resolve()).then(() => {
        next.delete(topic);
        return read(topic, args).catch((error) => {
          logError(error);
          throw error;
        });
      });
      batch = { args, result };
      next.set(topic, batch);
      const settled = result.then(
        () => undefined,
        () => undefined,
      );
      latest.set(topic, settled);
      void settled.then(() => latest.get(topic) === settled && latest.delete(topic));
    }
    batch.args.push(arg);
    return batch.result;
  };
}

/** What a subscription asks of the table: the stored events after an id, and the newest id of a topic. */
interface StoredEvents {
  after(topic: string, afterId: number): Promise<BusEvent[]>;
  newestId(topic: string): Promise<number>;
}

function storedEvents(db: Db): StoredEvents {
  // One query for all who resume at once, after the earliest id among them (the newest 500 events after it hold
  // the newest 500 after any later id); each keeps what came after its own.
  const newestAfter = sharedReads<number, BusEvent[]>(async (topic, afterIds) =>
    (await eventsAfter(db, topic, Math.min(...afterIds))).map(busEventOf),
  );
  const newestIds = sharedReads<void, number>((topic) => latestEventId(db, topic));
  return {
    after: async (topic, afterId) => (await newestAfter(topic, afterId)).filter((event) => event.id > afterId),
    newestId: (topic) => newestIds(topic, undefined),
  };
}

/**
 * One listener's place in its topic: it hears every event once and in order. While stored events are read for it
 * (a resume after an id, a catch-up after lost notifications), the live ones wait behind them.
 */
interface Subscription {
  topic: string;
  /** Hands an event on unless it was handed on already. */
  hear(event: BusEvent): void;
  /** Reads the stored events after the last one heard (or after `after`) and hands them on first. */
  catchUp(after?: number): Promise<void>;
}

function subscription(
  stored: StoredEvents,
  topic: string,
  listener: Listener,
  afterId: number | undefined,
): Subscription {
  let lastHeard: number | undefined;
  // Where a catch-up starts when nothing was heard yet: the client's id, else the topic's newest event when it came.
  const baseline = afterId !== undefined ? Promise.resolve(afterId) : stored.newestId(topic).catch(() => 0);
  let held: BusEvent[] | null = null;
  const pass = (event: BusEvent, replayed = false) => {
    if (lastHeard !== undefined && event.id <= lastHeard) return;
    lastHeard = event.id;
    listener(event, replayed);
  };
  return {
    topic,
    hear: (event) => (held ? held.push(event) : pass(event)),
    async catchUp(after) {
      held ??= [];
      try {
        const from = after ?? lastHeard ?? (await baseline);
        for (const event of await stored.after(topic, from)) pass(event, true);
      } catch {
        // The shared read logged it once; the live events go on.
      } finally {
        const waiting = held ?? [];
        held = null;
        for (const event of waiting) pass(event);
      }
    },
  };
}

/**
 * The event bus of several instances on one PostgreSQL database: a published event is a row of `bus_event` and a
 * notification to every instance (this one too), and each instance hands it to its own listeners. Every listener
 * hears the events of a topic in the order of their ids, whichever instance published them; one that resumes after
 * an id is first sent the stored events after it, and notifications missed while the connection was lost are read
 * from the table. Resolves once it listens: a subscriber must not miss what follows its subscription.
 */
export async function postgresEventBus(db: Db, url: string, clock: Clock): Promise<EventBus> {
  const subscriptions = topicListeners<Subscription>();
  const stored = storedEvents(db);
  let closed = false;
  // Publishes leave in order, and announcements are handled in order: events of a topic keep their sequence.
  let publishing: Promise<void> = Promise.resolve();
  let receiving: Promise<void> = Promise.resolve();
  const inOrder = (step: () => Promise<void>) => {
    receiving = receiving.then(step).catch(logError);
  };

  async function deliver(announcement: Announcement): Promise<void> {
    const listening = subscriptions.of(announcement.topic);
    if (listening.length === 0) return;
    const inline = announcement.type !== undefined && announcement.data !== undefined;
    const row = inline ? (announcement as LoggedEvent) : await eventById(db, announcement.id);
    if (!row) return;
    const event = busEventOf(row);
    for (const s of listening) s.hear(event);
  }

  const session = listen(
    url,
    BUS_CHANNEL,
    (payload) => inOrder(() => deliver(JSON.parse(payload) as Announcement)),
    () => inOrder(() => Promise.all(subscriptions.all().map((s) => s.catchUp())).then(() => undefined)),
  );
  await session.listening;
  return {
    publish(topic, type, data) {
      if (closed) return;
      const json = JSON.stringify(data ?? null);
      publishing = publishing.then(() => appendEvent(db, topic, type, json, clock.now())).catch(logError);
    },
    subscribe(topic, listener, afterId) {
      const s = subscription(stored, topic, listener, afterId);
      if (afterId !== undefined) void s.catchUp(afterId);
      return subscriptions.add(topic, s);
    },
    subscriberCount: subscriptions.count,
    async close() {
      closed = true;
      await publishing;
      await session.close();
      await receiving;
    },
  };
}
