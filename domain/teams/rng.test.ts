import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, newSeed } from './rng.js';

describe('createRng', () => {
  it('repeats its sequence for a seed, stays in range and shuffles without losing items', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.array(fc.integer(), { maxLength: 30 }),
        (seed, items) => {
          const [a, b] = [createRng(seed), createRng(seed)];
          const draws = Array.from({ length: 20 }, () => a.next());
          expect(Array.from({ length: 20 }, () => b.next())).toEqual(draws);
          expect(draws.every((x) => x >= 0 && x < 1)).toBe(true);
          expect(a.shuffle(items).sort()).toEqual([...items].sort());
          expect(createRng(seed).shuffle(items)).toEqual(createRng(seed).shuffle(items));
        },
      ),
    );
  });

  it('spreads its integers evenly', () => {
    const rng = createRng(123);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 40_000; i++) counts[rng.int(4)]++;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(400);
  });

  it('makes fresh storable seeds', () => {
    const seeds = Array.from({ length: 20 }, newSeed);
    expect(seeds.every((s) => Number.isInteger(s) && s >= 0 && s < 2 ** 31)).toBe(true);
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });
});
