import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addHours,
  atTime,
  compareDateTimes,
  dateFromParts,
  dateTimeFromParts,
  daysBetween,
  isLocalDate,
  shiftByDateChange,
} from './local-dates.js';

const date = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('local dates', () => {
  it('reads the array wire forms', () => {
    expect(dateFromParts([2026, 12, 24])).toBe('2026-12-24');
    expect(dateTimeFromParts([2026, 12, 24, 19, 5, 0])).toBe('2026-12-24T19:05');
  });

  it('rejects calendar dates that do not exist', () => {
    expect(isLocalDate('2026-02-30')).toBe(false);
    expect(isLocalDate('2028-02-29')).toBe(true);
  });

  it('crosses midnight when two hours are added to a late meal', () => {
    expect(addHours('2026-12-24T23:00', 2)).toBe('2026-12-25T01:00');
  });

  it('moves a time by a date change and keeps its time of day, across any two dates', () => {
    fc.assert(
      fc.property(
        date,
        date,
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (from, to, hour, minute) => {
          const shifted = shiftByDateChange(atTime(from, hour, minute), from, to);
          expect(shifted).toBe(atTime(to, hour, minute));
          expect(daysBetween(from, addDays(from, daysBetween(from, to)))).toBe(daysBetween(from, to));
        },
      ),
    );
  });

  it('keeps meals in order when each starts two hours after the previous', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 0, max: 23 }), (day, hour) => {
        const first = atTime(day, hour);
        expect(compareDateTimes(addHours(first, 2), first)).toBe(1);
      }),
    );
  });
});
