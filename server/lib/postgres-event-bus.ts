import type { Db } from '../../db/connection.js';
import { listen } from '../../db/cluster.js';
import { appendEvent, BUS_CHANNEL, eventById, eventsAfter, latestEventId, type LoggedEvent } from '../../db/event-log.js';
import type { Clock } from './clock.js';
import { type BusEvent, type EventBus, type Listener, topicListeners } from './event-bus.js';
import { redactIds } from './ids.js';

interface Announcement {
  id: number;
  topic: string;
  type?: string;
  data?: string;
}

const busEventOf = (row: Pick<LoggedEvent, 'id' | 'type' | 'data'>): BusEvent => ({ id: row.id, type: row.type, data: JSON.parse(row.data) });

const logError = (error: unknown) => console.error('event bus:', redactIds(String(error)));

/**
 * One listener's place in its topic: it hears every event once and in order. While stored events are read for it
 * (a resume after an id, a catch-up after lost notifications), the live ones wait behind them.
 */
interface Subscription {
  topic: string;
  /** Hands an event on unless it was handed on already. */
  hear(event: BusEvent): void;
  /** Reads the stored events after the last one heard (or after `after`) and hands them on first. */
  catchUp(db: Db, after?: number): Promise<void>;
}

function subscription(db: Db, topic: string, listener: Listener): Subscription {
  let lastHeard: number | undefined;
  // Where a catch-up starts when nothing was heard yet: the topic's newest event when the listener came.
  const baseline = latestEventId(db, topic).catch(() => 0);
  let held: BusEvent[] | null = null;
  const pass = (event: BusEvent) => {
    if (lastHeard !== undefined && event.id <= lastHeard) return;
    lastHeard = event.id;
    listener(event);
  };
  return {
    topic,
    hear: (event) => (held ? held.push(event) : pass(event)),
    async catchUp(db, after) {
      held ??= [];
      try {
        const from = after ?? lastHeard ?? (await baseline);
        for (const row of await eventsAfter(db, topic, from)) pass(busEventOf(row));
      } catch (error) {
        logError(error);
      } finally {
        const waiting = held ?? [];
        held = null;
        waiting.forEach(pass);
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
    () => inOrder(() => Promise.all(subscriptions.all().map((s) => s.catchUp(db))).then(() => undefined)),
  );
  await session.listening;
  return {
    publish(topic, type, data) {
      if (closed) return;
      const json = JSON.stringify(data ?? null);
      publishing = publishing.then(() => appendEvent(db, topic, type, json, clock.now())).catch(logError);
    },
    subscribe(topic, listener, afterId) {
      const s = subscription(db, topic, listener);
      if (afterId !== undefined) void s.catchUp(db, afterId);
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
