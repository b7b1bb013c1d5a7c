import { describe, expect, it, vi } from 'vitest';
import { writeTransaction } from '../../db/transaction.js';
import { ActivityType, recordActivity } from '../../server/features/live/activities.service.js';
import { Topic } from '../../server/lib/event-bus.js';
import { registrationForm } from '../support/factories.js';
import { activate, createPublicDinner, register } from '../support/registration.js';
import { openSse, received, type SseClient, waitUntil } from '../support/sse-client.js';
import { startTestServer } from '../support/test-server.js';
import { useTestServer } from '../support/use-test-server.js';

// Issue 11, acceptance 5: the live streams resume without gaps or repeats, leave no listener behind, keep an idle
// connection alive and show nobody another event's stream.

const server = useTestServer();

const dinnerEvents = (adminId: string) => `/runningdinnerservice/v1/runningdinner/${adminId}/events`;
const messageJobs = (adminId: string) => `/messageservice/v1/runningdinner/${adminId}/messagejobs`;

function publishProgress(runningDinnerId: string, sent: number) {
  server.deps.bus.publish(Topic.messageJobs(runningDinnerId), 'progress', { messageJobId: 'job', sent });
}

const sentCounts = (client: SseClient) => received(client).map((event) => event.data.sent);

describe('the dinner stream', () => {
  it('shows a registration, its activity and its confirmation as they happen', async () => {
    const dinner = await createPublicDinner(server);
    const stream = await openSse(server, dinnerEvents(dinner.adminId));
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('cache-control')).toBe('no-store');
      expect(stream.headers.get('x-accel-buffering')).toBe('no');

      expect((await register(server, dinner, registrationForm())).status).toBe(200);
      await stream.until((s) => s.events.length === 2);
      const [registered] = received(stream).filter((event) => event.type === 'participants');
      const [activity] = received(stream).filter((event) => event.type === 'activity');
      expect(registered).toEqual({
        type: 'participants',
        data: { change: 'REGISTERED', participantIds: [expect.any(String)] },
      });
      expect(activity).toEqual({
        type: 'activity',
        data: { activityId: expect.any(String), type: 'PARTICIPANT_SUBSCRIBED' },
      });

      const [participantId] = registered.data.participantIds;
      expect((await activate(server, dinner, participantId)).status).toBe(200);
      await stream.until((s) => s.events.length === 3);
      expect(received(stream)[2]).toEqual({
        type: 'participants',
        data: { change: 'CONFIRMED', participantIds: [participantId] },
      });
    } finally {
      stream.close();
    }
  });

  it('announces nothing of a change that was rolled back', async () => {
    const dinner = await createPublicDinner(server);
    const stream = await openSse(server, dinnerEvents(dinner.adminId));
    try {
      const failing = writeTransaction(server.deps.db, async (trx) => {
        await recordActivity(server.deps, trx, dinner.id, ActivityType.customAdminChange, 'ORGANIZER', new Date());
        throw new Error('rolled back');
      });
      await expect(failing).rejects.toThrow('rolled back');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stream.events).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it("carries only its own event's news", async () => {
    const [mine, other] = [await createPublicDinner(server), await createPublicDinner(server)];
    const stream = await openSse(server, dinnerEvents(mine.adminId));
    try {
      expect((await register(server, other, registrationForm())).status).toBe(200);
      expect((await register(server, mine, registrationForm())).status).toBe(200);
      await stream.until((s) => s.events.length === 2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stream.events).toHaveLength(2);
    } finally {
      stream.close();
    }
  });
});

