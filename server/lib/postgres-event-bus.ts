import type { Db } from '../../db/connection.js';
import { listen } from '../../db/cluster.js';
import { appendEvent, BUS_CHANNEL, eventById, eventsAfter, type LoggedEvent } from '../../db/event-log.js';
import type { Clock } from './clock.js';
import type { BusEvent, EventBus } from './event-bus.js';
import { redactIds } from './ids.js';

type Listener = (event: BusEvent) => void;

interface Announcement {
  id: number;
  topic: string;
  type?: string;
  data?: string;
}

const busEventOf = (row: Pick<LoggedEvent, 'id' | 'type' | 'data'>): BusEvent => ({ id: row.id, type: row.type, data: JSON.parse(row.data) });

/**
 * The event bus of several instances on one PostgreSQL database: a published event is a row of `bus_event` and a
 * notification to every instance (this one too), and each instance hands it to its own listeners. Every listener
 * hears the events of a topic in the order of their ids, whichever instance published them; one that resumes after
 * an id is first sent the stored events after it.
 * Resolves once it listens: a subscriber must not miss what follows its subscription.
 */
export async function postgresEventBus(db: Db, url: string, clock: Clock): Promise<EventBus> {
  const listeners = new Map<string, Set<Listener>>();
  // Publishes leave in order, and announcements are handled in order: events of a topic keep their sequence.
  let publishing: Promise<void> = Promise.resolve();
  let receiving: Promise<void> = Promise.resolve();

  async function deliver(announcement: Announcement): Promise<void> {
    const set = listeners.get(announcement.topic);
    if (!set || set.size === 0) return;
    const inline = announcement.type !== undefined && announcement.data !== undefined;
    const row = inline ? (announcement as LoggedEvent) : await eventById(db, announcement.id);
    if (!row) return;
    const event = busEventOf(row);
    for (const listener of [...set]) listener(event);
  }

  const session = listen(url, BUS_CHANNEL, (payload) => {
    const announcement = JSON.parse(payload) as Announcement;
    receiving = receiving.then(() => deliver(announcement)).catch((error) => console.error('event bus:', redactIds(String(error))));
  });

  /** A listener resuming after `afterId`: stored events first, live ones meanwhile held back and deduplicated. */
  function resuming(topic: string, listener: Listener, afterId: number): Listener {
    let lastId = afterId;
    let held: BusEvent[] | null = [];
    const pass = (event: BusEvent) => {
      if (event.id <= lastId) return;
      lastId = event.id;
      listener(event);
    };
    void eventsAfter(db, topic, afterId)
      .then((rows) => rows.map(busEventOf).forEach(pass))
      .catch((error) => console.error('event bus replay:', redactIds(String(error))))
      .finally(() => {
        const waiting = held ?? [];
        held = null;
        waiting.forEach(pass);
      });
    return (event) => (held ? held.push(event) : pass(event));
  }

  await session.listening;
  return {
    publish(topic, type, data) {
      const json = JSON.stringify(data ?? null);
      publishing = publishing.then(() => appendEvent(db, topic, type, json, clock.now())).catch((error) => console.error('event bus:', redactIds(String(error))));
    },
    subscribe(topic, listener, afterId) {
      const wrapped = afterId === undefined ? listener : resuming(topic, listener, afterId);
      const set = listeners.get(topic) ?? new Set();
      set.add(wrapped);
      listeners.set(topic, set);
      return () => {
        set.delete(wrapped);
        if (set.size === 0 && listeners.get(topic) === set) listeners.delete(topic);
      };
    },
    subscriberCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
    async close() {
      await publishing;
      await session.close();
    },
  };
}
