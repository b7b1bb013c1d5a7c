/**
 * Counts events per key within a sliding window, in memory: `take` records one when the key is below its limit,
 * or answers how many seconds until the oldest counted event leaves the window.
 */
export class SlidingWindow {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** The seconds to wait when `key` is at its limit, else 0. */
  retryAfterSeconds(key: string, now: number): number {
    const recent = this.recent(key, now);
    return recent.length >= this.limit ? Math.max(1, Math.ceil((recent[0] + this.windowMs - now) / 1000)) : 0;
  }

  record(key: string, now: number): void {
    this.events.set(key, [...this.recent(key, now), now]);
  }

  /** Records one event for every key, or none when any key is at its limit; answers the longest wait then. */
  take(keys: readonly string[], now: number): number {
    const wait = Math.max(0, ...keys.map((key) => this.retryAfterSeconds(key, now)));
    if (wait === 0) for (const key of new Set(keys)) this.record(key, now);
    return wait;
  }

  private recent(key: string, now: number): number[] {
    const recent = (this.events.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (recent.length > 0) this.events.set(key, recent);
    else this.events.delete(key);
    return recent;
  }
}
