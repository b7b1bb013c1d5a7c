/** Whole cents as money in the reader's language: 2500 → "25,00 €" (de), "€25.00" (en). */
export function formatAmount(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/** Whole cents as the form's price field wants them: '.' as the decimal separator, two decimals (1250 → "12.50"). */
export const priceText = (cents: number): string => (cents / 100).toFixed(2);
