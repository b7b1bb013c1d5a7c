import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { ErrorMessage, tooManyRequests } from '../lib/errors.js';
import type { BusEvent, EventBus } from '../lib/event-bus.js';
import { clientAddress } from './client-address.js';

/** The server's open event streams: each follows one bus topic until its client leaves or the server stops. */
export interface SseStreams {
  /**
   * Answers with the topic's events: first those after the client's Last-Event-ID, then each as it is published.
   * Refuses with 429 when the client's address or the whole instance holds as many streams as allowed.
   */
  open(c: Context, topic: string, ending?: StreamEnding): Response;
  /** Ends every open stream: a stopping server must not wait for clients that would never hang up. */
  endAll(): void;
}

export interface StreamLimits {
  heartbeatSeconds: number;
  /** Streams one client address may hold open at once. */
  perClient: number;
  /** Streams this instance holds open at once. */
  max: number;
  trustProxy: boolean;
}

/** For a stream of something that ends (a route optimisation): the server closes it after its last event. */
interface StreamEnding {
  /** The event types after which nothing more comes. */
  lastEvents: readonly string[];
  /** Asked once the stream listens: when it ended before, its last event (which the stream missed), else null. */
  endedWith: () => Promise<{ type: string; data: unknown } | null>;
}

/** The id a resuming client names, as the bus counts; anything else (also a number beyond exact integers) resumes nothing. */
function lastEventIdOf(header: string | undefined): number | undefined {
  const value = header?.trim() ?? '';
  if (!/^\d{1,16}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** How long a browser waits before it reconnects a dropped stream. */
const RECONNECT_MS = 2_000;
/**
 * Bytes a stream may have waiting for its client beyond the events replayed to it (at most 500). A client that reads
 * slower than events come is dropped beyond it and resumes with Last-Event-ID.
 */
const MAX_PENDING_BYTES = 512 * 1024;
/**
 * Streams written to in one turn of the event loop: an event for thousands of streams is written in slices, so
 * other requests are answered in between.
 */
const STREAMS_PER_SLICE = 256;
/**
 * The pause between two rounds of writes, per stream the last round wrote to: with 9,000 streams a round at most
 * every 0.9 s, with 20 every 2 ms. A write costs some 10–15 µs, so the streams take at most about a tenth of the
 * main thread however many there are; the events that come meanwhile go out together, in one write per stream.
 */
const ROUND_PAUSE_MS_PER_STREAM = 0.1;
/** A refused client may try again after this long; the browser's own backoff (then polling) takes over meanwhile. */
const STREAMS_RETRY_AFTER_SECONDS = 30;

/** What waits for a stream's next round of writes, beyond which it is dropped at once (a burst of huge events). */
const PENDING_ROUND_BYTES = 4 * MAX_PENDING_BYTES;

const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-store',
  // nginx would otherwise hold events back until its buffer fills.
  'X-Accel-Buffering': 'no',
};

const encoder = new TextEncoder();
const RETRY_FRAME = encoder.encode(`retry: ${RECONNECT_MS}\n\n`);
// A comment the browser ignores; it keeps proxies from closing an idle stream.
const HEARTBEAT_FRAME = encoder.encode(': heartbeat\n\n');
const CLOSING_FRAME = encoder.encode('event: closing\ndata: {}\n\n');

const frames = new WeakMap<BusEvent, Uint8Array>();

/** An event as every stream sends it: both buses hand one object to all listeners, so it is serialised once. */
function frameOf(event: BusEvent): Uint8Array {
  let frame = frames.get(event);
  if (!frame) {
    frame = encoder.encode(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    frames.set(event, frame);
  }
  return frame;
}

/** The last event of something that ended before its stream listened: it has no id (a resume would not find it). */
const lastFrameOf = (last: { type: string; data: unknown }) =>
  encoder.encode(`event: ${last.type}\ndata: ${JSON.stringify(last.data)}\n\n`);

interface Flushable {
  flush(): void;
}

/** Flushes the streams that have something to send, in rounds, a slice per turn of the event loop. */
function roundWriter() {
  let waiting = new Set<Flushable>();
  let round: Flushable[] = [];
  let scheduled = false;
  let nextRoundAt = 0;
  const flushSlice = () => {
    if (round.length === 0) {
      round = [...waiting];
      waiting = new Set();
      nextRoundAt = performance.now() + round.length * ROUND_PAUSE_MS_PER_STREAM;
    }
    for (const stream of round.splice(0, STREAMS_PER_SLICE)) stream.flush();
    scheduled = false;
    if (round.length > 0 || waiting.size > 0) schedule();
  };
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    const wait = round.length > 0 ? 0 : nextRoundAt - performance.now();
    // A pending round never holds a stopping process.
    if (wait > 0) setTimeout(flushSlice, wait).unref();
    else setImmediate(flushSlice);
  }
  return {
    add(stream: Flushable) {
      waiting.add(stream);
      schedule();
    },
    remove: (stream: Flushable) => waiting.delete(stream),
  };
}

const joined = (frames: Uint8Array[]) => (frames.length === 1 ? frames[0] : Buffer.concat(frames));

/** Counts the open streams per client address and in all; a stream over either limit is refused. */
function streamCounter({ perClient, max }: Pick<StreamLimits, 'perClient' | 'max'>) {
  const byClient = new Map<string, number>();
  let total = 0;
  return {
    /** Counts one more stream of `client`, or throws the 429; answers how to count it out again. */
    admit(client: string): () => void {
      const held = byClient.get(client) ?? 0;
      if (held >= perClient || total >= max)
        throw tooManyRequests('too_many_streams', ErrorMessage.tooManyStreams, STREAMS_RETRY_AFTER_SECONDS);
      byClient.set(client, held + 1);
      total++;
      return () => {
        total--;
        const left = (byClient.get(client) ?? 1) - 1;
        if (left > 0) byClient.set(client, left);
        else byClient.delete(client);
      };
    },
  };
}

export function sseStreams(bus: EventBus, limits: StreamLimits): SseStreams {
  const openStreamEnds = new Set<() => void>();
  const counter = streamCounter(limits);
  const writer = roundWriter();
  let stopping = false;
  return {
    open(c, topic, ending) {
      // Hono answers HEAD with the GET route's headers and drops its body unread: a stream opened for it would never end.
      if (c.req.method === 'HEAD') return c.body(null, 200, STREAM_HEADERS);
      const release = counter.admit(clientAddress(c, limits.trustProxy));
      const afterId = lastEventIdOf(c.req.header('Last-Event-ID'));
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      let listening = true;
      let heartbeat: ReturnType<typeof setInterval> | undefined;
      let unsubscribe = () => {};
      // Frames not yet handed to the response, and their bytes.
      let pending: Uint8Array[] = [];
      let pendingBytes = 0;
      // A replay arrives at once and may be large: its bytes do not count against the client.
      let replayedBytes = 0;
      /** Bytes handed to the response that the client has not read yet. */
      const unreadBytes = () => MAX_PENDING_BYTES - (controller.desiredSize ?? 0) - replayedBytes;
      const stream = {
        flush() {
          if (!listening || pending.length === 0) return;
          controller.enqueue(joined(pending));
          pending = [];
          pendingBytes = 0;
          if (unreadBytes() > MAX_PENDING_BYTES) drop();
        },
      };

      /** Stops listening; `goodbye` is what the client still gets before the stream closes (null: the client is gone). */
      const stopListening = (goodbye: Uint8Array[] | null) => {
        if (!listening) return;
        if (goodbye !== null) {
          pending.push(...goodbye);
          stream.flush();
          controller.close();
        }
        listening = false;
        writer.remove(stream);
        openStreamEnds.delete(end);
        clearInterval(heartbeat);
        unsubscribe();
        release();
      };
      // The last word before a stop: the browser reconnects (to this server once it is back, or another).
      const end = () => stopListening(stopping ? [CLOSING_FRAME] : []);
      /** A client that does not read what it is sent: its connection goes, and with it the bytes waiting for it. */
      const drop = () => {
        stopListening(null);
        const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
        if (outgoing) outgoing.destroy();
        else controller.error(new Error('the client reads too slowly'));
      };
      const write = (frame: Uint8Array, replayed = false) => {
        if (!listening) return;
        pending.push(frame);
        pendingBytes += frame.byteLength;
        if (replayed) replayedBytes += frame.byteLength;
        // What waits for the next round is the server's own batching, not the client's: only a burst far beyond the
        // limit drops it before the round.
        if (pendingBytes - replayedBytes > PENDING_ROUND_BYTES) drop();
        else writer.add(stream);
      };

      const body = new ReadableStream<Uint8Array>(
        {
          start(streamController) {
            controller = streamController;
          },
          cancel: () => stopListening(null),
        },
        { highWaterMark: MAX_PENDING_BYTES, size: (chunk) => chunk.byteLength },
      );
      openStreamEnds.add(end);
      // Sent at once, so the browser sees the stream open now, not at the first event or heartbeat.
      controller.enqueue(RETRY_FRAME);
      unsubscribe = bus.subscribe(
        topic,
        (event, replayed) => {
          write(frameOf(event), replayed);
          if (ending?.lastEvents.includes(event.type)) end();
        },
        afterId,
      );
      // A replay that held the last event ended the stream before the subscription was there to end.
      if (!listening) unsubscribe();
      if (listening) heartbeat = setInterval(() => write(HEARTBEAT_FRAME), limits.heartbeatSeconds * 1000);
      void ending?.endedWith().then(
        (last) => last && listening && stopListening([lastFrameOf(last)]),
        () => end(),
      );
      // Streamed as it comes: the Node adapter must not wait for the end to count the length.
      return c.body(body, 200, { ...STREAM_HEADERS, 'Transfer-Encoding': 'chunked' });
    },
    endAll() {
      stopping = true;
      for (const end of openStreamEnds) end();
    },
  };
}
