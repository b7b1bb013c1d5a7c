import { i18n } from '@lingui/core';

/** dd.MM.yyyy in German, the long English form otherwise; plain dates carry no zone, so format them as UTC. */
export function formatDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(i18n.locale === 'de' ? 'de-DE' : 'en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(y, m - 1, d));
}
