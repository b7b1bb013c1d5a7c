import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { BusEvent, EventBus } from '../lib/event-bus.js';

/** The server's open event streams: each follows one bus topic until its client leaves or the server stops. */
export interface SseStreams {
  /** Answers with the topic's events: first those after the client's Last-Event-ID, then each as it is published. */
  open(c: Context, topic: string, ending?: StreamEnding): Response;
  /** Ends every open stream: a stopping server must not wait for clients that would never hang up. */
  endAll(): void;
}

/** For a stream of something that ends (a route optimisation): the server closes it after its last event. */
interface StreamEnding {
  /** The event types after which nothing more comes. */
  lastEvents: readonly string[];
  /** Asked once the stream listens: when it ended before, its last event (which the stream missed), else null. */
  endedWith: () => Promise<{ type: string; data: unknown } | null>;
}

/** The id a resuming client names, as the bus counts; anything else resumes nothing. */
function lastEventIdOf(header: string | undefined): number | undefined {
  const value = header?.trim() ?? '';
  return /^\d+$/.test(value) ? Number(value) : undefined;
}

/** How long a browser waits before it reconnects a dropped stream. */
const RECONNECT_MS = 2_000;

export function sseStreams(bus: EventBus, heartbeatSeconds: number): SseStreams {
  const openStreamEnds = new Set<() => void>();
  let stopping = false;
  return {
    open(c, topic, ending) {
      const afterId = lastEventIdOf(c.req.header('Last-Event-ID'));
      const response = streamSSE(
        c,
        (stream) =>
          new Promise<void>((resolve) => {
            let end = () => {};
            const send = (event: BusEvent) => {
              const written = stream.writeSSE({ id: String(event.id), event: event.type, data: JSON.stringify(event.data) });
              if (ending?.lastEvents.includes(event.type)) void written.finally(() => end());
            };
            // Sent at once, so the browser sees the stream open now, not at the first event or heartbeat.
            void stream.write(`retry: ${RECONNECT_MS}\n\n`);
            const unsubscribe = bus.subscribe(topic, send, afterId);
            void ending?.endedWith().then(
              (last) => last && openStreamEnds.has(end) && void stream.writeSSE({ event: last.type, data: JSON.stringify(last.data) }).finally(() => end()),
              () => end(),
            );
            // A comment the browser ignores; it keeps proxies from closing an idle stream.
            const heartbeat = setInterval(() => void stream.write(': heartbeat\n\n'), heartbeatSeconds * 1000);
            end = () => {
              if (!openStreamEnds.has(end)) return;
              openStreamEnds.delete(end);
              clearInterval(heartbeat);
              unsubscribe();
              // The last word before a stop: the browser reconnects (to this server once it is back, or another).
              const last = stopping ? stream.writeSSE({ event: 'closing', data: '{}' }) : Promise.resolve();
              void last.finally(resolve);
            };
            openStreamEnds.add(end);
            stream.onAbort(end);
          }),
      );
      response.headers.set('Cache-Control', 'no-store');
      // nginx would otherwise hold events back until its buffer fills.
      response.headers.set('X-Accel-Buffering', 'no');
      return response;
    },
    endAll() {
      stopping = true;
      for (const end of openStreamEnds) end();
    },
  };
}
