import { expect, it } from 'vitest';
import { startChildServer } from '../support/child-server.js';
import { createDinner } from '../support/factories.js';
import { openSse, waitUntil } from '../support/sse-client.js';

// A live stream never ends by itself: SIGTERM ends it instead of waiting the request grace (4 s) for it.

it('SIGTERM ends open event streams with a final event and exits without waiting for them', async () => {
  const server = await startChildServer();
  try {
    const { runningDinner } = await createDinner(server);
    const streams = [
      await openSse(server, `/runningdinnerservice/v1/runningdinner/${runningDinner.adminId}/events`),
      await openSse(server, `/messageservice/v1/runningdinner/${runningDinner.adminId}/messagejobs`),
    ];
    expect(streams.map((s) => s.status)).toEqual([200, 200]);

    server.child.kill('SIGTERM');
    const code = await server.exited;
    // Not left for the stop's grace: said when it cuts off what is still open after it.
    expect(server.output()).not.toContain('were cut off');
    expect(code).toBe(0);
    await waitUntil(() => streams.every((s) => s.ended()), 30_000);
    // Each stream's last event says it closes, so a browser reconnects instead of waiting for a heartbeat.
    expect(streams.map((s) => s.events.at(-1)?.event)).toEqual(['closing', 'closing']);
  } finally {
    await server.stop();
  }
});
