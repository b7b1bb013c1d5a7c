import { afterEach, describe, expect, it, vi } from 'vitest';
import { type WakeLoop, wakeLoop } from './wake-loop.js';

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the wake loop', () => {
  let loop: WakeLoop | undefined;
  afterEach(() => loop?.stop());

  it('runs one pass at a time, and a wake during a pass runs exactly one more after it', async () => {
    let passes = 0;
    let concurrent = 0;
    let most = 0;
    let release: () => void = () => {};
    loop = wakeLoop({
      pass: async () => {
        passes++;
        most = Math.max(most, ++concurrent);
        await new Promise<void>((resolve) => (release = resolve));
        concurrent--;
      },
      pollMs: 60_000,
      now: () => new Date(),
      onError: () => {},
    });
    loop.start();
    loop.wake();
    loop.wake();
    expect(passes).toBe(1);
    release();
    await tick();
    expect(passes).toBe(2);
    release();
    await tick();
    expect(passes).toBe(2);
    expect(most).toBe(1);
  });

  it('sleeps until the next row is due, at most pollMs, and wakes no more once stopped', async () => {
    const woken: number[] = [];
    const started = Date.now();
    loop = wakeLoop({
      pass: async () => void woken.push(Date.now() - started),
      pollMs: 40,
      now: () => new Date(),
      onError: () => {},
    });
    loop.start();
    await tick();
    const slept = Date.now() - started;
    loop.sleepUntil(new Date(Date.now() + 10_000));
    await vi.waitFor(() => expect(woken.length).toBe(2), { timeout: 5_000 });
    expect(woken[1] - slept).toBeGreaterThanOrEqual(39);
    await loop.stop();
    loop.wake();
    loop.sleep(0);
    await tick(20);
    expect(woken.length).toBe(2);
  });

  it('hands a failed pass to onError, except after a stop', async () => {
    const errors: unknown[] = [];
    loop = wakeLoop({
      pass: async () => {
        throw new Error('boom');
      },
      pollMs: 60_000,
      now: () => new Date(),
      onError: (error) => errors.push(error),
    });
    loop.start();
    await tick();
    expect(errors.map(String)).toEqual(['Error: boom']);
  });
});
