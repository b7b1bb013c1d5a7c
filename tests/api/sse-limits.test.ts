import net from 'node:net';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresEventBus } from '../../server/instances/postgres-event-bus.js';
import { systemClock } from '../../server/lib/clock.js';
import { Topic } from '../../server/lib/event-bus.js';
import { openFilesLimit, streamsWithin } from '../../server/lib/open-files.js';
import { onPostgres } from '../support/postgres.js';
import { createPublicDinner } from '../support/registration.js';
import { openSse, waitUntil } from '../support/sse-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { useTestServer } from '../support/use-test-server.js';

// Issue 20, findings 4, 5, 8 and two of 10: streams are a bounded resource, a client that does not read is dropped
// and resumes without loss, resumes on PostgreSQL share their reads, a bad Last-Event-ID logs nothing, and a
// half-sent request does not hold its connection for a minute.

const server = useTestServer();

const messageJobs = (adminId: string) => `/messageservice/v1/runningdinner/${adminId}/messagejobs`;
const dinnerEvents = (adminId: string) => `/runningdinnerservice/v1/runningdinner/${adminId}/events`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client on a plain socket: it sends `request` and keeps whatever arrives (until paused) and whether it closed. */
function rawClient(port: number, request: string) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  const client = { socket, text: '', closed: false };
  socket.setEncoding('utf8');
  socket.on('connect', () => socket.write(request));
  socket.on('data', (chunk: string) => (client.text += chunk));
  socket.on('error', () => undefined);
  socket.on('close', () => {
    client.closed = true;
  });
  return client;
}

function eventsIn(text: string): EventSourceMessage[] {
  const events: EventSourceMessage[] = [];
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  // The answer is chunked: the chunk sizes are lines of their own between the frames.
  const parser = createParser({ onEvent: (event) => events.push(event) });
  parser.feed(body.replace(/\r\n[0-9a-f]+\r\n/g, ''));
  return events;
}

describe('the number of streams', () => {
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer({ env: { SSE_STREAMS_PER_CLIENT: '2', SSE_STREAMS_MAX: '3', TRUST_PROXY: 'on' } });
  });
  afterAll(() => own.stop());

  const from = (address: string) => ({ 'X-Forwarded-For': address });
  const refusal = async (path: string, address: string) => {
    const response = await fetch(`${own.baseUrl}/sse${path}`, {
      headers: { Accept: 'text/event-stream', 'Accept-Language': 'en', ...from(address) },
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), json: await response.json() };
  };

  it('is at most SSE_STREAMS_PER_CLIENT per client address and SSE_STREAMS_MAX per instance; beyond, 429 with Retry-After', async () => {
    const dinner = await createPublicDinner(own);
    const first = [
      await openSse(own, dinnerEvents(dinner.adminId), from('10.0.0.1')),
      await openSse(own, messageJobs(dinner.adminId), from('10.0.0.1')),
    ];
    expect(first.map((s) => s.status)).toEqual([200, 200]);

    const third = await refusal(messageJobs(dinner.adminId), '10.0.0.1');
    expect(third).toEqual({
      status: 429,
      retryAfter: expect.stringMatching(/^\d+$/),
      json: { code: 'too_many_streams', message: expect.stringContaining('Too many live connections') },
    });

    const another = await openSse(own, dinnerEvents(dinner.adminId), from('10.0.0.2'));
    expect(another.status).toBe(200);
    expect((await refusal(dinnerEvents(dinner.adminId), '10.0.0.3')).status).toBe(429);

    // A stream that ends gives its place back.
    first[0].close();
    await waitUntil(() => own.deps.bus.subscriberCount() === 2);
    const again = await openSse(own, dinnerEvents(dinner.adminId), from('10.0.0.3'));
    expect(again.status).toBe(200);
    for (const stream of [first[1], another, again]) stream.close();
    await waitUntil(() => own.deps.bus.subscriberCount() === 0);
  });

  it('takes no place for a HEAD request, whose answer has no body to end', async () => {
    const dinner = await createPublicDinner(own);
    for (let i = 0; i < 5; i++) {
      const head = await fetch(`${own.baseUrl}/sse${messageJobs(dinner.adminId)}`, {
        method: 'HEAD',
        headers: from('10.0.0.4'),
      });
      expect(head.status).toBe(200);
    }
    expect(own.deps.bus.subscriberCount()).toBe(0);
    const streams = [
      await openSse(own, dinnerEvents(dinner.adminId), from('10.0.0.4')),
      await openSse(own, messageJobs(dinner.adminId), from('10.0.0.4')),
    ];
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    for (const stream of streams) stream.close();
    await waitUntil(() => own.deps.bus.subscriberCount() === 0);
  });
});

