/**
 * At most `ratePerSecond` takes per second on average, with bursts of up to `capacity`: tokens refill
 * continuously, and a caller learns how long to wait for the next one instead of sleeping per take.
 */
export class TokenBucket {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly capacity: number,
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    this.tokens = capacity;
    this.refilledAt = nowMs();
  }

  /** Whole tokens that may be taken now. */
  available(): number {
    this.refill();
    return Math.floor(this.tokens);
  }

  take(count: number): void {
    this.refill();
    this.tokens -= count;
  }

  /** Milliseconds until the next whole token (0 when one is there). */
  msUntilNext(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) * 1000) / this.ratePerSecond);
  }

  private refill(): void {
    const now = this.nowMs();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.refilledAt) * this.ratePerSecond) / 1000);
    this.refilledAt = now;
  }
}
