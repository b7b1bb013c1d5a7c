import { vi } from 'vitest';

/**
 * Polls `probe` until it answers something truthy, and answers that (vitest's waitUntil); fails naming `what` after
 * `timeoutMs`, generous because a loaded machine runs many servers at once and only a failure waits it out.
 */
export async function until<T>(
  probe: () => T | Promise<T>,
  what = 'the condition',
  timeoutMs = 30_000,
): Promise<Exclude<T, undefined | null | false>> {
  try {
    return (await vi.waitUntil(probe, { timeout: timeoutMs, interval: 50 })) as Exclude<T, undefined | null | false>;
  } catch (error) {
    throw new Error(`gave up waiting for ${what} after ${timeoutMs} ms`, { cause: error });
  }
}
