import { i18n } from '@lingui/core';

// Numbers as the UI language writes them (`locale`): shown with Intl, and read back from what a person types in
// that language. The wire keeps '.' as the decimal separator.

/** Whole cents as money: 2500 → "25,00 €" (de), "€25.00" (en). */
export const formatAmount = (cents: number, currency: string, locale = i18n.locale): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);

/** A number with a fixed number of decimals and no grouping, as a form field shows it: 12.5 → "12,50" (de). */
export const formatDecimal = (value: number, fractionDigits: number, locale = i18n.locale): string =>
  new Intl.NumberFormat(locale, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    useGrouping: false,
  }).format(value);

const separatorsOf = (locale: string) => {
  const parts = new Intl.NumberFormat(locale).formatToParts(11111.1);
  const of = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { group: of('group'), decimal: of('decimal') };
};

/**
 * What a person typed as a decimal in the UI language, as the wire's decimal text: "1.250,5" (de) → "1250.5".
 * The group separator counts only between groups of three digits, so "12.50" in German is no number (null)
 * rather than 1250; anything else that is not a plain decimal is null too.
 */
export function parseDecimal(text: string, locale = i18n.locale): string | null {
  const { group, decimal } = separatorsOf(locale);
  const [whole, fraction, ...more] = text.trim().split(decimal);
  if (more.length > 0 || (fraction !== undefined && !/^\d+$/.test(fraction))) return null;
  const grouped = whole.split(group);
  const isGrouped =
    grouped.length > 1 && /^-?\d{1,3}$/.test(grouped[0]) && grouped.slice(1).every((g) => /^\d{3}$/.test(g));
  const digits = isGrouped ? grouped.join('') : whole;
  if (!/^-?\d+$/.test(digits)) return null;
  return fraction === undefined ? digits : `${digits}.${fraction}`;
}
