import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SPREAD, type ScreenPoint, spreadMarkers } from './spread-markers.js';

const GAP = 36;
const point = fc.record({
  x: fc.double({ min: -400, max: 400, noNaN: true }),
  y: fc.double({ min: -400, max: 400, noNaN: true }),
});
const distance = (a: ScreenPoint, b: ScreenPoint) => Math.hypot(a.x - b.x, a.y - b.y);
const jitter = fc.record({
  x: fc.double({ min: -3, max: 3, noNaN: true }),
  y: fc.double({ min: -3, max: 3, noNaN: true }),
});
/** Places far apart, each with up to MAX_SPREAD markers at (nearly) it, as one address or a party next door makes them. */
const crowded = fc
  .array(fc.array(jitter, { minLength: 1, maxLength: MAX_SPREAD }), { minLength: 1, maxLength: 8 })
  .map((spots) => spots.flatMap((jitters, s) => jitters.map((j) => ({ x: s * 1000 + j.x, y: j.y }))));
/** The radius of a ring of k markers, neighbours GAP apart. */
const ring = (k: number) => GAP / (2 * Math.sin(Math.PI / k));

describe('spreadMarkers', () => {
  it('leaves no two markers closer than the gap where up to MAX_SPREAD stand at one place', () => {
    fc.assert(
      fc.property(crowded, (points) => {
        const spread = spreadMarkers(points, GAP);
        expect(spread).toHaveLength(points.length);
        for (let i = 0; i < spread.length; i++)
          for (let j = i + 1; j < spread.length; j++)
            expect(distance(spread[i], spread[j])).toBeGreaterThan(GAP - 1e-3);
      }),
    );
  });

  it('moves nothing when no two markers overlap', () => {
    fc.assert(
      fc.property(fc.array(point, { maxLength: 30 }), (points) => {
        fc.pre(points.every((p, i) => points.every((q, j) => i === j || distance(p, q) >= GAP)));
        expect(spreadMarkers(points, GAP)).toEqual(points);
      }),
    );
  });

  it('puts markers at one place around it in their order, clockwise from the top, close to where they were', () => {
    fc.assert(
      fc.property(point, fc.integer({ min: 2, max: MAX_SPREAD }), (at, count) => {
        const spread = spreadMarkers(
          Array.from({ length: count }, () => at),
          GAP,
        );
        // On the smallest circle that keeps neighbours a gap apart, the first at the top, the next clockwise (y grows
        // downwards on a screen): no marker wanders off, and each keeps its place in the order.
        const radius = ring(count);
        spread.forEach((p, m) => {
          const angle = -Math.PI / 2 + (2 * Math.PI * m) / count;
          expect(p.x).toBeCloseTo(at.x + radius * Math.cos(angle), 6);
          expect(p.y).toBeCloseTo(at.y + radius * Math.sin(angle), 6);
        });
      }),
    );
  });

  it('spreads a crowd of more than MAX_SPREAD at one place in rings no larger than MAX_SPREAD markers make', () => {
    fc.assert(
      fc.property(point, fc.integer({ min: MAX_SPREAD + 1, max: 60 }), (at, count) => {
        const spread = spreadMarkers(
          Array.from({ length: count }, () => at),
          GAP,
        );
        expect(spread).toHaveLength(count);
        for (const p of spread) expect(distance(p, at)).toBeLessThanOrEqual(ring(MAX_SPREAD) + 1e-6);
      }),
    );
  });

  it('comes to an end for 300 markers crowded into one spot (a city seen from afar)', () => {
    const points = Array.from({ length: 300 }, (_, i) => ({ x: (i * 7) % 50, y: (i * 13) % 50 }));
    expect(spreadMarkers(points, GAP)).toHaveLength(300);
  });
});
