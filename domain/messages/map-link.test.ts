import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapLink } from './map-link.js';

describe('mapLink', () => {
  it('marks the position when it is known, rounded to a metre', () => {
    expect(mapLink({ lat: 47.99481234, lng: 7.85441234 }, 'Konviktstraße 12, 79098 Freiburg')).toBe(
      'https://www.openstreetmap.org/?mlat=47.99481&mlon=7.85441#map=18/47.99481/7.85441',
    );
  });

  it('searches the address without a position, whatever the address holds', () => {
    expect(mapLink(null, 'Konviktstraße 12, 79098 Freiburg')).toBe(
      'https://www.openstreetmap.org/search?query=Konviktstra%C3%9Fe%2012%2C%2079098%20Freiburg',
    );
    fc.assert(
      fc.property(fc.string(), (address) => {
        const link = new URL(mapLink({ lat: null, lng: null }, address));
        expect(link.searchParams.get('query')).toBe(address);
      }),
    );
  });
});
