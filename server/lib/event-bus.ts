/** One event on a topic; `id` grows across topics and restarts, so a resuming client names where it stopped. */
export interface BusEvent {
  id: number;
  type: string;
  data: unknown;
}

/** Hears an event; `replayed` when it was read from the stored events (a resume, a catch-up) rather than just published. */
export type Listener = (event: BusEvent, replayed?: boolean) => void;

/**
 * Where services publish what happened (after their transaction committed) and where the SSE streams listen.
 * In process for the only instance (SQLite); several instances carry it over PostgreSQL (postgres-event-bus.ts).
 */
export interface EventBus {
  publish(topic: string, type: string, data: unknown): void;
  /** Listens from now on; with `afterId`, first replays the buffered events of the topic that came after it. */
  subscribe(topic: string, listener: Listener, afterId?: number): () => void;
  /** Listeners still subscribed, over all topics: a closed stream must leave none behind. */
  subscriberCount(): number;
  /** At stop, after the streams ended: what is being published goes out first. */
  close(): Promise<void>;
}

/** The listeners of each topic, as both buses keep them. */
export function topicListeners<L>() {
  const byTopic = new Map<string, Set<L>>();
  return {
    /** Adds a listener; answers how to remove it. */
    add(topic: string, listener: L): () => void {
      const set = byTopic.get(topic) ?? new Set();
      set.add(listener);
      byTopic.set(topic, set);
      return () => {
        set.delete(listener);
        if (set.size === 0 && byTopic.get(topic) === set) byTopic.delete(topic);
      };
    },
    of: (topic: string): L[] => [...(byTopic.get(topic) ?? [])],
    all: (): L[] => [...byTopic.values()].flatMap((set) => [...set]),
    count: () => [...byTopic.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

interface BusOptions {
  /** Events kept per topic for clients that resume with Last-Event-ID. */
  replayPerTopic: number;
  /** Topics whose events are kept; the least recently published is dropped first. */
  maxTopics: number;
}

export function inProcessEventBus(
  { replayPerTopic, maxTopics }: BusOptions = { replayPerTopic: 500, maxTopics: 1_000 },
): EventBus {
  // Starting at the clock keeps ids growing across a restart: an old Last-Event-ID never skips new events.
  let lastId = Date.now();
  const replay = new Map<string, BusEvent[]>();
  const listeners = topicListeners<Listener>();

  function remember(topic: string, event: BusEvent): void {
    const buffer = replay.get(topic) ?? [];
    replay.delete(topic);
    buffer.push(event);
    if (buffer.length > replayPerTopic) buffer.shift();
    replay.set(topic, buffer);
    if (replay.size > maxTopics) replay.delete(replay.keys().next().value as string);
  }

  return {
    publish(topic, type, data) {
      const event = { id: ++lastId, type, data };
      remember(topic, event);
      for (const listener of listeners.of(topic)) listener(event);
    },
    subscribe(topic, listener, afterId) {
      if (afterId !== undefined)
        for (const event of replay.get(topic) ?? []) if (event.id > afterId) listener(event, true);
      return listeners.add(topic, listener);
    },
    subscriberCount: listeners.count,
    close: async () => undefined,
  };
}

/**
 * The topics, named in one place: a dinner's message jobs, what happens in a dinner (registrations, activities), one
 * route optimisation, one paid registration's order (its status, for the payment page).
 */
export const Topic = {
  messageJobs: (runningDinnerId: string) => `messagejobs:${runningDinnerId}`,
  dinner: (runningDinnerId: string) => `dinner:${runningDinnerId}`,
  routeOptimization: (optimizationId: string) => `optimization:${optimizationId}`,
  order: (orderId: string) => `order:${orderId}`,
};
