import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invalidZipRestrictions, zipAllowed } from './zip-restrictions.js';

const zip5 = fc.integer({ min: 10000, max: 99999 }).map(String);

describe('zip restrictions', () => {
  it('lists exactly the invalid entries of a comma list', () => {
    expect(invalidZipRestrictions('79100-79115, 79117, abc, 123, 79120-79110, 7910-79111')).toEqual([
      'abc',
      '123',
      '79120-79110',
      '7910-79111',
    ]);
  });

  it('accepts an empty list and lets every zip through it', () => {
    expect(invalidZipRestrictions(' , ')).toEqual([]);
    expect(zipAllowed('', '12345')).toBe(true);
  });

  it('allows a zip exactly when it lies inside one of the ranges or equals one of the codes', () => {
    fc.assert(
      fc.property(zip5, zip5, zip5, zip5, (a, b, single, candidate) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const restrictions = `${from}-${to}, ${single}`;
        expect(invalidZipRestrictions(restrictions)).toEqual([]);
        const inside = (candidate >= from && candidate <= to) || candidate === single;
        expect(zipAllowed(restrictions, candidate)).toBe(inside);
      }),
    );
  });
});
