import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { TestServer } from './test-server.js';

/** An event stream as a test reads it: what arrived so far, and whether the server ended it. */
export interface SseClient {
  status: number;
  headers: Headers;
  events: EventSourceMessage[];
  comments: string[];
  /** True once the server ended the stream. */
  ended: () => boolean;
  /** Waits until `condition` holds (fails after `timeoutMs`). */
  until(condition: (client: SseClient) => boolean, timeoutMs?: number): Promise<void>;
  /** Hangs up as a leaving browser does. */
  close(): void;
}

/** Each event's type and parsed data, the way a handler gets them. */
export const received = (client: SseClient) =>
  client.events.map((event) => ({ type: event.event, data: JSON.parse(event.data) }));

/** Opens `path` (under /sse) with fetch and reads it with eventsource-parser until either side ends it. */
export async function openSse(
  server: Pick<TestServer, 'baseUrl'>,
  path: string,
  headers: Record<string, string> = {},
): Promise<SseClient> {
  const hangUp = new AbortController();
  const response = await fetch(`${server.baseUrl}/sse${path}`, {
    headers: { Accept: 'text/event-stream', ...headers },
    signal: hangUp.signal,
  });
  let ended = false;
  const client: SseClient = {
    status: response.status,
    headers: response.headers,
    events: [],
    comments: [],
    ended: () => ended,
    until: (condition, timeoutMs = 5_000) => waitUntil(() => condition(client), timeoutMs),
    close: () => hangUp.abort(),
  };
  const parser = createParser({
    onEvent: (event) => client.events.push(event),
    onComment: (comment) => client.comments.push(comment),
  });
  const reading = response.status === 200 ? readInto(response, parser.feed) : response.text();
  reading.then(
    () => (ended = true),
    () => undefined,
  );
  return client;
}

async function readInto(response: Response, feed: (chunk: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) feed(decoder.decode(chunk, { stream: true }));
}

export async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
