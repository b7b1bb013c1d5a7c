import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cheapestRegularBipartite } from './bipartite-flow.js';

/** The cheapest b-regular simple bipartite graph by trying every one (row by row, b columns each). */
function bruteForce(m: number, b: number, costs: Float64Array): number {
  const columnDegree = new Array<number>(m).fill(0);
  let best = Number.POSITIVE_INFINITY;
  const row = (i: number, sum: number) => {
    if (sum >= best) return;
    if (i === m) {
      best = sum;
      return;
    }
    const pick = (from: number, left: number, rowSum: number) => {
      if (left === 0) {
        // A column can still reach degree b only if enough rows remain.
        for (let j = 0; j < m; j++) if (columnDegree[j] + (m - 1 - i) < b) return;
        row(i + 1, sum + rowSum);
        return;
      }
      for (let j = from; j <= m - left; j++) {
        if (columnDegree[j] === b) continue;
        columnDegree[j]++;
        pick(j + 1, left - 1, rowSum + costs[i * m + j]);
        columnDegree[j]--;
      }
    };
    pick(0, b, 0);
  };
  row(0, 0);
  return best;
}

const instance = fc.record({
  m: fc.integer({ min: 2, max: 6 }),
  b: fc.integer({ min: 1, max: 3 }),
  seed: fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 36, maxLength: 36 }),
});

describe('cheapestRegularBipartite', () => {
  it('finds the cheapest b-regular simple bipartite graph, and its bound equals it (small instances, every graph tried)', () => {
    fc.assert(
      fc.property(instance, ({ m, b, seed }) => {
        fc.pre(b <= m);
        const costs = Float64Array.from({ length: m * m }, (_, k) => seed[k]);
        const result = cheapestRegularBipartite(m, b, costs, 1);
        const optimum = bruteForce(m, b, costs);
        expect(result.exact).toBe(true);
        expect(result.cost).toBeCloseTo(optimum, 6);
        expect(result.bound).toBeCloseTo(optimum, 6);
        // The edges form a simple b-regular graph of that cost.
        const seen = new Set<number>();
        const degreeLeft = new Array<number>(m).fill(0);
        const degreeRight = new Array<number>(m).fill(0);
        let cost = 0;
        for (let k = 0; k < result.edges.length; k += 2) {
          const [i, j] = [result.edges[k], result.edges[k + 1]];
          seen.add(i * m + j);
          degreeLeft[i]++;
          degreeRight[j]++;
          cost += costs[i * m + j];
        }
        expect(seen.size).toBe(b * m);
        expect([...degreeLeft, ...degreeRight].every((d) => d === b)).toBe(true);
        expect(cost).toBeCloseTo(optimum, 6);
      }),
      { numRuns: 150 },
    );
  });

  it('stays a valid bound on larger instances with few candidate edges, and is exact after pricing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 60 }), fc.constantFrom(2, 3), fc.integer(), (m, b, seed) => {
        let state = seed >>> 0;
        const random = () => {
          state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
          return state / 2 ** 32;
        };
        const points = Array.from({ length: 2 * m }, () => [random() * 1000, random() * 1000]);
        const costs = new Float64Array(m * m);
        for (let i = 0; i < m; i++)
          for (let j = 0; j < m; j++)
            costs[i * m + j] = Math.hypot(points[i][0] - points[m + j][0], points[i][1] - points[m + j][1]);
        const sparse = cheapestRegularBipartite(m, b, costs, 3);
        const dense = cheapestRegularBipartite(m, b, costs, m);
        expect(dense.exact).toBe(true);
        expect(sparse.bound).toBeLessThanOrEqual(dense.cost + 1e-6);
        expect(sparse.exact).toBe(true);
        expect(sparse.cost).toBeCloseTo(dense.cost, 6);
      }),
      { numRuns: 40 },
    );
  });
});
