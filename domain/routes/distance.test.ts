import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMeters, isLocated } from './distance.js';

const position = fc.record({
  lat: fc.double({ min: -85, max: 85, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});

describe('distanceMeters', () => {
  it('measures known distances', () => {
    // Freiburg Hauptbahnhof to the Münster: about 840 m.
    expect(distanceMeters({ lat: 47.9977, lng: 7.8421 }, { lat: 47.9955, lng: 7.8529 })).toBeCloseTo(840, -1);
    // One degree of latitude: about 111.2 km.
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1);
  });

  it('is a metric: zero to itself, symmetric, and never longer than a detour', () => {
    fc.assert(
      fc.property(position, position, position, (a, b, c) => {
        expect(distanceMeters(a, a)).toBe(0);
        expect(distanceMeters(a, b)).toBeCloseTo(distanceMeters(b, a), 6);
        // Within 10 cm: rounding near antipodal points.
        expect(distanceMeters(a, c)).toBeLessThanOrEqual(distanceMeters(a, b) + distanceMeters(b, c) + 0.1);
      }),
    );
  });
});

describe('isLocated', () => {
  it('takes numbers only, and not -1', () => {
    expect(isLocated({ lat: 47.99, lng: 7.85 })).toBe(true);
    expect(isLocated({ lat: -1, lng: -1 })).toBe(false);
    expect(isLocated({ lat: null, lng: 7.85 })).toBe(false);
    expect(isLocated({ lat: Number.NaN, lng: 7.85 })).toBe(false);
    expect(isLocated(null)).toBe(false);
  });
});