describe('an event for many streams', () => {
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer({ env: { SSE_STREAMS_PER_CLIENT: '100', SSE_STREAMS_MAX: '100' } });
  });
  afterAll(() => own.stop());

  it('is serialised once, not once per stream, and every stream gets it', async () => {
    const dinner = await createPublicDinner(own);
    const streams = await Promise.all(Array.from({ length: 30 }, () => openSse(own, messageJobs(dinner.adminId))));
    const marker = crypto.randomUUID();
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      own.deps.bus.publish(Topic.messageJobs(dinner.id), 'progress', { marker });
      await Promise.all(
        streams.map((stream) => stream.until((s) => s.events.some((event) => event.data.includes(marker)))),
      );
      // The event's data itself (an in-process bus hands it on; PostgreSQL's carries it in a notification first).
      const ofEvent = stringify.mock.calls.filter(([value]) => JSON.stringify.call(JSON, value)?.includes(marker));
      expect(ofEvent.length).toBeLessThanOrEqual(2);
    } finally {
      stringify.mockRestore();
      for (const stream of streams) stream.close();
    }
  });
});

describe('a client that does not read', () => {
  it('is dropped with its listener, and resuming with Last-Event-ID it gets every later event exactly once', async () => {
    const dinner = await createPublicDinner(server);
    const topic = Topic.messageJobs(dinner.id);
    const before = server.deps.bus.subscriberCount();
    const path = `/sse${messageJobs(dinner.adminId)}`;
    const slow = rawClient(
      Number(new URL(server.baseUrl).port),
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`,
    );
    await waitUntil(() => slow.text.includes('retry:'));
    await waitUntil(() => server.deps.bus.subscriberCount() === before + 1);
    slow.socket.pause();

    // 40 KB each: the socket buffers fill after some megabytes, then what waits for the client grows. A client that
    // reads paces the publishing: each batch has reached the streams before the next (PostgreSQL's bus is a round trip).
    const witness = await openSse(server, messageJobs(dinner.adminId));
    const padding = 'x'.repeat(40_000);
    let published = 0;
    while (server.deps.bus.subscriberCount() > before + 1 && published < 450) {
      for (let i = 0; i < 5; i++) server.deps.bus.publish(topic, 'progress', { n: ++published, padding });
      const last = published;
      await witness.until(
        (s) => s.events.length > 0 && JSON.parse(s.events[s.events.length - 1].data).n === last,
        15_000,
      );
    }
    await waitUntil(() => server.deps.bus.subscriberCount() === before + 1, 10_000);
    witness.close();
    expect(published).toBeLessThan(450);

    slow.socket.resume();
    await waitUntil(() => slow.closed, 10_000);
    const got = eventsIn(slow.text);
    expect(got.length).toBeLessThan(published);
    const resumed = await openSse(
      server,
      messageJobs(dinner.adminId),
      got.length > 0 ? { 'Last-Event-ID': got[got.length - 1].id as string } : {},
    );
    try {
      server.deps.bus.publish(topic, 'progress', { n: ++published, padding: '' });
      await resumed.until((s) => s.events.some((event) => JSON.parse(event.data).n === published), 15_000);
      await sleep(100);
      const numbers = [...got, ...resumed.events].map((event) => JSON.parse(event.data).n);
      expect(numbers).toEqual(Array.from({ length: published }, (_, i) => i + 1));
    } finally {
      resumed.close();
    }
  });
});

describe('a Last-Event-ID that is no id', () => {
  it('resumes nothing and logs nothing, also beyond what a number or PostgreSQL bigint holds', async () => {
    const dinner = await createPublicDinner(server);
    const errors = vi.spyOn(console, 'error');
    try {
      for (const bad of ['99999999999999999999999', '9007199254740993', '-1', '1e5', '0x10', ' ']) {
        const stream = await openSse(server, messageJobs(dinner.adminId), { 'Last-Event-ID': bad });
        expect(stream.status).toBe(200);
        server.deps.bus.publish(Topic.messageJobs(dinner.id), 'progress', { bad });
        await stream.until((s) => s.events.length === 1);
        expect(JSON.parse(stream.events[0].data)).toEqual({ bad });
        stream.close();
      }
      await sleep(200);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});

describe.runIf(onPostgres)('resumes on PostgreSQL', () => {
  it('read the stored events once for all the streams of a topic that resume at once', async () => {
    let reads = 0;
    const counter: KyselyPlugin = {
      transformQuery(args) {
        const node = args.node as { kind: string; from?: { froms: { table?: { identifier?: { name: string } } }[] } };
        if (node.kind === 'SelectQueryNode' && node.from?.froms.some((f) => f.table?.identifier?.name === 'bus_event'))
          reads++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const bus = await postgresEventBus(
      server.deps.db.withPlugin(counter),
      server.deps.config.databaseUrl as string,
      systemClock('Europe/Berlin'),
    );
    try {
      const topic = Topic.messageJobs(crypto.randomUUID());
      const heard: number[] = [];
      const witness = bus.subscribe(topic, () => heard.push(1));
      for (let n = 1; n <= 20; n++) bus.publish(topic, 'progress', { n });
      await waitUntil(() => heard.length === 20);
      witness();

      reads = 0;
      const resumers = Array.from({ length: 100 }, () => [] as number[]);
      const ends = resumers.map((got) => bus.subscribe(topic, (event) => got.push((event.data as { n: number }).n), 0));
      await waitUntil(() => resumers.every((got) => got.length === 20));
      expect(resumers.every((got) => got.join() === Array.from({ length: 20 }, (_, i) => i + 1).join())).toBe(true);
      expect(reads).toBeGreaterThan(0);
      expect(reads).toBeLessThanOrEqual(2);
      for (const end of ends) end();
    } finally {
      await bus.close();
    }
  });
});

describe('a request whose headers do not come', () => {
  it('loses its connection by the headers timeout (10 s), long before the request timeout (30 s), while a stream stays open', async () => {
    const dinner = await createPublicDinner(server);
    const stream = await openSse(server, dinnerEvents(dinner.adminId));
    const port = Number(new URL(server.baseUrl).port);
    const halfSent = rawClient(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const silent = rawClient(port, '');
    try {
      // Waited for up to 25 s, which a busy machine may need: Node's own headers timeout (60 s) would not close them
      // by then, nor the 30 s one of a whole request.
      await waitUntil(() => halfSent.closed && silent.closed, 25_000);
      expect(stream.ended()).toBe(false);
      server.deps.bus.publish(Topic.dinner(dinner.id), 'activity', { still: 'open' });
      await stream.until((s) => s.events.length === 1);
    } finally {
      stream.close();
      halfSent.socket.destroy();
      silent.socket.destroy();
    }
  }, 40_000);
});

describe('the start-up', () => {
  it('lowers SSE_STREAMS_MAX to what the descriptor limit holds beside everything else, and says so', () => {
    expect(streamsWithin(4000, 20_000)).toEqual({ max: 4000 });
    expect(streamsWithin(4000, null)).toEqual({ max: 4000 });
    const lowered = streamsWithin(4000, 1024);
    expect(lowered.max).toBe(512);
    expect(lowered.warning).toMatch(
      /^SSE_STREAMS_MAX=4000 does not fit in this process's limit of 1024 open files .* at most 512 live streams/,
    );
    expect(openFilesLimit()).toEqual(process.platform === 'linux' ? expect.any(Number) : null);
    expect(openFilesLimit('/nonexistent')).toBeNull();
  });
});