describe('resuming with Last-Event-ID', () => {
  it('gives a client that dropped after event N every later event exactly once', async () => {
    const dinner = await createPublicDinner(server);
    const first = await openSse(server, messageJobs(dinner.adminId));
    for (let sent = 1; sent <= 5; sent++) publishProgress(dinner.id, sent);
    await first.until((s) => s.events.length === 5);
    first.close();
    const lastSeen = first.events[2].id as string;

    for (let sent = 6; sent <= 8; sent++) publishProgress(dinner.id, sent);
    const resumed = await openSse(server, messageJobs(dinner.adminId), { 'Last-Event-ID': lastSeen });
    try {
      for (let sent = 9; sent <= 10; sent++) publishProgress(dinner.id, sent);
      await resumed.until((s) => s.events.length >= 7);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(sentCounts(resumed)).toEqual([4, 5, 6, 7, 8, 9, 10]);
      expect(resumed.events.map((event) => event.event)).toEqual(Array(7).fill('progress'));
      const ids = resumed.events.map((event) => Number(event.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids[0]).toBeGreaterThan(Number(lastSeen));
    } finally {
      resumed.close();
    }
  });

  it('replays nothing for a Last-Event-ID that is not a number', async () => {
    const dinner = await createPublicDinner(server);
    // Event 1 is delivered before the stream under test opens: on PostgreSQL a publish reaches listeners a moment later.
    const witness = await openSse(server, messageJobs(dinner.adminId));
    publishProgress(dinner.id, 1);
    await witness.until((s) => s.events.length === 1);
    witness.close();
    const stream = await openSse(server, messageJobs(dinner.adminId), { 'Last-Event-ID': 'gestern' });
    try {
      publishProgress(dinner.id, 2);
      await stream.until((s) => s.events.length === 1);
      expect(sentCounts(stream)).toEqual([2]);
    } finally {
      stream.close();
    }
  });
});

describe('listeners', () => {
  it('are all gone after 20 clients opened and closed their streams', async () => {
    const dinner = await createPublicDinner(server);
    const before = server.deps.bus.subscriberCount();
    const streams = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        openSse(server, i % 2 ? dinnerEvents(dinner.adminId) : messageJobs(dinner.adminId)),
      ),
    );
    expect(streams.map((s) => s.status)).toEqual(Array(20).fill(200));
    await waitUntil(() => server.deps.bus.subscriberCount() === before + 20);

    for (const stream of streams) stream.close();
    await waitUntil(() => server.deps.bus.subscriberCount() === before);
  });
});

describe('a wrong adminId', () => {
  it("is the same 404 as everywhere, also the event's public id and an unknown one", async () => {
    const dinner = await createPublicDinner(server);
    const unknown = '2b1b5d3e-8f1a-4c57-9d0e-6f1c2a3b4c5d';
    for (const path of [dinnerEvents, messageJobs]) {
      for (const adminId of [dinner.publicDinnerId, unknown, 'nicht-einmal-eine-uuid']) {
        const response = await fetch(`${server.baseUrl}/sse${path(adminId)}`, { headers: { 'Accept-Language': 'en' } });
        expect(response.status).toBe(404);
        expect(await response.json()).toMatchObject({ code: 'not_found' });
      }
    }
    expect(server.deps.bus.subscriberCount()).toBe(0);
  });
});

describe('a server of its own', () => {
  // Each stream here is left open for the server to end: an aborted fetch makes Node's client open a spare
  // connection, which a stopping server waits for until its request grace has passed.

  it('sends a heartbeat every SSE_HEARTBEAT_SECONDS on an idle stream', async () => {
    const own = await startTestServer({ env: { SSE_HEARTBEAT_SECONDS: '1' } });
    try {
      const dinner = await createPublicDinner(own);
      const stream = await openSse(own, dinnerEvents(dinner.adminId));
      // Two beats of one second; the default 15 s would bring none in this time, also on a busy machine.
      await stream.until((s) => s.comments.length >= 2, 10_000);
      expect(stream.events).toEqual([]);
    } finally {
      await own.stop();
    }
  });

  it('ends the open streams when it stops, without waiting for them', async () => {
    const own = await startTestServer();
    const dinner = await createPublicDinner(own);
    const streams = [await openSse(own, dinnerEvents(dinner.adminId)), await openSse(own, messageJobs(dinner.adminId))];
    const warn = vi.spyOn(console, 'warn');
    await own.stop();
    // Not left for the stop's grace: said when it cuts off what is still open after it.
    expect(warn.mock.calls.flat().join('\n')).not.toContain('were cut off');
    warn.mockRestore();
    await waitUntil(() => streams.every((s) => s.ended()), 30_000);
  });
});
