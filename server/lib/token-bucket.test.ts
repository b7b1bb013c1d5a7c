import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.js';

describe('the token bucket', () => {
  it('allows a burst of its capacity, then refills at its rate', () => {
    let now = 0;
    const bucket = new TokenBucket(10, 2, () => now);
    expect(bucket.available()).toBe(2);
    bucket.take(2);
    expect(bucket.available()).toBe(0);
    expect(bucket.msUntilNext()).toBe(100);
    now = 50;
    expect(bucket.msUntilNext()).toBe(50);
    now = 100;
    expect(bucket.available()).toBe(1);
    now = 10_000;
    expect(bucket.available()).toBe(2);
  });
});
