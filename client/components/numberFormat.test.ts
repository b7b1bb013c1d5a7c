import { describe, expect, it } from 'vitest';
import { formatAmount, formatDecimal, parseDecimal } from './numberFormat';

describe('numbers in the UI language', () => {
  it('reads what a German writes, and refuses the English way', () => {
    expect(parseDecimal('12,50', 'de')).toBe('12.50');
    expect(parseDecimal(' 1.250,5 ', 'de')).toBe('1250.5');
    expect(parseDecimal('12', 'de')).toBe('12');
    for (const text of ['12.50', '1,2,3', '12,5x', '', '12345.678', ',5']) expect(parseDecimal(text, 'de')).toBeNull();
  });

  it('reads what an English speaker writes, and refuses the German way', () => {
    expect(parseDecimal('12.50', 'en')).toBe('12.50');
    expect(parseDecimal('1,250.5', 'en')).toBe('1250.5');
    for (const text of ['12,50', '1.2.3']) expect(parseDecimal(text, 'en')).toBeNull();
  });

  it('shows numbers and money as the language writes them, and reads back what it shows', () => {
    expect(formatDecimal(12.5, 2, 'de')).toBe('12,50');
    expect(formatDecimal(1250, 2, 'en')).toBe('1250.00');
    expect(formatAmount(1250, 'EUR', 'de')).toBe('12,50\u00a0€');
    expect(formatAmount(1250, 'EUR', 'en')).toBe('€12.50');
    for (const locale of ['de', 'en']) expect(parseDecimal(formatDecimal(9999.99, 2, locale), locale)).toBe('9999.99');
  });
});
