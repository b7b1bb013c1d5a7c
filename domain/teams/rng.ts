/** A seeded pseudo-random source: the same seed gives the same sequence, so a plan can be replayed. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, bound). */
  int(bound: number): number;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

/** mulberry32: tiny, fast and good enough to shuffle teams. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (bound: number) => Math.floor(next() * bound);
  const shuffle = <T>(items: readonly T[]) => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
  return { next, int, shuffle };
}

/** A fresh seed for a new plan (a non-negative 31-bit integer, storable in any integer column). */
export function newSeed(): number {
  // Web Crypto: the same in Node and the browser, so domain/ stays isomorphic.
  return crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;
}
